//! For tests and benchmarks only: the private PostgreSQL cluster `scripts/session.sh
//! --postgres` starts (its administrator's URL in KYB_TEST_DATABASE_URL), and fresh
//! databases on it. Without a cluster a test is skipped, unless KYB_EXPECT_POSTGRES=1
//! (as `make test` sets it) makes that a failure.

use sqlx::Connection;

/// The session cluster's administrator URL, or `None` (the caller skips) without one.
pub fn session_cluster() -> Option<String> {
    let Ok(admin) = std::env::var("KYB_TEST_DATABASE_URL") else {
        assert!(
            std::env::var_os("KYB_EXPECT_POSTGRES").is_none(),
            "KYB_EXPECT_POSTGRES is set but there is no KYB_TEST_DATABASE_URL"
        );
        eprintln!("skipped: no PostgreSQL session (run through `make test`)");
        return None;
    };
    Some(admin)
}

/// `url` with another database (and user, when given).
pub fn with_database(url: &str, database: &str, user: Option<&str>) -> String {
    let (base, query) = url.split_once('?').unwrap_or((url, ""));
    let base = base.rsplit_once('/').map_or(base, |(head, _)| head);
    let base = match user.and_then(|user| base.split_once("://").map(|parts| (user, parts))) {
        Some((user, (scheme, rest))) => {
            let host = rest.rsplit_once('@').map_or(rest, |(_, host)| host);
            format!("{scheme}://{user}@{host}")
        }
        None => base.to_owned(),
    };
    format!("{base}/{database}?{query}")
}

/// A database named `name` on the session's cluster, made afresh (an old one of that
/// name is dropped), owned by `owner` (the administrator when none); its URL, or
/// `None` without a cluster.
pub async fn fresh_database(name: &str, owner: Option<&str>) -> Option<String> {
    let admin = session_cluster()?;
    let mut connection = sqlx::PgConnection::connect(&admin)
        .await
        .expect("the session's cluster answers");
    let owner_clause = owner.map(|o| format!(" OWNER {o}")).unwrap_or_default();
    for statement in [
        format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"),
        format!("CREATE DATABASE {name}{owner_clause}"),
    ] {
        sqlx::query(&statement)
            .execute(&mut connection)
            .await
            .expect("a database of the caller's own");
    }
    Some(with_database(&admin, name, owner))
}

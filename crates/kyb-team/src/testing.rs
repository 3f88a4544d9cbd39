//! For tests and benchmarks only: the private PostgreSQL cluster `scripts/session.sh
//! --postgres` starts (password authentication; its superuser's URL in
//! KYB_TEST_DATABASE_URL), and teams set up on it exactly as the README tells a
//! company: a database owned by an owner role, the schema migrated by that owner, and
//! a login per member. Without a cluster a test is skipped, unless
//! KYB_EXPECT_POSTGRES=1 (as `make test` sets it) makes that a failure.

use sqlx::Connection;
use sqlx::postgres::PgConnectOptions;

use crate::{Role, Team, setup};

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

/// A random suffix of 8 hexadecimal digits: role names are the cluster's, so every
/// test's are its own.
fn suffix() -> String {
    let mut bytes = [0u8; 4];
    ring::rand::SecureRandom::fill(&ring::rand::SystemRandom::new(), &mut bytes)
        .expect("the system's random");
    crate::checkpoint::hex(&bytes)
}

/// A team's database on the session's cluster, set up as the README says.
pub struct TestTeam {
    /// The database's name (also the prefix of its roles).
    pub database: String,
    /// The superuser's options, on the team's database.
    pub admin: PgConnectOptions,
    /// The owner's options (the set-up's steps 2 and 3).
    pub owner: PgConnectOptions,
    /// Appended to every login of this team (logins are the cluster's).
    pub tag: String,
    /// The workspace the team works in.
    pub workspace: String,
}

/// A workspace of the tests.
pub const WORKSPACE: &str = "0b5f2c1e-0000-4000-8000-000000000001";

impl TestTeam {
    /// A fresh database named after `prefix`, its roles and schema, in [`WORKSPACE`];
    /// `None` (skipped) without a cluster.
    pub async fn new(prefix: &str) -> Option<Self> {
        let url = session_cluster()?;
        let tag = suffix();
        let database = format!("{prefix}_{tag}");
        let admin: PgConnectOptions = url.parse().expect("the session's URL");
        let owner_name = format!("{database}_owner");
        let owner_password = format!("owner-{}", suffix());
        setup::prepare(&admin, &database, &owner_name, Some(&owner_password))
            .await
            .expect("the set-up's first step");
        let owner = admin
            .clone()
            .database(&database)
            .username(&owner_name)
            .password(&owner_password);
        setup::migrate(&owner).await.expect("the owner migrates");
        Some(Self {
            admin: admin.database(&database),
            database,
            owner,
            tag,
            workspace: WORKSPACE.to_owned(),
        })
    }

    /// The login of `who` in this team (`ana` → `ana.<tag>`).
    pub fn login(&self, who: &str) -> String {
        format!("{who}.{}", self.tag)
    }

    /// Options to connect as `login` with `password`.
    pub fn options(&self, login: &str, password: &str) -> PgConnectOptions {
        self.owner.clone().username(login).password(password)
    }

    /// Signs in as `login` with its one-time password, replaced by a strong one as a
    /// desk does; the member's desk, and the password it now has.
    pub async fn sign_in(&self, login: &str, one_time: &str) -> (Team, String) {
        let first = Team::connect(self.options(login, one_time), &self.workspace)
            .await
            .expect("signs in with the one-time password");
        assert!(
            first.me().must_change,
            "a one-time password is to be changed"
        );
        let password = format!("chosen-{}-{}", suffix(), suffix());
        first.change_password(&password).await.expect("changes it");
        first.close().await;
        let team = Team::connect(self.options(login, &password), &self.workspace)
            .await
            .expect("signs in with the new password");
        (team, password)
    }

    /// The workspace's first supervisor (the set-up's step 3), signed in.
    pub async fn supervisor(&self, who: &str) -> Team {
        let login = self.login(who);
        let one_time = setup::first_supervisor(
            &self.owner,
            &self.workspace,
            &login,
            &format!("{who}@kybdesk.mx"),
            false,
        )
        .await
        .expect("the first supervisor")
        .expect("a one-time password");
        self.sign_in(&login, &one_time).await.0
    }

    /// A member `who` with `role`, added by the supervisor `boss`, signed in.
    pub async fn member(&self, boss: &Team, who: &str, role: Role) -> Team {
        self.member_with_password(boss, who, role).await.0
    }

    /// As [`TestTeam::member`], with the member's password.
    pub async fn member_with_password(&self, boss: &Team, who: &str, role: Role) -> (Team, String) {
        let login = self.login(who);
        let one_time = boss
            .add_member(&login, &format!("{who}@kybdesk.mx"), role, false)
            .await
            .expect("the supervisor adds the member")
            .expect("a one-time password");
        self.sign_in(&login, &one_time).await
    }

    /// A raw connection as `login` with `password`: what a member can do by hand
    /// with the same rights (psql, a script).
    pub async fn by_hand(&self, login: &str, password: &str) -> sqlx::PgConnection {
        sqlx::PgConnection::connect_with(&self.options(login, password))
            .await
            .expect("a member's own connection")
    }

    /// A connection as the owner (what only the set-up holds).
    pub async fn as_owner(&self) -> sqlx::PgConnection {
        sqlx::PgConnection::connect_with(&self.owner)
            .await
            .expect("the owner's connection")
    }

    /// A connection as the cluster's superuser, in the team's database.
    pub async fn as_superuser(&self) -> sqlx::PgConnection {
        sqlx::PgConnection::connect_with(&self.admin)
            .await
            .expect("the superuser's connection")
    }
}

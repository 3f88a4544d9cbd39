//! The team's queue on a real PostgreSQL: the private cluster `scripts/session.sh
//! --postgres` starts (its address in KYB_TEST_DATABASE_URL). Each test has a database
//! of its own. Without a cluster the tests say they were skipped, unless
//! KYB_EXPECT_POSTGRES=1 (as `make test` sets it) makes that a failure.

use std::collections::BTreeSet;

use kyb_team::Team;
use sqlx::Connection;

/// A fresh database on the session's cluster, or `None` (skipped) without one.
async fn database() -> Option<String> {
    let Ok(admin) = std::env::var("KYB_TEST_DATABASE_URL") else {
        assert!(
            std::env::var_os("KYB_EXPECT_POSTGRES").is_none(),
            "KYB_EXPECT_POSTGRES is set but there is no KYB_TEST_DATABASE_URL"
        );
        eprintln!("skipped: no PostgreSQL session (run through `make test`)");
        return None;
    };
    let name = format!("kyb_team_{}", uuid::Uuid::new_v4().simple());
    let mut connection = sqlx::PgConnection::connect(&admin)
        .await
        .expect("the session's cluster answers");
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut connection)
        .await
        .expect("a database of the test's own");
    let (base, query) = admin.split_once('?').unwrap_or((&admin, ""));
    let base = base.rsplit_once('/').map_or(base, |(head, _)| head);
    Some(format!("{base}/{name}?{query}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_hundred_desks_taking_next_at_once_get_every_file_exactly_once() {
    let Some(url) = database().await else { return };
    // Two desks, each with its own pool, on one database; the first runs the migrations
    // and the second finds them done.
    let (first, second) = (
        Team::connect(&url).await.expect("first desk"),
        Team::connect(&url).await.expect("second desk"),
    );
    for n in 0..100 {
        let rfc = format!("AAA0101{n:02}AA1");
        assert!(
            first
                .follow("ws", "flujo", &rfc, "Pendiente")
                .await
                .expect("followed")
        );
    }
    assert!(
        !second
            .follow("ws", "flujo", "AAA010100AA1", "Pendiente")
            .await
            .expect("known")
    );
    // A file of another workspace is never handed out here.
    first
        .follow("otro", "flujo", "ZZZ990101ZZ9", "Pendiente")
        .await
        .expect("followed");

    let takers: Vec<_> = (0..100)
        .map(|n| {
            let desk = if n % 2 == 0 {
                first.clone()
            } else {
                second.clone()
            };
            tokio::spawn(async move {
                desk.take_next("ws", &format!("analista{n}@kybdesk.mx"))
                    .await
            })
        })
        .collect();
    let mut taken = BTreeSet::new();
    for taker in takers {
        let file = taker
            .await
            .expect("the task ends")
            .expect("the query answers")
            .expect("a file for each of the hundred");
        assert!(
            taken.insert(file.rfc.clone()),
            "{} handed out twice",
            file.rfc
        );
        assert!(file.assignee.is_some());
    }
    assert_eq!(taken.len(), 100);
    assert_eq!(
        first
            .take_next("ws", "tarde@kybdesk.mx")
            .await
            .expect("answers"),
        None
    );
    let waiting = first.files("otro").await.expect("listed");
    assert_eq!(
        waiting[0].assignee, None,
        "the other workspace's file waits"
    );
}

#[tokio::test]
async fn take_next_hands_out_the_file_that_has_waited_longest() {
    let Some(url) = database().await else { return };
    let desk = Team::connect(&url).await.expect("desk");
    desk.follow("ws", "flujo", "BBB020202BB2", "En Revisión")
        .await
        .expect("followed");
    desk.follow("ws", "flujo", "AAA010101AA1", "Pendiente")
        .await
        .expect("followed");
    let next = desk
        .take_next("ws", "ana@kybdesk.mx")
        .await
        .expect("answers")
        .expect("one");
    assert_eq!(
        (next.rfc.as_str(), next.status.as_str()),
        ("BBB020202BB2", "En Revisión")
    );
    assert_eq!(next.assignee.as_deref(), Some("ana@kybdesk.mx"));
    let after = desk
        .take_next("ws", "luis@kybdesk.mx")
        .await
        .expect("answers")
        .expect("one");
    assert_eq!(after.rfc, "AAA010101AA1");
}

//! A team on a primary PostgreSQL with a synchronous streaming standby, its desks
//! connected through the address IT switches (a TCP proxy on loopback standing for a
//! managed database's endpoint). The primary is killed, the standby promoted and the
//! address switched: the desks come back on their own, what each had been told was
//! written is there, a write whose answer was lost to the failover is asked again with
//! its key and is there once, and the trail's chain is whole. docs/OPERATIONS.md, "When
//! the database fails over": what IT configures for this.

use std::time::Duration;

use kyb_team::testing::{PrivateCluster, SwitchProxy, TestTeam};
use kyb_team::{Role, Team, TeamResult};
use sqlx::Connection;
use sqlx::postgres::PgConnectOptions;

const NEW_FILE: &str = "POST /expedientes/nuevo";

/// Asks `write` again (as a desk does with a keyed write) until it is answered, for up
/// to 30 s.
async fn until_answered<T, F, Fut>(mut write: F) -> T
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = TeamResult<T>>,
{
    let started = std::time::Instant::now();
    loop {
        match write().await {
            Ok(value) => return value,
            Err(error) => {
                assert!(
                    started.elapsed() < Duration::from_secs(30),
                    "never answered after the failover: {error:?}"
                );
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
    }
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn the_desks_come_back_on_their_own_after_a_failover_with_nothing_lost_or_twice() {
    // A commit is acknowledged once the standby has it (IT's setting for no loss).
    let mut primary = PrivateCluster::start_with(&["synchronous_standby_names=*"]);
    let mut standby = PrivateCluster::standby_of(&primary);
    let t = TestTeam::on(&primary.url(), "kyb_failover").await;
    let (boss, jefa_pw) = t.supervisor_with_password("jefa").await;
    let (_, ana_pw) = t.member_with_password(&boss, "ana", Role::Analyst).await;
    kyb_team::testing::know_files(&boss, &["doc-1"]).await;
    let proxy = SwitchProxy::start(primary.socket()).await;
    let through = |who: &str, password: &str| {
        PgConnectOptions::new()
            .host("127.0.0.1")
            .port(proxy.port())
            .database(&t.database)
            .username(&t.login(who))
            .password(password)
    };
    let ana = Team::connect(through("ana", &ana_pw), &t.workspace)
        .await
        .expect("Ana's desk, through the address");
    let jefa = Team::connect(through("jefa", &jefa_pw), &t.workspace)
        .await
        .expect("Jefa's desk, through the address");

    // Before: notes and calls, each answered.
    for n in 0..10 {
        ana.add_note_keyed(
            "doc-1",
            &format!("nota {n}"),
            &uuid::Uuid::new_v4().to_string(),
        )
        .await
        .expect("noted");
    }
    for n in 0..5 {
        let (intent, _) = jefa
            .intent_keyed(
                NEW_FILE,
                &format!("RFC-{n}"),
                "alta",
                &uuid::Uuid::new_v4().to_string(),
            )
            .await
            .expect("intent");
        jefa.outcome(intent, true, None, None, false)
            .await
            .expect("outcome");
    }

    // A note on its way as the primary dies: its answer may be lost.
    let in_flight = uuid::Uuid::new_v4().to_string();
    let racing = {
        let ana = ana.clone();
        let key = in_flight.clone();
        tokio::spawn(async move { ana.add_note_keyed("doc-1", "en vuelo", &key).await })
    };
    primary.stop();
    let _ = racing.await;
    let mut root = sqlx::PgConnection::connect_with(
        &standby
            .url()
            .parse::<PgConnectOptions>()
            .expect("the standby's URL"),
    )
    .await
    .expect("the standby's administrator");
    let promoted: bool = sqlx::query_scalar("SELECT pg_promote(true, 60)")
        .fetch_one(&mut root)
        .await
        .expect("promoted");
    assert!(promoted);
    proxy.switch_to(standby.socket());

    // After: the same desks, on their own, ask again what they were not answered.
    until_answered(|| ana.add_note_keyed("doc-1", "en vuelo", &in_flight)).await;
    until_answered(|| {
        ana.add_note_keyed("doc-1", "después", "0b5f2c1e-0000-4000-8000-0000000000aa")
    })
    .await;
    let key = uuid::Uuid::new_v4().to_string();
    let (intent, _) = until_answered(|| jefa.intent_keyed(NEW_FILE, "RFC-9", "alta", &key)).await;
    until_answered(|| jefa.outcome(intent, true, None, None, false)).await;

    // Nothing lost, nothing twice, the chain whole.
    let notes = ana.notes("doc-1").await.expect("read");
    let bodies: Vec<&str> = notes.iter().map(|n| n.body.as_str()).collect();
    assert_eq!(notes.len(), 12, "{bodies:?}");
    for n in 0..10 {
        assert!(bodies.contains(&format!("nota {n}").as_str()), "{bodies:?}");
    }
    assert_eq!(bodies.iter().filter(|b| **b == "en vuelo").count(), 1);
    let chain = jefa.verify_chain().await.expect("verified");
    assert!(chain.breaks.is_empty(), "{:?}", chain.breaks);
    assert!(chain.open_intents.is_empty(), "{:?}", chain.open_intents);
    let calls = jefa
        .trail(100)
        .await
        .expect("trail")
        .into_iter()
        .filter(|e| e.operation == NEW_FILE)
        .count();
    assert_eq!(calls, 2 * 6, "each call's intent and outcome once");
    standby.stop();
}

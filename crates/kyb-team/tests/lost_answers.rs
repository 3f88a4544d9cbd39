//! Writes whose commit happened and whose answer was lost on the way back (a proxy drops
//! it on purpose, `kyb_team::testing::LossyProxy`): asked again with the desk's key,
//! the database answers with what the first one wrote, and writes nothing twice.

mod common;

use std::path::Path;

use common::floor;
use kyb_team::Team;
use kyb_team::testing::LossyProxy;

const NEW_FILE: &str = "POST /expedientes/nuevo";

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_note_or_an_intent_whose_answer_was_lost_is_written_once_when_asked_again() {
    let f = floor("kyb_lost").await;
    kyb_team::testing::know_files(&f.boss, &["doc-1"]).await;
    let socket = std::env::var("PGHOST").expect("the session's socket folder");
    let proxy = LossyProxy::start(Path::new(&socket), f.t.owner.get_port());
    let beto = Team::connect(
        f.t.options(&f.t.login("beto"), &f.beto_pw)
            .socket(proxy.host()),
        &f.t.workspace,
    )
    .await
    .expect("Beto's desk, through the proxy");

    // A note: written, its answer lost, pressed again with the same key.
    let key = uuid::Uuid::new_v4().to_string();
    proxy.lose_answer_to("Llamé al cliente, perdida");
    let lost = beto
        .add_note_keyed("doc-1", "Llamé al cliente, perdida", &key)
        .await;
    assert!(lost.is_err(), "the answer never came: {lost:?}");
    assert!(!proxy.armed());
    let again = beto
        .add_note_keyed("doc-1", "Llamé al cliente, perdida", &key)
        .await
        .expect("asked again");
    let notes = f.ana.notes("doc-1").await.expect("read");
    assert_eq!(notes.len(), 1, "one note, not two: {notes:?}");
    assert_eq!(notes[0].id, again.id);
    // Another key is another note; the same key from another member is theirs.
    beto.add_note_keyed(
        "doc-1",
        "Llamé al cliente, perdida",
        &uuid::Uuid::new_v4().to_string(),
    )
    .await
    .expect("a second note");
    f.ana
        .add_note_keyed("doc-1", "la mía", &key)
        .await
        .expect("Ana's own");
    assert_eq!(f.ana.notes("doc-1").await.expect("read").len(), 3);

    // An intent: written, its answer lost; asked again, the same intent.
    let key = uuid::Uuid::new_v4().to_string();
    proxy.lose_answer_to("RFC-PERDIDO");
    assert!(
        beto.intent_keyed(NEW_FILE, "RFC-PERDIDO", "alta", &key)
            .await
            .is_err()
    );
    let open = beto.my_open_calls().await.expect("read");
    assert_eq!(open.len(), 1, "{open:?}");
    assert_eq!(open[0].key.as_deref(), Some(key.as_str()));
    let (seq, _) = beto
        .intent_keyed(NEW_FILE, "RFC-PERDIDO", "alta", &key)
        .await
        .expect("asked again");
    assert_eq!(seq, open[0].seq);
    assert_eq!(beto.my_open_calls().await.expect("read").len(), 1);
    // A key that is no UUID is refused.
    assert!(matches!(
        beto.intent_keyed(NEW_FILE, "RFC-2", "alta", "no-es-clave")
            .await,
        Err(kyb_team::TeamError::BadText)
    ));
}

/// A desk's slow outcome write and its later retry at once (the trail's head held a
/// moment by someone else): one outcome is written, the other told the intent ended.
#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn two_outcomes_of_one_intent_at_once_write_one() {
    let f = floor("kyb_twice").await;
    let (intent, _) = f
        .beto
        .intent(NEW_FILE, "RFC-1", "alta")
        .await
        .expect("intent");
    let mut hand = f.ana_by_hand().await;
    let mut held = sqlx::Connection::begin(&mut hand).await.expect("begin");
    sqlx::query("SELECT team_intent($1, $2, 'RFC-2', 'retenida')")
        .bind(&f.t.workspace)
        .bind(NEW_FILE)
        .execute(&mut *held)
        .await
        .expect("the head held");
    let first = tokio::spawn({
        let beto = f.beto.clone();
        async move { beto.outcome(intent, true, None, None, false).await }
    });
    let second = tokio::spawn({
        let beto = f.beto.clone();
        async move { beto.outcome(intent, true, None, None, true).await }
    });
    // Both wait (on the head, or on the first) before the head is let go.
    let mut root = f.t.as_superuser().await;
    let started = std::time::Instant::now();
    loop {
        let waiting: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM pg_stat_activity WHERE usename = $1 AND wait_event_type = 'Lock'",
        )
        .bind(f.beto.member())
        .fetch_one(&mut root)
        .await
        .expect("read");
        if waiting == 2 {
            break;
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(10),
            "both wait"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    held.rollback().await.expect("let go");
    let answers = [first.await.expect("ran"), second.await.expect("ran")];
    let written = answers.iter().filter(|a| a.is_ok()).count();
    let ended = answers
        .iter()
        .filter(|a| matches!(a, Err(kyb_team::TeamError::NoOpenIntent)))
        .count();
    assert_eq!((written, ended), (1, 1), "{answers:?}");
    let completions = f
        .boss
        .trail(50)
        .await
        .expect("trail")
        .into_iter()
        .filter(|e| e.completes == Some(intent))
        .count();
    assert_eq!(completions, 1);
}

/// A key is the answer only for what it was made for: another call or another note
/// under a key used is refused, not answered with the first.
#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_key_answers_only_for_what_it_was_made_for() {
    let f = floor("kyb_replay").await;
    kyb_team::testing::know_files(&f.boss, &["doc-1", "doc-2"]).await;
    let key = uuid::Uuid::new_v4().to_string();
    f.beto
        .intent_keyed(NEW_FILE, "RFC-1", "alta", &key)
        .await
        .expect("intent");
    assert!(matches!(
        f.beto
            .intent_keyed(NEW_FILE, "RFC-OTRO", "alta", &key)
            .await,
        Err(kyb_team::TeamError::BadText)
    ));
    let key = uuid::Uuid::new_v4().to_string();
    f.beto
        .add_note_keyed("doc-1", "una nota", &key)
        .await
        .expect("noted");
    for (document, body) in [("doc-2", "una nota"), ("doc-1", "otra nota")] {
        assert!(matches!(
            f.beto.add_note_keyed(document, body, &key).await,
            Err(kyb_team::TeamError::BadText)
        ));
    }
}

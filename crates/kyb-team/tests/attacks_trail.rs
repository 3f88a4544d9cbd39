//! Attacks on the team's database, made by a member with their own login and
//! password: through their desk (`Team`), and by hand with the same rights (psql, a
//! script: `TestTeam::by_hand`). What the database prevents is refused; what only the
//! cluster's superuser can still do is found by the chain and the signed checkpoints.
//! This file: the trail, its head's lock, the migrations, the queue's rows.

mod common;

use std::time::{Duration, Instant};

use common::{NEW_FILE, calls_written, denied, floor, takes_the_head};
use kyb_team::{CheckpointKey, Role, Team, TeamBreak, TeamError};
use sqlx::Connection;

// The trail.

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn the_trail_names_the_member_who_signed_in_whatever_their_desk_says() {
    let f = floor("kyb_forge").await;
    let (ws, jefa) = (f.t.workspace.clone(), f.t.login("jefa"));
    let mut hand = f.beto_by_hand().await;
    // The function that writes an entry with a member's name is not the members'.
    denied(
        &mut hand,
        &format!(
            "SELECT team_append_in('{ws}', '{NEW_FILE}', 'RFC-1', 'alta', true, NULL, NULL, NULL)"
        ),
    )
    .await;
    denied(
        &mut hand,
        &format!("SELECT team_event('{ws}', 'role-set', 'x', 'y')"),
    )
    .await;
    // Nor can Beto become the supervisor for the session, or shadow a table.
    denied(&mut hand, &format!("SET ROLE \"{jefa}\"")).await;
    denied(&mut hand, &format!("SET SESSION AUTHORIZATION \"{jefa}\"")).await;
    denied(&mut hand, "CREATE TEMP TABLE team_member (login text)").await;
    denied(&mut hand, "CREATE TABLE public.team_shadow (login text)").await;
    // What he writes names him, whatever the text claims.
    let (seq,): (i64,) = sqlx::query_as("SELECT seq FROM team_intent($1, $2, $3, $4)")
        .bind(&ws)
        .bind(NEW_FILE)
        .bind("RFC-1")
        .bind(format!("alta hecha por {jefa}"))
        .fetch_one(&mut hand)
        .await
        .unwrap();
    let entry = f.boss.trail(1).await.unwrap().pop().unwrap();
    assert_eq!((entry.seq, entry.member), (seq, f.t.login("beto")));
    assert!(f.boss.verify_chain().await.unwrap().breaks.is_empty());
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_member_cannot_delete_rewrite_regrant_unprotect_or_drop_the_trail() {
    let f = floor("kyb_erase").await;
    calls_written(&f.beto, 4).await;
    let before = f.boss.verify_chain().await.unwrap();
    assert!(before.breaks.is_empty());
    let group = format!("{}_member", f.t.database);
    let mut hand = f.ana_by_hand().await;
    for statement in [
        "DELETE FROM team_audit WHERE seq > 6".to_owned(),
        "UPDATE team_audit SET summary = 'nada', hash = 'x' WHERE seq = 5".to_owned(),
        "TRUNCATE team_audit".to_owned(),
        "INSERT INTO team_audit (workspace_id, seq, at_utc, member, operation, target, summary, ok, prev_hash, hash) \
         VALUES ('w', 99, 'x', 'x', 'x', 'x', 'x', true, 'x', 'x')"
            .to_owned(),
        "UPDATE team_audit_head SET seq = 2".to_owned(),
        "DELETE FROM team_audit_v".to_owned(),
        "UPDATE team_head_v SET seq = 2".to_owned(),
        format!("GRANT UPDATE, DELETE, TRUNCATE ON team_audit TO \"{group}\""),
        "ALTER TABLE team_audit DISABLE TRIGGER ALL".to_owned(),
        "DROP TRIGGER team_audit_no_change ON team_audit".to_owned(),
        "ALTER TABLE team_audit NO FORCE ROW LEVEL SECURITY".to_owned(),
        "DROP TABLE team_audit".to_owned(),
        "DROP VIEW team_audit_v".to_owned(),
        "CREATE OR REPLACE FUNCTION team_entry_hash(text, bigint, text, text, text, text, text, boolean, text, text, bigint, text) \
         RETURNS text LANGUAGE sql AS $$ SELECT 'x' $$"
            .to_owned(),
    ] {
        denied(&mut hand, &statement).await;
    }
    let after = f.boss.verify_chain().await.unwrap();
    assert_eq!((after.entries, after.breaks), (before.entries, vec![]));
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_superusers_consistent_rewrite_of_the_trail_is_caught_by_the_signed_checkpoint() {
    let f = floor("kyb_rehash").await;
    calls_written(&f.beto, 4).await;
    let (key, _) = CheckpointKey::generate().unwrap();
    let checkpoint = f.boss.sign_checkpoint(&key).await.unwrap();
    assert_eq!(checkpoint.seq, 11, "3 members added, 8 entries");
    assert!(checkpoint.signature_holds(&f.t.workspace));
    let clean = f.ana.verify_chain().await.unwrap();
    assert_eq!((clean.checkpoints, clean.breaks), (1, vec![]));

    // The cluster's superuser removes two entries, renumbers and rehashes the rest, and
    // moves the head: the chain alone is consistent again (8 became 6, as in the review).
    let ws = &f.t.workspace;
    let mut superuser = f.t.as_superuser().await;
    sqlx::raw_sql(&format!(
        "SET session_replication_role = replica;
         DO $$
         DECLARE r record; prev text := repeat('0', 64); n bigint := 0; h text;
         BEGIN
             DELETE FROM team_audit WHERE workspace_id = '{ws}' AND seq IN (6, 7);
             FOR r IN SELECT * FROM team_audit WHERE workspace_id = '{ws}' ORDER BY seq LOOP
                 n := n + 1;
                 h := team_entry_hash(r.workspace_id, n, r.at_utc, r.member, r.operation, r.target,
                                      r.summary, r.ok, r.code, r.message, r.completes, prev);
                 UPDATE team_audit SET seq = n, prev_hash = prev, hash = h
                     WHERE workspace_id = r.workspace_id AND seq = r.seq;
                 prev := h;
             END LOOP;
             UPDATE team_audit_head SET seq = n, hash = prev WHERE workspace_id = '{ws}';
         END $$;"
    ))
    .execute(&mut superuser)
    .await
    .unwrap();

    let chain = f.ana.verify_chain().await.unwrap();
    assert_eq!(chain.entries, clean.entries - 2);
    assert_eq!(
        chain.breaks,
        [TeamBreak::Checkpoint {
            seq: 11,
            signer: f.t.login("jefa"),
            signature_holds: true,
        }],
        "only the supervisor's signature finds the rewrite"
    );
    assert_eq!(chain.checkpoints, 0);
    // The checkpoint the supervisor exported finds it too, even if the rows go.
    assert_ne!(
        f.ana.hash_at(checkpoint.seq).await.unwrap(),
        Some(checkpoint.hash)
    );
}

// No member can stop the others.

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_member_holding_the_trails_head_delays_the_others_no_longer_than_the_limit() {
    let f = floor("kyb_freeze").await;
    kyb_team::testing::know_files(&f.boss, &["doc-1", "doc-2"]).await;
    let mut hand = f.beto_by_hand().await;
    denied(&mut hand, "SELECT * FROM team_head_v FOR UPDATE").await;
    let mut locking = hand.begin().await.unwrap();
    denied(&mut locking, "LOCK TABLE team_audit_head").await;
    locking.rollback().await.unwrap();
    // A bystander's long transaction that holds nothing the others wait on.
    let mut bystander = f.t.by_hand(f.boss.member(), &f.boss_pw).await;
    limits_off(&mut bystander).await;
    let mut open = bystander.begin().await.unwrap();
    sqlx::query("SELECT team_add_note($1, 'doc-2', 'a medias')")
        .bind(&f.t.workspace)
        .execute(&mut *open)
        .await
        .unwrap();
    // What a member can do: turn their session's limits off, call a function in a
    // transaction of their own, and keep it.
    limits_off(&mut hand).await;
    let mut held = hand.begin().await.unwrap();
    takes_the_head(&f.t.workspace, &mut held).await;
    // What does not touch the trail goes on meanwhile.
    f.ana.add_note("doc-1", "sigo trabajando").await.unwrap();
    // An intent waits for the head, and the holder's transaction is ended once it has
    // held it past the limit (5 s): the intent is written, not refused.
    ends_at_the_limit(&f, &mut held).await;
    // Only the holder: the bystander's transaction, as old, goes on.
    sqlx::query("SELECT 1").execute(&mut *open).await.unwrap();
    open.commit().await.unwrap();
    // The claim is taken, and its change is in the trail.
    let claim = f.ana.claim("doc-1", kyb_team::LEASE, false).await.unwrap();
    assert_eq!(claim.member, f.t.login("ana"));
    let trail = f.ana.file_trail("doc-1").await.unwrap();
    assert!(
        trail
            .iter()
            .any(|e| e.operation == "team: claimed" && e.summary.ends_with(&f.t.login("ana"))),
        "{trail:?}"
    );
}

/// The same holder, with the head taken inside a subtransaction of their own (a
/// savepoint around the call, released): the head's row then names a subtransaction
/// whose id PostgreSQL no longer holds a lock on. The holder is found by the mark
/// their transaction took with the head, and ended at the limit all the same.
#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_member_holding_the_trails_head_from_a_savepoint_is_ended_at_the_limit_too() {
    let f = floor("kyb_freeze_savepoint").await;
    let mut hand = f.beto_by_hand().await;
    limits_off(&mut hand).await;
    let mut held = hand.begin().await.unwrap();
    sqlx::raw_sql("SAVEPOINT mine")
        .execute(&mut *held)
        .await
        .unwrap();
    takes_the_head(&f.t.workspace, &mut held).await;
    sqlx::raw_sql("RELEASE SAVEPOINT mine")
        .execute(&mut *held)
        .await
        .unwrap();
    assert_eq!(
        holders_of_the_heads_id(&f).await,
        0,
        "the case this test is about"
    );
    ends_at_the_limit(&f, &mut held).await;
}

/// The same, with the head taken by a step of the member's own append that had to
/// wait (each step a subtransaction), then kept: what a member's psql does without
/// any savepoint, when another desk held the head a moment.
#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_member_whose_own_append_waited_and_who_then_holds_the_head_is_ended_at_the_limit() {
    let f = floor("kyb_freeze_waited").await;
    let mut hand = f.beto_by_hand().await;
    limits_off(&mut hand).await;
    // Ana's own psql holds the head a moment.
    let mut ana_hand = f.ana_by_hand().await;
    let mut moment = ana_hand.begin().await.unwrap();
    takes_the_head(&f.t.workspace, &mut moment).await;
    // Beto's append, in a transaction he keeps, waits for it; once he waits, Ana
    // lets go.
    let beto_login = f.t.login("beto");
    let mut watch = f.t.as_superuser().await;
    let waits = async {
        sqlx::raw_sql("BEGIN").execute(&mut hand).await.unwrap();
        takes_the_head(&f.t.workspace, &mut hand).await;
    };
    let lets_go = async {
        waits_for_a_lock(&mut watch, &beto_login).await;
        moment.commit().await.unwrap();
    };
    tokio::join!(waits, lets_go);
    assert_eq!(
        holders_of_the_heads_id(&f).await,
        0,
        "the case this test is about"
    );
    ends_at_the_limit(&f, &mut hand).await;
}

/// A supervisor's change that took the workspace's row and then waits for the trail's
/// head, which a member holds: she stops the others only because he stops her. Another
/// supervisor's change that waits for the workspace's row past the limit ends him, the
/// session at the end of the wait, never her; both changes go through.
#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_supervisor_who_only_waits_for_a_holder_is_not_the_one_ended() {
    let f = floor("kyb_freeze_chain").await;
    let ws = f.t.workspace.clone();
    let (ana, beto) = (f.t.login("ana"), f.t.login("beto"));
    let mut watch = f.t.as_superuser().await;
    // Jefa by hand holds the workspace's row a moment, so that Ana's change, which waits
    // for it, is older than what Beto will hold.
    let mut jefa_hand = f.t.by_hand(&f.t.login("jefa"), &f.boss_pw).await;
    let mut moment = jefa_hand.begin().await.unwrap();
    sqlx::query("SELECT team_add_member($1, $2, 'xavi@empresa.mx', 'analyst')")
        .bind(&ws)
        .bind(f.t.login("xavi"))
        .execute(&mut *moment)
        .await
        .unwrap();
    let mut hand = f.beto_by_hand().await;
    limits_off(&mut hand).await;
    let anas_change = async {
        f.ana
            .add_member(&f.t.login("sara"), "sara@empresa.mx", Role::Analyst, false)
            .await
    };
    let the_rest = async {
        waits_for_a_lock(&mut watch, &ana).await;
        // Her change is 2 s old when Beto asks for the head (Jefa's moment holds it
        // too), and keeps it once Jefa lets go.
        tokio::time::sleep(Duration::from_secs(2)).await;
        let betos_take = async {
            sqlx::raw_sql("BEGIN").execute(&mut hand).await.unwrap();
            takes_the_head(&ws, &mut hand).await;
        };
        let lets_go = async {
            waits_for_a_lock(&mut watch, &beto).await;
            moment.commit().await.unwrap();
        };
        tokio::join!(betos_take, lets_go);
        // Ana has the workspace's row and waits for the head; Jefa's change waits for
        // the workspace's row.
        f.boss
            .add_member(&f.t.login("sami"), "sami@empresa.mx", Role::Analyst, false)
            .await
    };
    let (anas, jefas) = tokio::join!(anas_change, the_rest);
    anas.expect("Ana's change went through: she was not ended");
    jefas.expect("Jefa's change went through");
    assert!(
        sqlx::query("SELECT 1").execute(&mut hand).await.is_err(),
        "Beto, who held the head, was ended"
    );
    let members: Vec<String> = f
        .boss
        .members()
        .await
        .unwrap()
        .into_iter()
        .map(|m| m.login)
        .collect();
    for who in ["sara", "sami"] {
        assert!(members.contains(&f.t.login(who)), "{who}: {members:?}");
    }
}

/// Until `login` has a session waiting for a lock.
async fn waits_for_a_lock(watch: &mut sqlx::PgConnection, login: &str) {
    while !sqlx::query_scalar::<_, bool>(
        "SELECT EXISTS (SELECT 1 FROM pg_stat_activity
                        WHERE usename = $1 AND wait_event_type = 'Lock')",
    )
    .bind(login)
    .fetch_one(&mut *watch)
    .await
    .unwrap()
    {}
}

/// A transaction takes the workspace's row before the trail's head, never after: Ana,
/// a supervisor, holding the head with her own psql and then asking for a change of the
/// workspace is refused at once. Let through, she would wait in a circle with a change
/// that holds the row and waits for the head (each waiting in steps, which PostgreSQL's
/// deadlock check does not see), and her waits would count as no hold.
#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_holder_of_the_trails_head_cannot_then_take_the_workspaces_row() {
    let f = floor("kyb_freeze_order").await;
    let ws = f.t.workspace.clone();
    let mut hand = f.ana_by_hand().await;
    limits_off(&mut hand).await;
    let change = "SELECT team_set_desk_version_needed($1, '1.2.3')";
    sqlx::raw_sql("BEGIN").execute(&mut hand).await.unwrap();
    takes_the_head(&ws, &mut hand).await;
    let refused = sqlx::query(change)
        .bind(&ws)
        .execute(&mut hand)
        .await
        .expect_err("the row after the head");
    assert_eq!(common::refusal(&refused).0, "55000", "{refused}");
    sqlx::raw_sql("ROLLBACK").execute(&mut hand).await.unwrap();
    // The same change, in a transaction of its own, goes through.
    sqlx::query(change)
        .bind(&ws)
        .execute(&mut hand)
        .await
        .unwrap();
}

/// A holder that waits again and again for another row shields its hold with those
/// waits for two whole waits at most. Beto, with his own psql, holds this workspace's
/// head and then asks, in a loop that catches each refusal, for the head of another
/// workspace he belongs to, which a session the limit never ends holds (the cluster's
/// superuser's). A waiter's look with a limit of 1 s (two whole waits: 8 s) ends him
/// then, not before.
#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_holder_who_waits_again_and_again_for_another_row_is_ended_after_two_waits() {
    let f = floor("kyb_freeze_rewait").await;
    let ws = f.t.workspace.clone();
    let other = common::other_workspace(&f.t, "0b5f2c1e-0000-4000-8000-0000000000fe");
    other.supervisor("zoe").await;
    let beto = f.t.login("beto");
    f.t.as_superuser_run(&[&format!(
        "INSERT INTO team_member (workspace_id, email, role, login)
         VALUES ('{}', 'beto@otra.mx', 'analyst', '{beto}')",
        other.workspace
    )])
    .await;
    let mut superuser = f.t.as_superuser().await;
    let mut others_head = superuser.begin().await.unwrap();
    sqlx::query("SELECT 1 FROM team_audit_head WHERE workspace_id = $1 FOR UPDATE")
        .bind(&other.workspace)
        .execute(&mut *others_head)
        .await
        .unwrap();
    let mut hand = f.beto_by_hand().await;
    limits_off(&mut hand).await;
    sqlx::raw_sql("BEGIN").execute(&mut hand).await.unwrap();
    takes_the_head(&ws, &mut hand).await;
    let held = Instant::now();
    let waits_again_and_again = format!(
        "DO $$ BEGIN LOOP
             BEGIN
                 PERFORM team_intent('{}', '{NEW_FILE}', 'RFC-9', 'espera');
             EXCEPTION WHEN lock_not_available THEN NULL;
             END;
         END LOOP; END $$",
        other.workspace
    );
    let waits = sqlx::raw_sql(&waits_again_and_again).execute(&mut hand);
    let looks = async {
        let mut owner = f.t.as_owner().await;
        loop {
            let ended: bool = sqlx::query_scalar(
                "SELECT team_admin.team_end_holder(NULL, interval '1 second', 'team_audit_head', $1)",
            )
            .bind(&ws)
            .fetch_one(&mut owner)
            .await
            .unwrap();
            if ended {
                return held.elapsed();
            }
            assert!(held.elapsed() < Duration::from_secs(30), "never ended");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    };
    let (waited, ended_after) = tokio::join!(waits, looks);
    assert!(waited.is_err(), "his session was ended");
    assert!(
        ended_after >= Duration::from_secs(8),
        "his waits counted for two whole waits: {ended_after:?}"
    );
    others_head.rollback().await.unwrap();
}

/// A waiter looks for the holder again and again in one transaction: each look sees the
/// sessions as they are then. A session whose earlier transaction was old, and which
/// now holds the head in a new one, is not ended for the old one's age.
#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_waiter_judges_a_holder_by_its_transaction_now_not_at_its_first_look() {
    let f = floor("kyb_freeze_fresh").await;
    let ws = f.t.workspace.clone();
    let limit = "interval '1 second'";
    let mut hand = f.ana_by_hand().await;
    let mut old = hand.begin().await.unwrap();
    sqlx::query("SELECT 1").execute(&mut *old).await.unwrap();
    // The waiter's first look, in its transaction, sees Ana's transaction.
    let mut owner = f.t.as_owner().await;
    let mut waiter = owner.begin().await.unwrap();
    let look = format!("SELECT team_admin.team_end_holder(NULL, {limit}, 'team_audit_head', $1)");
    let ended: bool = sqlx::query_scalar(&look)
        .bind(&ws)
        .fetch_one(&mut *waiter)
        .await
        .unwrap();
    assert!(!ended, "nobody holds the head yet");
    // Past the limit, Ana's old transaction ends, and a new one takes the head.
    tokio::time::sleep(Duration::from_millis(1200)).await;
    old.commit().await.unwrap();
    let mut new = hand.begin().await.unwrap();
    takes_the_head(&ws, &mut new).await;
    let ended: bool = sqlx::query_scalar(&look)
        .bind(&ws)
        .fetch_one(&mut *waiter)
        .await
        .unwrap();
    assert!(!ended, "her new transaction is younger than the limit");
    new.commit().await.expect("her session goes on");
}

/// How many sessions hold the lock on the id the trail's head names (its xmax).
async fn holders_of_the_heads_id(f: &common::Floor) -> i64 {
    let mut superuser = f.t.as_superuser().await;
    sqlx::query_scalar(
        "SELECT count(*) FROM pg_locks l, team_audit_head h
         WHERE h.workspace_id = $1 AND l.locktype = 'transactionid' AND l.granted
           AND l.transactionid = h.xmax",
    )
    .bind(&f.t.workspace)
    .fetch_one(&mut superuser)
    .await
    .unwrap()
}

/// Ana's desk writes an intent while `held` keeps the head: written once the limit
/// ended the holder, whose session is gone.
async fn ends_at_the_limit(f: &common::Floor, held: &mut sqlx::PgConnection) {
    let asked = Instant::now();
    f.ana.intent(NEW_FILE, "RFC-2", "alta").await.unwrap();
    let took = asked.elapsed();
    assert!(
        took >= Duration::from_secs(3) && took < Duration::from_secs(12),
        "written once the limit ended the holder: {took:?}"
    );
    assert!(
        sqlx::query("SELECT 1").execute(&mut *held).await.is_err(),
        "the holder's session was ended"
    );
}

/// What a member with psql can do about the server's limits on their login: set them
/// off in their own session.
async fn limits_off(hand: &mut sqlx::PgConnection) {
    for setting in [
        "statement_timeout",
        "lock_timeout",
        "idle_in_transaction_session_timeout",
    ] {
        sqlx::raw_sql(&format!("SET {setting} = 0"))
            .execute(&mut *hand)
            .await
            .unwrap();
    }
}

/// A new intent of `team`, asked again while the trail's head is busy, until it is
/// written or `within` has passed; how long it took.
async fn intent_once_free(team: &Team, target: &str, within: Duration) -> Duration {
    let asked = Instant::now();
    loop {
        match team.intent(NEW_FILE, target, "alta").await {
            Ok(_) => return asked.elapsed(),
            Err(TeamError::Busy(_)) if asked.elapsed() < within => {}
            other => panic!("written, or busy for a while: {other:?}"),
        }
    }
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_member_login_has_the_servers_limits_and_an_idle_transaction_ends() {
    let f = floor("kyb_limits").await;
    let mut hand = f.beto_by_hand().await;
    for (setting, value) in [
        ("statement_timeout", "15s"),
        ("lock_timeout", "3s"),
        ("idle_in_transaction_session_timeout", "5s"),
    ] {
        let shown: String = sqlx::query_scalar(&format!("SHOW {setting}"))
            .fetch_one(&mut hand)
            .await
            .unwrap();
        assert_eq!(shown, value, "{setting} of a member's own psql session");
    }
    let mut held = hand.begin().await.unwrap();
    takes_the_head(&f.t.workspace, &mut held).await;
    // Left idle, the server ends the transaction: the others write again.
    let took = intent_once_free(&f.ana, "RFC-2", Duration::from_secs(60)).await;
    assert!(took < Duration::from_secs(12), "{took:?}");
    assert!(
        sqlx::query("SELECT 1").execute(&mut *held).await.is_err(),
        "the idle session was ended"
    );
}

/// A member who takes the trail's head again and again, each time for less than the
/// limit, is queued behind the others: their calls are written in turn, none refused.
#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_member_taking_the_trails_head_again_and_again_does_not_stop_the_others() {
    let f = floor("kyb_rolling").await;
    let mut hand = f.beto_by_hand().await;
    limits_off(&mut hand).await;
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let workspace = f.t.workspace.clone();
    let holding = tokio::spawn({
        let stop = stop.clone();
        async move {
            let mut rounds = 0;
            // Each round holds the head for about 3 s, under the limit; a round the
            // limit ended all the same (a busy machine stretched it) ends the attack.
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let round = async {
                    let mut held = hand.begin().await?;
                    sqlx::query("SELECT team_intent($1, $2, 'RFC-1', 'retenida')")
                        .bind(&workspace)
                        .bind(NEW_FILE)
                        .execute(&mut *held)
                        .await?;
                    sqlx::query("SELECT pg_sleep(3)")
                        .execute(&mut *held)
                        .await?;
                    held.commit().await
                };
                if round.await.is_err() {
                    break;
                }
                rounds += 1;
            }
            rounds
        }
    });
    for n in 0..3 {
        let asked = Instant::now();
        f.ana
            .intent(NEW_FILE, &format!("RFC-{}", 10 + n), "alta")
            .await
            .unwrap_or_else(|e| panic!("call {n} written in turn, not refused: {e:?}"));
        assert!(
            asked.elapsed() < Duration::from_secs(9),
            "{:?}",
            asked.elapsed()
        );
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let rounds = holding.await.expect("the holder's loop");
    assert!(
        rounds >= 1,
        "the head was taken again and again: {rounds} rounds"
    );
}

/// A supervisor with psql holds the workspace's row (a setting changed in a
/// transaction left open, the limits off): demoting or removing her ends her
/// transaction first, instead of waiting on it and timing out.
#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_supervisor_holding_the_workspace_open_is_demoted_and_removed_at_once() {
    let f = floor("kyb_demote").await;
    let (_sol, sol_pw) =
        f.t.member_with_password(&f.boss, "sol", Role::Supervisor)
            .await;
    let hold = |login: String, password: String| {
        let t = &f.t;
        async move {
            let mut hand = t.by_hand(&login, &password).await;
            limits_off(&mut hand).await;
            sqlx::raw_sql("BEGIN").execute(&mut hand).await.unwrap();
            sqlx::query("SELECT team_set_four_eyes($1, true, 1)")
                .bind(&t.workspace)
                .execute(&mut hand)
                .await
                .unwrap();
            hand
        }
    };
    // Done at once, and her transaction ended.
    let at_once = async |asked: Instant, hand: &mut sqlx::PgConnection| {
        assert!(
            asked.elapsed() < Duration::from_secs(3),
            "{:?}",
            asked.elapsed()
        );
        assert!(sqlx::query("SELECT 1").execute(hand).await.is_err());
    };
    let mut sol_hand = hold(f.t.login("sol"), sol_pw).await;
    let asked = Instant::now();
    f.boss
        .set_role(&f.t.login("sol"), Role::Analyst)
        .await
        .expect("demoted without waiting on her");
    at_once(asked, &mut sol_hand).await;

    let mut ana_hand = hold(f.t.login("ana"), f.ana_pw.clone()).await;
    let asked = Instant::now();
    f.boss
        .remove_member(&f.t.login("ana"))
        .await
        .expect("removed without waiting on her");
    at_once(asked, &mut ana_hand).await;
    // The trail goes on, and says both.
    f.beto.intent(NEW_FILE, "RFC-9", "alta").await.unwrap();
    let trail = f.boss.trail(10).await.unwrap();
    for event in ["team: role-set", "team: member-removed"] {
        assert!(
            trail.iter().any(|e| e.operation == event),
            "{event}: {trail:?}"
        );
    }
}

/// The team's functions take advisory locks of their own (one note of a member at a
/// time, one outcome of an intent, the mark of a row's holder). A member with psql
/// cannot take any: holding a key for a session's life would stop another's notes, and
/// a key of the mark's class would forge (or block) a holder's mark.
#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_member_cannot_take_the_team_functions_advisory_locks() {
    let f = floor("kyb_advisory").await;
    kyb_team::testing::know_files(&f.boss, &["doc-1"]).await;
    let (ws, ana) = (f.t.workspace.clone(), f.t.login("ana"));
    let mut hand = f.beto_by_hand().await;
    for statement in [
        format!("SELECT pg_advisory_lock(hashtext('team_add_note'), hashtext('{ws}|{ana}'))"),
        format!("SELECT pg_try_advisory_lock(hashtext('team_add_note'), hashtext('{ws}|{ana}'))"),
        "SELECT pg_advisory_lock_shared(1)".to_owned(),
        "SELECT pg_advisory_xact_lock((4938050::bigint << 32) | 1)".to_owned(),
        "SELECT pg_advisory_xact_lock_shared((4938050::bigint << 32) | 1)".to_owned(),
        "SELECT pg_try_advisory_xact_lock(1, 1)".to_owned(),
        "SELECT pg_advisory_unlock_all()".to_owned(),
    ] {
        denied(&mut hand, &statement).await;
    }
    // The functions still take theirs: a note, an intent.
    f.ana.add_note("doc-1", "sigo").await.expect("a note");
    f.ana
        .intent(NEW_FILE, "RFC-3", "alta")
        .await
        .expect("an intent");
}

/// The cap on one member's notes on a file was passed with made-up document ids: now a
/// note is only on a file of the team's queue, and a member writes at most 200 notes in
/// any hour, whatever the files.
#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_member_cannot_flood_notes_across_made_up_file_ids() {
    let f = floor("kyb_notes").await;
    kyb_team::testing::know_files(&f.boss, &["doc-1", "doc-2", "doc-3"]).await;
    let mut hand = f.beto_by_hand().await;
    let made_up = sqlx::query("SELECT team_add_note($1, 'inventado-1', 'nota')")
        .bind(&f.t.workspace)
        .execute(&mut hand)
        .await
        .expect_err("a file the team does not have");
    assert_eq!(common::refusal(&made_up).0, "KY021");
    assert!(matches!(
        f.beto.add_note("otro-expediente", "desde la mesa").await,
        Err(TeamError::UnknownFile(_))
    ));
    sqlx::query(
        "SELECT team_add_note($1, CASE WHEN g <= 150 THEN 'doc-1' ELSE 'doc-2' END, 'nota ' || g)
         FROM generate_series(1, 200) g",
    )
    .bind(&f.t.workspace)
    .execute(&mut hand)
    .await
    .expect("200 notes in an hour are a member's");
    let refused = sqlx::query("SELECT team_add_note($1, 'doc-3', 'otra')")
        .bind(&f.t.workspace)
        .execute(&mut hand)
        .await
        .expect_err("the 201st in the hour, on a file with none of his");
    assert_eq!(common::refusal(&refused).0, "KY012");
    assert!(matches!(
        f.beto.add_note("doc-3", "desde la mesa").await,
        Err(TeamError::QueueFull)
    ));
    // The cap is the member's: the others write on.
    f.ana.add_note("doc-3", "sigo yo").await.unwrap();
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_supervisor_removes_a_member_who_holds_the_trails_head_and_the_team_goes_on() {
    let f = floor("kyb_unfreeze").await;
    let mut hand = f.beto_by_hand().await;
    let mut held = hand.begin().await.unwrap();
    takes_the_head(&f.t.workspace, &mut held).await;
    f.boss
        .remove_member(&f.t.login("beto"))
        .await
        .expect("the supervisor ends the member's sessions");
    f.ana.intent(NEW_FILE, "RFC-2", "alta").await.unwrap();
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_fake_migration_row_cannot_be_written_and_desks_do_not_migrate() {
    let f = floor("kyb_migrations").await;
    let mut hand = f.ana_by_hand().await;
    for statement in [
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES (20990101000000, 'del futuro', true, '\\x00', 0)",
        "UPDATE _sqlx_migrations SET checksum = '\\x00'",
        "DELETE FROM _sqlx_migrations",
        "SELECT * FROM _sqlx_migrations",
    ] {
        denied(&mut hand, statement).await;
    }
    // Even a row only the owner could write stops no desk: desks check the schema's
    // version, they do not run the migrations.
    let mut owner = f.t.as_owner().await;
    sqlx::raw_sql(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES (20990101000000, 'del futuro', true, '\\x00', 0)",
    )
    .execute(&mut owner)
    .await
    .unwrap();
    let desk = Team::connect(f.t.options(&f.t.login("ana"), &f.ana_pw), &f.t.workspace)
        .await
        .expect("a desk connects");
    assert_eq!(desk.me().role, Role::Supervisor);
    let version: i32 = sqlx::query_scalar("SELECT team_schema_version()")
        .fetch_one(&mut hand)
        .await
        .unwrap();
    assert_eq!(version, kyb_team::SCHEMA_VERSION);
    // A database without the team's schema is refused by its version.
    let bare = Team::connect(f.t.admin.clone().database("postgres"), &f.t.workspace).await;
    assert!(
        matches!(bare, Err(TeamError::Schema(0))),
        "{:?}",
        bare.err()
    );
}

/// An upgrade run out of order (the owner migrates before IT runs the set-up's first
/// step again) stops at the migration that needs the new login functions, saying what
/// to run, instead of leaving the team's appends calling a function that is not there.
#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn a_migration_that_needs_new_login_functions_stops_until_the_set_up_runs_again() {
    let t = kyb_team::testing::TestTeam::new("kyb_upgrade").await;
    // As a database prepared by the set-up of the version before, its schema one back.
    t.as_superuser_run(&[
        "DROP FUNCTION team_admin.team_end_holder(xid, interval, text, text)",
        "DROP FUNCTION team_admin.team_hold_mark(text, text)",
        "DELETE FROM _sqlx_migrations WHERE version = 23",
    ])
    .await;
    let refused = kyb_team::setup::migrate(&t.owner)
        .await
        .expect_err("the migration stops");
    assert!(
        format!("{refused:?}").contains("run kyb-team-setup prepare again, then migrate"),
        "{refused:?}"
    );
    // In order, the upgrade goes through, and the team writes again.
    let owner = t.owner.get_username().to_owned();
    kyb_team::setup::prepare(&t.admin, &t.database, &owner, None)
        .await
        .expect("the set-up's first step again");
    kyb_team::setup::migrate(&t.owner)
        .await
        .expect("then the migration");
    let boss = t.supervisor("jefa").await;
    boss.intent(NEW_FILE, "RFC-1", "alta")
        .await
        .expect("written");
}

// The queue and the trail's rules.

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn rows_pushed_into_the_queue_are_checked_and_capped() {
    let f = floor("kyb_queuecap").await;
    let file = |n: usize| kyb_team::NewTeamFile {
        flow_id: "flujo".into(),
        rfc: format!("AAA{n:06}AA1"),
        status: "Pendiente".into(),
        ..Default::default()
    };
    let too_many: Vec<_> = (0..10_001).map(file).collect();
    assert!(matches!(
        f.beto.follow_all(&too_many).await,
        Err(TeamError::QueueFull)
    ));
    for (flow, rfc, status) in [
        ("flujo", "AAA\u{7}010101AA1", "Pendiente"),
        ("flujo\u{1b}[31m", "AAA010101AA1", "Pendiente"),
        ("flujo", "AAA010101AA1", "Pendiente\r\nX-Falso: 1"),
        ("flujo", &"A".repeat(21), "Pendiente"),
        ("", "AAA010101AA1", "Pendiente"),
    ] {
        let followed = f.beto.follow(flow, rfc, status).await;
        assert!(
            matches!(followed, Err(TeamError::BadText)),
            "{flow:?} {rfc:?} {status:?}: {followed:?}"
        );
    }
    let mut hand = f.beto_by_hand().await;
    denied(
        &mut hand,
        &format!(
            "INSERT INTO team_file (workspace_id, flow_id, rfc) VALUES ('{}', 'f', 'R')",
            f.t.workspace
        ),
    )
    .await;
    assert!(
        f.ana
            .files(kyb_team::QueueFilter::All)
            .await
            .unwrap()
            .is_empty()
    );
    // The queue holds at most 50,000 files.
    for round in 0..5 {
        let files: Vec<_> = (round * 10_000..(round + 1) * 10_000).map(file).collect();
        assert_eq!(f.beto.follow_all(&files).await.unwrap(), 10_000);
    }
    assert!(matches!(
        f.beto.follow_all(&[file(50_000)]).await,
        Err(TeamError::QueueFull)
    ));
    // A member cannot raise the limit; the company's IT can, for the workspace.
    denied(
        &mut hand,
        &format!(
            "UPDATE team_setting SET queue_limit = 60000 WHERE workspace_id = '{}'",
            f.t.workspace
        ),
    )
    .await;
    let mut it = f.t.as_owner().await;
    sqlx::query(
        "INSERT INTO team_setting (workspace_id, queue_limit) VALUES ($1, 50001)
         ON CONFLICT (workspace_id) DO UPDATE SET queue_limit = 50001",
    )
    .bind(&f.t.workspace)
    .execute(&mut it)
    .await
    .unwrap();
    assert_eq!(f.beto.follow_all(&[file(50_000)]).await.unwrap(), 1);
    assert!(matches!(
        f.beto.follow_all(&[file(50_001)]).await,
        Err(TeamError::QueueFull)
    ));
}

#[tokio::test]
#[ignore = "needs PostgreSQL: make test runs it"]
async fn an_outcome_completes_only_ones_own_open_intent_once() {
    let f = floor("kyb_outcome").await;
    let (intent, _) = f.beto.intent(NEW_FILE, "RFC-1", "alta").await.unwrap();
    assert!(matches!(
        f.ana.outcome(intent, false, Some("X"), None, false).await,
        Err(TeamError::NoOpenIntent)
    ));
    f.beto
        .outcome(intent, true, None, None, false)
        .await
        .unwrap();
    assert!(matches!(
        f.beto.outcome(intent, false, Some("X"), None, false).await,
        Err(TeamError::NoOpenIntent)
    ));
    // An entry that is not an intent (the set-up's) completes nothing.
    assert!(matches!(
        f.beto.outcome(1, true, None, None, false).await,
        Err(TeamError::NoOpenIntent)
    ));
    let completions = f
        .boss
        .trail(20)
        .await
        .unwrap()
        .into_iter()
        .filter(|e| e.completes == Some(intent))
        .count();
    assert_eq!(completions, 1);
    // An outcome written as another intent would leave a call with no end.
    let (open, _) = f.beto.intent(NEW_FILE, "RFC-3", "alta").await.unwrap();
    for code in ["intent", " INTENT "] {
        assert!(matches!(
            f.beto.outcome(open, true, Some(code), None, false).await,
            Err(TeamError::BadText)
        ));
    }
    let mut hand = f.beto_by_hand().await;
    let forged = sqlx::query("SELECT team_outcome($1, $2, true, 'intent', NULL, false)")
        .bind(&f.t.workspace)
        .bind(open)
        .execute(&mut hand)
        .await
        .expect_err("refused");
    assert_eq!(common::refusal(&forged).0, "KY007");
    f.beto.outcome(open, true, None, None, false).await.unwrap();
    // A call the trail does not know is no intent.
    assert!(matches!(
        f.beto.intent("DELETE /todo", "RFC-1", "x").await,
        Err(TeamError::BadText)
    ));
}

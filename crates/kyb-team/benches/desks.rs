//! `make bench`'s team figures: 50 simulated desks, each a member's own login with the
//! pool and listener a real desk has, on one PostgreSQL (the private cluster of
//! `scripts/session.sh --postgres`, KYB_TEST_DATABASE_URL), set up as docs/OPERATIONS.md
//! tells a company (`kyb_team::testing::TestTeam`): every figure goes through the team's
//! functions and row-level security, as a desk's calls do. Prints a Markdown section:
//! - take next: every desk takes files until none is left; each call's latency. Each
//!   desk's first calls, which open its pool's connections (signing in, and PostgreSQL
//!   compiling the functions in each new session), are made before and timed apart;
//! - audit appends: every desk records calls (an intent, then its outcome: two
//!   entries) to the one chain at once; entries per second, and the chain verified
//!   afterwards;
//! - notification latency: one desk writes, all the others hear it; from the start of
//!   the write to each desk's receipt;
//! - a desk joining with 10,000 followed files: sharing them with the queue (one
//!   statement), and telling it what a refresh of them all learnt (a statement a chunk).

use std::sync::Arc;
use std::time::{Duration, Instant};

use kyb_team::testing::TestTeam;
use kyb_team::{NewTeamFile, Role, TeamError};
use tokio::sync::Barrier;

const DESKS: usize = 50;
const FILES: usize = 5_000;
/// Each desk's cap on open files: DESKS × CAP = FILES.
const CAP: u32 = 100;
/// Calls each desk records: an intent and its outcome each, two entries.
const CALLS_PER_DESK: usize = 20;
const NOTICE_ROUNDS: usize = 20;
/// The files of the desk that joins (a workspace of their own).
const JOINING: usize = 10_000;

fn percentile(samples: &mut [f64], p: f64) -> f64 {
    samples.sort_by(f64::total_cmp);
    let rank = ((p / 100.0) * (samples.len() as f64 - 1.0)).round() as usize;
    samples[rank.min(samples.len() - 1)]
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e3
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    // Inside scripts/session.sh --postgres (make bench runs it there).
    let team = TestTeam::new("kyb_bench").await;
    // Every desk a member of its own (a login's connections are capped at 16).
    let boss = team.supervisor("jefa").await;
    let mut desks = Vec::with_capacity(DESKS);
    for n in 0..DESKS {
        let desk = team
            .member(&boss, &format!("desk{n:02}"), Role::Analyst)
            .await;
        // The largest cap a supervisor may set (migration 0006): the desks together
        // hold exactly the queue's files, so taking until the queue is empty also
        // takes each desk to its cap.
        boss.set_cap(desk.member(), CAP).await.expect("the cap");
        desks.push(desk);
    }
    let files = |count: usize, status: &str| -> Vec<NewTeamFile> {
        (0..count)
            .map(|n| NewTeamFile {
                flow_id: "flujo".into(),
                rfc: format!("AAA{n:06}AA1"),
                status: status.into(),
                document_id: None,
                updated_at: Some(chrono::Utc::now()),
            })
            .collect()
    };
    let shared = desks[0]
        .follow_all(&files(FILES, "Pendiente"))
        .await
        .expect("followed");
    assert_eq!(shared as usize, FILES);

    // Each desk's first calls, all desks at once: as many at once as its pool has
    // connections, so that it opens them all (a desk that makes calls back to back
    // opens more than one), each signing in and compiling the team's functions in its
    // session; a desk pays this once a connection. Timed on their own, and the files
    // given back to the queue.
    let start = Arc::new(Barrier::new(DESKS));
    let firsts: Vec<_> = desks
        .iter()
        .cloned()
        .map(|desk| {
            let start = start.clone();
            tokio::spawn(async move {
                start.wait().await;
                let mut calls = tokio::task::JoinSet::new();
                for _ in 0..kyb_team::POOL_SIZE {
                    let desk = desk.clone();
                    calls.spawn(async move {
                        let asked = Instant::now();
                        let file = desk.take_next().await.expect("take next").expect("a file");
                        (ms(asked.elapsed()), file)
                    });
                }
                let mut latencies = Vec::new();
                for (latency, file) in calls.join_all().await {
                    latencies.push(latency);
                    desk.assign(&file.flow_id, &file.rfc, None)
                        .await
                        .expect("given back");
                }
                latencies
            })
        })
        .collect();
    let mut first = Vec::new();
    for desk in firsts {
        first.extend(desk.await.expect("a desk"));
    }

    // Take next, all desks at once until the queue is empty.
    let start = Arc::new(Barrier::new(DESKS));
    let began = Instant::now();
    let takers: Vec<_> = desks
        .iter()
        .cloned()
        .map(|desk| {
            let start = start.clone();
            tokio::spawn(async move {
                start.wait().await;
                let mut latencies = Vec::new();
                loop {
                    let asked = Instant::now();
                    let taken = desk.take_next().await;
                    latencies.push(ms(asked.elapsed()));
                    match taken {
                        Ok(Some(_)) => {}
                        // The queue is empty, or this desk holds its cap.
                        Ok(None) | Err(TeamError::AtCap { .. }) => return latencies,
                        Err(error) => panic!("take next: {error:?}"),
                    }
                }
            })
        })
        .collect();
    let mut take = Vec::new();
    for taker in takers {
        take.extend(taker.await.expect("a desk"));
    }
    let take_elapsed = began.elapsed();
    let handed = take.len() - DESKS;
    assert_eq!(handed, FILES, "every file handed out exactly once");

    // Audit appends: one chain, every desk at once.
    let start = Arc::new(Barrier::new(DESKS));
    let began = Instant::now();
    let writers: Vec<_> = desks
        .iter()
        .cloned()
        .map(|desk| {
            let start = start.clone();
            tokio::spawn(async move {
                start.wait().await;
                for n in 0..CALLS_PER_DESK {
                    let (intent, _) = desk
                        .intent(
                            "POST /expedientes/nuevo",
                            &format!("RFC-{n}"),
                            "alta de expediente",
                        )
                        .await
                        .expect("the intent");
                    desk.outcome(intent, true, None, None, false)
                        .await
                        .expect("the outcome");
                }
            })
        })
        .collect();
    for writer in writers {
        writer.await.expect("a desk");
    }
    let append_elapsed = began.elapsed();
    let appended = DESKS * CALLS_PER_DESK * 2;
    let verify_began = Instant::now();
    let chain = desks[0].verify_chain().await.expect("verified");
    let verify_elapsed = verify_began.elapsed();
    assert!(chain.breaks.is_empty(), "{:?}", chain.breaks);

    // Notification latency: desk 0 writes, the other 49 hear it.
    let mut listeners = Vec::new();
    for desk in &desks[1..] {
        listeners.push(desk.listen().await.expect("listens"));
    }
    let (heard_tx, mut heard) = tokio::sync::mpsc::unbounded_channel::<Instant>();
    for mut listener in listeners {
        let heard_tx = heard_tx.clone();
        tokio::spawn(async move {
            while listener.next().await.is_ok() {
                if heard_tx.send(Instant::now()).is_err() {
                    return;
                }
            }
        });
    }
    // A note is on a file of the queue, by its DocumentId (migration 0014).
    const NOTED: &str = "0b9e4c1a-0000-4000-8000-00000000b0b0";
    desks[0]
        .follow_all(&[NewTeamFile {
            flow_id: "flujo".into(),
            rfc: "BBB000000BB1".into(),
            status: "Pendiente".into(),
            document_id: Some(NOTED.into()),
            updated_at: Some(chrono::Utc::now()),
        }])
        .await
        .expect("the noted file followed");
    // Its change is heard too: not a note's.
    tokio::time::sleep(Duration::from_millis(500)).await;
    while heard.try_recv().is_ok() {}
    let mut notice = Vec::new();
    for round in 0..NOTICE_ROUNDS {
        let written = Instant::now();
        desks[0]
            .add_note(NOTED, &format!("ronda {round}"))
            .await
            .expect("noted");
        // From the write's start: its own round trip and commit are in the figure (a
        // desk hears a change only once it is committed).
        for _ in 1..DESKS {
            let at = tokio::time::timeout(Duration::from_secs(10), heard.recv())
                .await
                .expect("every desk hears it")
                .expect("a receipt");
            notice.push(ms(at.saturating_duration_since(written)));
        }
    }

    // A desk joining with its own list: shared in one statement, then what a refresh
    // of all of it learnt (every status changed, the worst case).
    let joining = TestTeam {
        database: team.database.clone(),
        admin: team.admin.clone(),
        owner: team.owner.clone(),
        tag: team.tag.clone(),
        workspace: "otro-espacio".to_owned(),
    }
    .supervisor("nueva")
    .await;
    let began = Instant::now();
    let added = joining
        .follow_all(&files(JOINING, "Pendiente"))
        .await
        .expect("shared");
    let share_elapsed = began.elapsed();
    assert_eq!(added as usize, JOINING);
    let began = Instant::now();
    let changed = joining
        .update_all(&files(JOINING, "En Revisión"))
        .await
        .expect("told");
    let tell_elapsed = began.elapsed();
    assert_eq!(changed as usize, JOINING);
    joining.close().await;

    println!("## The team on PostgreSQL ({DESKS} desks)");
    println!();
    println!(
        "{DESKS} simulated desks, each a member's own login (SCRAM) with its own pool ({} connections at most) \
         and listener, on one PostgreSQL 15 (the private cluster of `scripts/session.sh --postgres`: unix \
         socket, fsync off) on this machine, set up as docs/OPERATIONS.md says: every call goes through the team's \
         functions and row-level security. Take next is timed once every desk's pool has opened its connections; \
         those first calls (one on each connection: signing in, the functions compiled in the new session) are \
         a row of their own. `cargo bench -p kyb-team --bench desks`.",
        kyb_team::POOL_SIZE
    );
    println!();
    println!("| figure | p50 | p99 | max | samples |");
    println!("|---|---:|---:|---:|---:|");
    let (mut t50, mut t99) = (take.clone(), take.clone());
    println!(
        "| take next, all desks at once (ms) | {:.2} | {:.2} | {:.2} | {} |",
        percentile(&mut t50, 50.0),
        percentile(&mut t99, 99.0),
        take.iter().copied().fold(0.0, f64::max),
        take.len()
    );
    let (mut f50, mut f99) = (first.clone(), first.clone());
    println!(
        "| take next, each desk's first calls, one on each connection of its pool (sign-in, functions compiled), all desks at once (ms) | {:.2} | {:.2} | {:.2} | {} |",
        percentile(&mut f50, 50.0),
        percentile(&mut f99, 99.0),
        first.iter().copied().fold(0.0, f64::max),
        first.len()
    );
    let (mut n50, mut n99) = (notice.clone(), notice.clone());
    println!(
        "| notification, a desk writes → another desk hears it (ms) | {:.2} | {:.2} | {:.2} | {} |",
        percentile(&mut n50, 50.0),
        percentile(&mut n99, 99.0),
        notice.iter().copied().fold(0.0, f64::max),
        notice.len()
    );
    println!();
    println!("| figure | value |");
    println!("|---|---:|");
    println!(
        "| take next: {FILES} files handed out, each once (files/s) | {:.0} |",
        FILES as f64 / take_elapsed.as_secs_f64()
    );
    println!(
        "| audit appends to one chain, {DESKS} desks at once, each call an intent and its outcome (entries/s) | {:.0} |",
        appended as f64 / append_elapsed.as_secs_f64()
    );
    println!(
        "| chain of {} entries verified (ms) | {:.1} |",
        chain.entries,
        ms(verify_elapsed)
    );
    println!(
        "| a desk shares its {JOINING} followed files with the queue, one statement (ms) | {:.0} |",
        ms(share_elapsed)
    );
    println!(
        "| what a refresh of those {JOINING} files learnt, told to the queue in statements of {} files, every status changed (ms) | {:.0} |",
        kyb_team::UPDATE_CHUNK,
        ms(tell_elapsed)
    );
    for desk in &desks {
        desk.close().await;
    }
    boss.close().await;
}

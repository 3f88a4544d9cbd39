//! `make bench`'s team figures, on one PostgreSQL (the private cluster of
//! `scripts/session.sh --postgres`, KYB_TEST_DATABASE_URL), set up as docs/OPERATIONS.md
//! tells a company (`kyb_team::testing::TestTeam`): every figure goes through the
//! team's functions and row-level security, as a desk's calls do. Simulated desks, each
//! a member's own login with the pool and listener a real desk has. Three runs:
//!
//! - **50 desks, fsync on** (as a real server runs): take next until a queue of 5,000
//!   is empty (each desk's first calls, which open its pool's connections, timed
//!   apart), audit appends from every desk at once, a desk's change heard by the
//!   others, the chain verified, a desk joining with 10,000 files;
//! - **50 desks, fsync off** (the test session's own setting): take next and appends
//!   again, to show what the disk's flush costs;
//! - **200 desks, a queue and a trail of 1,000,000 each** (fsync on): take next, a
//!   claim heard by the other 199 desks, appends, the trail read whole and verified,
//!   and the connections the desks hold.
//!
//! Prints a Markdown section; with KYB_BENCH_GOALS set, also writes the goals table's
//! rows for these figures to that file.

use std::sync::Arc;
use std::time::{Duration, Instant};

use kyb_team::testing::{SeedEntry, TestTeam};
use kyb_team::{Change, NewTeamFile, Role, Team, TeamError};
use tokio::sync::Barrier;

/// The queue of the 50 desks' runs: each desk takes to its cap, `CAP`.
const FIFTY_FILES: usize = 5_000;
/// A desk's cap on open files, the largest a supervisor may set (migration 0006).
const CAP: u32 = 100;
/// Calls each desk records: an intent and its outcome each, two entries.
const CALLS_PER_DESK: usize = 20;
const NOTICE_ROUNDS: usize = 20;
/// The files of the desk that joins (a workspace of their own).
const JOINING: usize = 10_000;

/// The bank: desks, and the size of its queue and of its trail.
const BANK_DESKS: usize = 200;
const BANK_FILES: usize = 1_000_000;
const BANK_TRAIL: usize = 1_000_000;
/// Takes each of the bank's desks makes at a working pace, one every 0.5 to 1.5 s
/// (200 takes a second across the desks: an analyst takes a file, then reviews it for
/// minutes, so a bank's 200 analysts take a few a second at most), timed; its first,
/// which opens its pool's first connection, timed apart.
const BANK_TAKES: usize = 30;
const BANK_PACE_MS: (u64, u64) = (500, 1_500);
/// Then, to find the server's limit, takes back to back, every desk at once.
const BANK_SATURATING_TAKES: usize = 15;
const BANK_CALLS_PER_DESK: usize = 5;
/// The files a desk may share in one call (kyb-team's limit).
const SHARE_CHUNK: usize = 10_000;

/// The goals these figures answer (docs/BENCHMARKS.md's goals table).
const TAKE_P99_GOAL_MS: f64 = 60.0;
const HEARD_GOAL_MS: f64 = 1_000.0;
const APPENDS_GOAL: f64 = 1_000.0;

struct Latency {
    p50: f64,
    p99: f64,
    max: f64,
    n: usize,
}

impl Latency {
    fn of(samples: &[f64]) -> Self {
        let mut sorted = samples.to_vec();
        sorted.sort_by(f64::total_cmp);
        let at = |p: f64| {
            let rank = ((p / 100.0) * (sorted.len() as f64 - 1.0)).round() as usize;
            sorted[rank.min(sorted.len() - 1)]
        };
        Self {
            p50: at(50.0),
            p99: at(99.0),
            max: sorted.last().copied().unwrap_or(f64::NAN),
            n: sorted.len(),
        }
    }

    fn row(&self, figure: &str) -> String {
        format!(
            "| {figure} | {:.2} | {:.2} | {:.2} | {} |",
            self.p50, self.p99, self.max, self.n
        )
    }
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e3
}

fn met(ok: bool) -> &'static str {
    if ok { "met" } else { "**not met**" }
}

/// Files `range` of a queue, in status `status`; each with a DocumentId (a claim and a
/// note name a file by it) when `ids`.
fn files(range: std::ops::Range<usize>, status: &str, ids: bool) -> Vec<NewTeamFile> {
    range
        .map(|n| NewTeamFile {
            flow_id: "flujo".into(),
            rfc: format!("AAA{n:07}A1"),
            status: status.into(),
            document_id: ids.then(|| document(n)),
            updated_at: Some(chrono::Utc::now()),
        })
        .collect()
}

fn document(n: usize) -> String {
    format!("0b9e4c1a-0000-4000-8000-{n:012}")
}

/// Sets the cluster's fsync, as ALTER SYSTEM and a reload do on a server; every session
/// applies it before its next statement.
async fn set_fsync(team: &TestTeam, on: bool) {
    let value = if on { "on" } else { "off" };
    team.as_superuser_run(&[
        &format!("ALTER SYSTEM SET fsync = {value}"),
        "SELECT pg_reload_conf()",
    ])
    .await;
    for _ in 0..100 {
        let mut root = team.as_superuser().await;
        let shown: String = sqlx::query_scalar("SHOW fsync")
            .fetch_one(&mut root)
            .await
            .expect("fsync shown");
        if shown == value {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the cluster did not take fsync = {value}");
}

/// A team of `n` analysts (each its own login, at the largest cap) and its supervisor.
async fn team_of(prefix: &str, n: usize) -> (TestTeam, Team, Vec<Team>) {
    let team = TestTeam::new(prefix).await;
    let boss = team.supervisor("jefa").await;
    let mut desks = Vec::with_capacity(n);
    for k in 0..n {
        let desk = team
            .member(&boss, &format!("desk{k:03}"), Role::Analyst)
            .await;
        boss.set_cap(desk.member(), CAP).await.expect("the cap");
        desks.push(desk);
    }
    (team, boss, desks)
}

/// Shares `count` files with the queue, `SHARE_CHUNK` a call; how long it took.
async fn share(desk: &Team, count: usize, ids: bool) -> Duration {
    let began = Instant::now();
    for start in (0..count).step_by(SHARE_CHUNK) {
        let chunk = files(start..(start + SHARE_CHUNK).min(count), "Pendiente", ids);
        let shared = desk.follow_all(&chunk).await.expect("followed");
        assert_eq!(shared as usize, chunk.len());
    }
    began.elapsed()
}

/// Each desk's first calls, all desks at once: as many at once as its pool has
/// connections (`per_desk`), so that it opens them (signing in, the team's functions
/// compiled in each new session); the files given back when `give_back`.
async fn first_calls(desks: &[Team], per_desk: u32, give_back: bool) -> Vec<f64> {
    let start = Arc::new(Barrier::new(desks.len()));
    let firsts: Vec<_> = desks
        .iter()
        .cloned()
        .map(|desk| {
            let start = start.clone();
            tokio::spawn(async move {
                start.wait().await;
                let mut calls = tokio::task::JoinSet::new();
                for _ in 0..per_desk {
                    let desk = desk.clone();
                    calls.spawn(async move {
                        let asked = Instant::now();
                        // Two hundred desks signing in at once may find the server busy
                        // (or a connection slow to open): asked again, as a desk does.
                        let mut tries = 0;
                        let file = loop {
                            match desk.take_next().await {
                                Ok(file) => break file.expect("a file"),
                                Err(error) if tries < 5 => {
                                    tries += 1;
                                    eprintln!("a first take refused ({error}); asked again");
                                    refused();
                                }
                                Err(error) => panic!("take next: {error:?}"),
                            }
                        };
                        (ms(asked.elapsed()), file)
                    });
                }
                let mut latencies = Vec::new();
                for (latency, file) in calls.join_all().await {
                    latencies.push(latency);
                    if give_back {
                        desk.assign(&file.flow_id, &file.rfc, None)
                            .await
                            .expect("given back");
                    }
                }
                latencies
            })
        })
        .collect();
    let mut first = Vec::new();
    for desk in firsts {
        first.extend(desk.await.expect("a desk"));
    }
    first
}

/// Take next, every desk at once, each until the queue is empty or its cap is reached,
/// or `limit` takes: each call's latency, how long it all took, the files handed out.
async fn take_all(desks: &[Team], limit: usize) -> (Vec<f64>, Duration, usize) {
    let start = Arc::new(Barrier::new(desks.len()));
    let began = Instant::now();
    let takers: Vec<_> = desks
        .iter()
        .cloned()
        .map(|desk| {
            let start = start.clone();
            tokio::spawn(async move {
                start.wait().await;
                let (mut latencies, mut handed) = (Vec::new(), 0);
                while handed < limit {
                    let asked = Instant::now();
                    let taken = desk.take_next().await;
                    latencies.push(ms(asked.elapsed()));
                    match taken {
                        Ok(Some(_)) => handed += 1,
                        // The queue is empty, or this desk holds its cap.
                        Ok(None) | Err(TeamError::AtCap { .. }) => break,
                        // Refused as busy (a lock waited for past its timeout) or no
                        // connection free within the desk's 3 s: the desk says so and
                        // asks again, as a user would.
                        Err(TeamError::Busy(_) | TeamError::Unreachable(_)) => refused(),
                        Err(error) => panic!("take next: {error:?}"),
                    }
                }
                (latencies, handed)
            })
        })
        .collect();
    let (mut take, mut handed) = (Vec::new(), 0);
    for taker in takers {
        let (latencies, n) = taker.await.expect("a desk");
        take.extend(latencies);
        handed += n;
    }
    (take, began.elapsed(), handed)
}

/// Take next at a working pace: each desk `takes` times, each after a pause drawn
/// evenly from `pace` (ms; the same draws on every run), all desks at once.
async fn take_paced(desks: &[Team], takes: usize, pace: (u64, u64)) -> Vec<f64> {
    let takers: Vec<_> = desks
        .iter()
        .cloned()
        .enumerate()
        .map(|(k, desk)| {
            tokio::spawn(async move {
                // A fixed draw per desk (splitmix64), so runs compare.
                let mut state = 0x9E37_79B9_7F4A_7C15_u64.wrapping_mul(k as u64 + 1);
                let mut latencies = Vec::with_capacity(takes);
                for _ in 0..takes {
                    state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
                    let mut z = state;
                    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                    let pause = pace.0 + (z ^ (z >> 31)) % (pace.1 - pace.0);
                    tokio::time::sleep(Duration::from_millis(pause)).await;
                    let asked = Instant::now();
                    let taken = desk.take_next().await;
                    latencies.push(ms(asked.elapsed()));
                    match taken {
                        Ok(taken) => assert!(taken.is_some(), "the queue holds a million"),
                        Err(TeamError::Busy(_) | TeamError::Unreachable(_)) => refused(),
                        Err(error) => panic!("take next: {error:?}"),
                    }
                }
                latencies
            })
        })
        .collect();
    let mut all = Vec::new();
    for taker in takers {
        all.extend(taker.await.expect("a desk"));
    }
    all
}

/// Calls refused as busy since the last [`take_refused`] (the desk says "busy" and
/// keeps what was typed; counted, not a failure of the bench).
static REFUSED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

fn refused() {
    REFUSED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
}

fn take_refused() -> usize {
    REFUSED.swap(0, std::sync::atomic::Ordering::Relaxed)
}

/// Audit appends: every desk records `calls` calls (an intent and its outcome each) to
/// the one chain at once; entries written per second (a call refused as busy writes
/// none, an outcome refused so is owed, as a desk keeps it to write later).
async fn appends(desks: &[Team], calls: usize) -> f64 {
    let written = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let start = Arc::new(Barrier::new(desks.len()));
    let began = Instant::now();
    let writers: Vec<_> = desks
        .iter()
        .cloned()
        .map(|desk| {
            let (start, written) = (start.clone(), written.clone());
            tokio::spawn(async move {
                start.wait().await;
                for n in 0..calls {
                    let intent = match desk
                        .intent(
                            "POST /expedientes/nuevo",
                            &format!("RFC-{n}"),
                            "alta de expediente",
                        )
                        .await
                    {
                        Ok((intent, _)) => intent,
                        Err(TeamError::Busy(_) | TeamError::Unreachable(_)) => {
                            refused();
                            continue;
                        }
                        Err(error) => panic!("the intent: {error:?}"),
                    };
                    written.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    match desk.outcome(intent, true, None, None, false).await {
                        Ok(_) => {
                            written.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        }
                        Err(TeamError::Busy(_) | TeamError::Unreachable(_)) => refused(),
                        Err(error) => panic!("the outcome: {error:?}"),
                    }
                }
            })
        })
        .collect();
    for writer in writers {
        writer.await.expect("a desk");
    }
    written.load(std::sync::atomic::Ordering::Relaxed) as f64 / began.elapsed().as_secs_f64()
}

/// Every desk but the first listens, and hears `change` when the first desk makes it:
/// `rounds` times `write(round)` on desk 0, each desk's receipt timed from the start of
/// the write (its own round trip and commit are in the figure: a desk hears a change
/// only once it is committed). Changes of other kinds are heard and not counted.
async fn heard<F, Fut>(desks: &[Team], change: Change, rounds: usize, write: F) -> Vec<f64>
where
    F: Fn(Team, usize) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let (heard_tx, mut heard) = tokio::sync::mpsc::unbounded_channel::<Instant>();
    let mut listening = Vec::new();
    for desk in &desks[1..] {
        let mut listener = desk.listen().await.expect("listens");
        let heard_tx = heard_tx.clone();
        listening.push(tokio::spawn(async move {
            while let Ok(got) = listener.next().await {
                if got == change && heard_tx.send(Instant::now()).is_err() {
                    return;
                }
            }
        }));
    }
    let mut samples = Vec::new();
    for round in 0..rounds {
        let written = Instant::now();
        write(desks[0].clone(), round).await;
        for _ in 1..desks.len() {
            let at = tokio::time::timeout(Duration::from_secs(30), heard.recv())
                .await
                .expect("every desk hears it")
                .expect("a receipt");
            samples.push(ms(at.saturating_duration_since(written)));
        }
    }
    for listener in listening {
        listener.abort();
    }
    samples
}

/// The backends of the team's database but the asker's, now.
async fn connections(team: &TestTeam) -> i64 {
    let mut root = team.as_superuser().await;
    sqlx::query_scalar(
        "SELECT count(*) FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid()",
    )
    .fetch_one(&mut root)
    .await
    .expect("the sessions counted")
}

struct Fifty {
    take: Vec<f64>,
    files_per_s: f64,
    appends_per_s: f64,
    refused: usize,
    first: Vec<f64>,
    notice: Vec<f64>,
    chain: (usize, f64),
    share_ms: f64,
    tell_ms: f64,
}

/// 50 desks on a queue of 5,000; with `everything`, the figures that do not depend on
/// the disk's flush too.
async fn fifty(fsync: bool, everything: bool) -> Fifty {
    let (team, boss, desks) = team_of(if fsync { "kyb_bench" } else { "kyb_bench_nf" }, 50).await;
    set_fsync(&team, fsync).await;
    share(&desks[0], FIFTY_FILES, false).await;
    // Opened first: a desk pays this once a connection, not at each take.
    let first = first_calls(&desks, kyb_team::POOL_SIZE, true).await;
    let (take, took, handed) = take_all(&desks, usize::MAX).await;
    assert_eq!(handed, FIFTY_FILES, "every file handed out exactly once");
    let appends_per_s = appends(&desks, CALLS_PER_DESK).await;
    let mut out = Fifty {
        take,
        files_per_s: FIFTY_FILES as f64 / took.as_secs_f64(),
        appends_per_s,
        refused: take_refused(),
        first,
        notice: Vec::new(),
        chain: (0, f64::NAN),
        share_ms: f64::NAN,
        tell_ms: f64::NAN,
    };
    if everything {
        let began = Instant::now();
        let chain = desks[0].verify_chain().await.expect("verified");
        assert!(chain.breaks.is_empty(), "{:?}", chain.breaks);
        out.chain = (chain.entries as usize, ms(began.elapsed()));
        // A note is on a file of the queue, by its DocumentId.
        kyb_team::testing::know_files(&boss, &[&document(0)]).await;
        out.notice = heard(
            &desks,
            Change::Notes,
            NOTICE_ROUNDS,
            |desk, round| async move {
                desk.add_note(&document(0), &format!("ronda {round}"))
                    .await
                    .expect("noted");
            },
        )
        .await;
        // A desk joining with its own list: shared in one statement, then what a
        // refresh of all of it learnt (every status changed, the worst case).
        let joining = TestTeam {
            workspace: "otro-espacio".to_owned(),
            ..team.clone()
        }
        .supervisor("nueva")
        .await;
        out.share_ms = ms(share(&joining, JOINING, false).await);
        let began = Instant::now();
        let changed = joining
            .update_all(&files(0..JOINING, "En Revisión", false))
            .await
            .expect("told");
        out.tell_ms = ms(began.elapsed());
        assert_eq!(changed as usize, JOINING);
        joining.close().await;
    }
    for desk in &desks {
        desk.close().await;
    }
    boss.close().await;
    set_fsync(&team, false).await;
    out
}

struct Bank {
    members_s: f64,
    queue_s: f64,
    trail_s: f64,
    first: Vec<f64>,
    take: Vec<f64>,
    saturating: Vec<f64>,
    files_per_s: f64,
    claim_heard: Vec<f64>,
    appends_per_s: f64,
    refused: usize,
    read_ms: f64,
    verify_ms: f64,
    entries: usize,
    peak_connections: i64,
}

/// The trail a bank's desks write: four entries a file (its arrival, a decision's
/// intent, the decision, a failed call) over the last twelve weeks, by 200 analysts.
fn bank_trail(n: usize) -> impl Iterator<Item = SeedEntry> {
    let base = chrono::Utc::now() - chrono::Duration::days(84);
    (0..n).map(move |k| {
        let file = k / 4;
        let at = base + chrono::Duration::seconds((k as i64) * 84 * 86_400 / n as i64);
        let (operation, ok, summary) = match k % 4 {
            0 => ("POST /enrollment/v1/url", true, "enlace".to_owned()),
            1 => (
                "POST /expedientes/solicitar-correccion",
                false,
                String::new(),
            ),
            2 => (
                "POST /expedientes/solicitar-correccion",
                true,
                "2 secciones (ProofAddress Rechazada, Opinion Aceptada); notificar al usuario: sí"
                    .to_owned(),
            ),
            _ => ("POST /enrollment/v1/url", false, String::new()),
        };
        SeedEntry {
            at_utc: at.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string(),
            member: format!("desk{:03}", file % BANK_DESKS),
            operation: operation.to_owned(),
            target: document(file),
            summary,
            ok,
        }
    })
}

async fn bank() -> Bank {
    let began = Instant::now();
    let (team, boss, desks) = team_of("kyb_bank", BANK_DESKS).await;
    let members_s = began.elapsed().as_secs_f64();
    // A bank's queue is past the default limit: IT raises it for the workspace.
    let mut it = team.as_owner().await;
    sqlx::query(
        "INSERT INTO team_setting (workspace_id, queue_limit) VALUES ($1, $2)
         ON CONFLICT (workspace_id) DO UPDATE SET queue_limit = $2",
    )
    .bind(&team.workspace)
    .bind(i32::try_from(BANK_FILES).expect("a limit"))
    .execute(&mut it)
    .await
    .expect("the queue's limit raised");
    let queue_s = share(&boss, BANK_FILES, true).await.as_secs_f64();
    let began = Instant::now();
    team.seed_trail(bank_trail(BANK_TRAIL)).await;
    let trail_s = began.elapsed().as_secs_f64();
    // What a server's autovacuum does after a load this size, done now rather than
    // whenever it comes round.
    team.as_superuser_run(&["VACUUM (ANALYZE) team_file, team_audit, team_status_history"])
        .await;
    set_fsync(&team, true).await;

    // Every desk listens, as a desk does all day: each hears every take below.
    let mut listeners = Vec::new();
    for desk in &desks {
        let mut listener = desk.listen().await.expect("listens");
        listeners.push(tokio::spawn(async move {
            while listener.next().await.is_ok() {}
        }));
    }
    let first = first_calls(&desks, 1, false).await;
    // The sessions counted every tenth of a second while the desks take next.
    let peak = Arc::new(std::sync::atomic::AtomicI64::new(0));
    let counting = {
        let (team, peak) = (team.clone(), peak.clone());
        tokio::spawn(async move {
            loop {
                peak.fetch_max(
                    connections(&team).await,
                    std::sync::atomic::Ordering::Relaxed,
                );
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        })
    };
    let take = take_paced(&desks, BANK_TAKES, BANK_PACE_MS).await;
    let (saturating, took, handed) = take_all(&desks, BANK_SATURATING_TAKES).await;
    assert_eq!(
        handed,
        BANK_DESKS * BANK_SATURATING_TAKES,
        "every desk took its files"
    );
    counting.abort();
    let peak_connections = peak.load(std::sync::atomic::Ordering::Relaxed);
    for listener in listeners {
        listener.abort();
    }
    // A claim heard by the other desks: a desk opens a file's review.
    let claim_heard = heard(
        &desks,
        Change::Claims,
        NOTICE_ROUNDS,
        |desk, round| async move {
            desk.claim(&document(BANK_FILES - 1 - round), kyb_team::LEASE, false)
                .await
                .expect("claimed");
        },
    )
    .await;
    let appends_per_s = appends(&desks, BANK_CALLS_PER_DESK).await;
    let began = Instant::now();
    let trail = desks[0].trail(i64::MAX).await.expect("the trail read");
    let read_ms = ms(began.elapsed());
    let entries = trail.len();
    drop(trail);
    let began = Instant::now();
    let chain = desks[0].verify_chain().await.expect("verified");
    let verify_ms = ms(began.elapsed());
    assert!(chain.breaks.is_empty(), "{:?}", chain.breaks);
    for desk in &desks {
        desk.close().await;
    }
    boss.close().await;
    set_fsync(&team, false).await;
    Bank {
        members_s,
        queue_s,
        trail_s,
        first,
        take,
        saturating,
        files_per_s: (BANK_DESKS * BANK_SATURATING_TAKES) as f64 / took.as_secs_f64(),
        claim_heard,
        appends_per_s,
        refused: take_refused(),
        read_ms,
        verify_ms,
        entries,
        peak_connections,
    }
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    // Inside scripts/session.sh --postgres (make bench runs it there).
    let on = fifty(true, true).await;
    let off = fifty(false, false).await;
    let bank = bank().await;

    let (take_on, take_off) = (Latency::of(&on.take), Latency::of(&off.take));
    let (bank_take, bank_heard) = (Latency::of(&bank.take), Latency::of(&bank.claim_heard));
    let pool = kyb_team::POOL_SIZE;
    let lines = [
        "## The team on PostgreSQL".to_owned(),
        String::new(),
        format!(
            "Simulated desks, each a member's own login (SCRAM) with its own pool ({pool} connections at \
             most) and listener, on one PostgreSQL 15 on this machine (the private cluster of \
             `scripts/session.sh --postgres`, unix socket), set up as docs/OPERATIONS.md says: every call \
             goes through the team's functions and row-level security. fsync on, as a real server runs, \
             unless a row says off (the disk's flush: `pg_test_fsync` below). Take next is timed once each \
             desk has made its first calls (signing in, the functions compiled in the new session: a row \
             of their own). `cargo bench -p kyb-team --bench desks`."
        ),
        String::new(),
        "### 50 desks, a queue of 5,000".to_owned(),
        String::new(),
        "| figure | p50 | p99 | max | samples |".to_owned(),
        "|---|---:|---:|---:|---:|".to_owned(),
        take_on.row("take next, all desks at once until the queue is empty (ms)"),
        take_off.row("the same, fsync off (ms)"),
        Latency::of(&on.first).row(
            "take next, each desk's first calls, one on each connection of its pool (sign-in, \
             functions compiled), all desks at once (ms)",
        ),
        Latency::of(&on.notice).row("notification, a desk writes a note → another desk hears it (ms)"),
        String::new(),
        "| figure | fsync on | fsync off |".to_owned(),
        "|---|---:|---:|".to_owned(),
        format!(
            "| take next: {FIFTY_FILES} files handed out, each once (files/s) | {:.0} | {:.0} |",
            on.files_per_s, off.files_per_s
        ),
        format!(
            "| audit appends to one chain, 50 desks at once, each call an intent and its outcome (entries/s) | {:.0} | {:.0} |",
            on.appends_per_s, off.appends_per_s
        ),
        format!(
            "| calls refused as busy or with no connection free within 3 s (the desk says so, nothing lost) | {} | {} |",
            on.refused, off.refused
        ),
        format!(
            "| chain of {} entries verified (ms) | {:.1} | — |",
            on.chain.0, on.chain.1
        ),
        format!(
            "| a desk shares its {JOINING} followed files with the queue, one statement (ms) | {:.0} | — |",
            on.share_ms
        ),
        format!(
            "| what a refresh of those {JOINING} files learnt, told to the queue in statements of {} files, every status changed (ms) | {:.0} | — |",
            kyb_team::UPDATE_CHUNK,
            on.tell_ms
        ),
        String::new(),
        format!("### {BANK_DESKS} desks, a queue of {BANK_FILES} files and a trail of {BANK_TRAIL} entries"),
        String::new(),
        format!(
            "Set up: {BANK_DESKS} members made in {:.0} s; the queue shared by the supervisor's desk in \
             statements of {SHARE_CHUNK} files in {:.0} s (fsync off while loading); the trail written \
             as the owner, chained as the functions chain it, in {:.0} s; then VACUUM (ANALYZE), as a \
             server's autovacuum does after a load this size. Every desk listens throughout (and hears \
             each take). After its first take, each desk takes {BANK_TAKES} files at a working \
             pace (one every {:.1} to {:.1} s: {:.0} takes a second across the desks, far more than \
             analysts who review each file for minutes), then {BANK_SATURATING_TAKES} back to back, \
             all desks at once, to find the server's limit.",
            bank.members_s,
            bank.queue_s,
            bank.trail_s,
            BANK_PACE_MS.0 as f64 / 1e3,
            BANK_PACE_MS.1 as f64 / 1e3,
            BANK_DESKS as f64 * 2_000.0 / (BANK_PACE_MS.0 + BANK_PACE_MS.1) as f64
        ),
        String::new(),
        "| figure | p50 | p99 | max | samples |".to_owned(),
        "|---|---:|---:|---:|---:|".to_owned(),
        bank_take.row("take next at a working pace (ms)"),
        Latency::of(&bank.saturating).row("take next back to back, all desks at once (ms)"),
        Latency::of(&bank.first).row("take next, each desk's first (its pool's first connection: sign-in, functions compiled) (ms)"),
        bank_heard.row(&format!(
            "a claim (a desk opens a file's review) → each of the other {} desks hears it (ms)",
            BANK_DESKS - 1
        )),
        String::new(),
        "| figure | value |".to_owned(),
        "|---|---:|".to_owned(),
        format!(
            "| take next back to back, all desks at once (files/s) | {:.0} |",
            bank.files_per_s
        ),
        format!(
            "| audit appends to the trail of {BANK_TRAIL}, {BANK_DESKS} desks at once (entries/s) | {:.0} |",
            bank.appends_per_s
        ),
        format!(
            "| calls refused as busy or with no connection free within 3 s, all of the above (the desk says so, nothing lost) | {} |",
            bank.refused
        ),
        format!(
            "| the trail read whole by a desk, {} entries (ms) | {:.0} |",
            bank.entries, bank.read_ms
        ),
        format!("| the same trail verified, chain and head (ms) | {:.0} |", bank.verify_ms),
        format!(
            "| connections to the team's database while the desks took next ({BANK_DESKS} listeners and \
             the pools' open connections) | {} |",
            bank.peak_connections
        ),
    ];
    println!("{}", lines.join("\n"));

    if let Ok(path) = std::env::var("KYB_BENCH_GOALS") {
        let goals = [
            format!(
                "| team: take next at 50 desks, fsync on, p99 | ≤ {TAKE_P99_GOAL_MS:.0} ms | {:.1} ms (p50 {:.1}; fsync off: p99 {:.1}) | {} |",
                take_on.p99,
                take_on.p50,
                take_off.p99,
                met(take_on.p99 <= TAKE_P99_GOAL_MS)
            ),
            format!(
                "| team: audit appends at 50 desks, fsync on | ≥ {APPENDS_GOAL:.0}/s | {:.0}/s (fsync off: {:.0}/s) | {} |",
                on.appends_per_s,
                off.appends_per_s,
                met(on.appends_per_s >= APPENDS_GOAL)
            ),
            format!(
                "| team: take next at {BANK_DESKS} desks, queue of {BANK_FILES}, fsync on, each desk at a working pace ({:.0} takes/s in all), p99 | ≤ {TAKE_P99_GOAL_MS:.0} ms | {:.1} ms (p50 {:.1}; back to back, all at once: p99 {:.0} ms, {:.0} files/s) | {} |",
                BANK_DESKS as f64 * 2_000.0 / (BANK_PACE_MS.0 + BANK_PACE_MS.1) as f64,
                bank_take.p99,
                bank_take.p50,
                Latency::of(&bank.saturating).p99,
                bank.files_per_s,
                met(bank_take.p99 <= TAKE_P99_GOAL_MS)
            ),
            format!(
                "| team: a claim heard by the other {} desks, p99 | ≤ {HEARD_GOAL_MS:.0} ms | {:.1} ms (max {:.1}) | {} |",
                BANK_DESKS - 1,
                bank_heard.p99,
                bank_heard.max,
                met(bank_heard.p99 <= HEARD_GOAL_MS)
            ),
            format!(
                "| team: trail appends at {BANK_DESKS} desks, trail of {BANK_TRAIL}, fsync on | ≥ {APPENDS_GOAL:.0}/s | {:.0}/s | {} |",
                bank.appends_per_s,
                met(bank.appends_per_s >= APPENDS_GOAL)
            ),
        ];
        std::fs::write(path, goals.join("\n") + "\n").expect("the goals written");
    }
}

//! `make bench`'s figure of the dashboard over a team's trail of 1,000,000 entries (a
//! Markdown section on stdout; with KYB_BENCH_GOALS set, the goals table's row written
//! to that file). Inside `scripts/session.sh --postgres`: a team set up as
//! docs/OPERATIONS.md says, its trail seeded (as the owner, chained as the functions
//! chain it: four entries a file over twelve weeks, by 200 analysts), a queue of 10,000
//! followed files. A request is what `Desk::dashboard` does for a team's profile
//! (`crate::team_trail::KeptTrail`, then `dashboard::compute`), short of reading the
//! queue's status spans, which grows with the queue, not the trail:
//! - the first request reads the whole trail;
//! - each later one reads what was appended since (here ten entries, a desk's five
//!   enrollment links) and computes the figures again over the whole trail.

use std::time::{Duration, Instant};

use kyb_api::Operation;
use kyb_desk_core::dashboard::{DashboardQuery, TrailEntry, compute};
use kyb_desk_core::reasons::ReasonCatalogue;
use kyb_desk_core::sla::SlaPolicy;
use kyb_desk_core::team_trail::KeptTrail;
use kyb_desk_core::watchlist::WatchedFile;
use kyb_team::Role;
use kyb_team::testing::{SeedEntry, TestTeam};

const ENTRIES: usize = 1_000_000;
const ANALYSTS: usize = 200;
const QUEUE: usize = 10_000;
const RUNS: usize = 11;
const GOAL_MS: f64 = 500.0;
const REASONS: [&str; 4] = [
    "Comprobante de domicilio ilegible",
    "Opinión de cumplimiento vencida",
    "Acta sin sello",
    "RFC no coincide",
];

fn document(file: usize) -> String {
    format!("00000000-0000-4000-8000-{file:012}")
}

/// Four entries a file, as the window bench's trail: its arrival (a link), the
/// decision's intent, the decision, a failed call; spread over the last 84 days.
fn trail(now: chrono::DateTime<chrono::Utc>) -> impl Iterator<Item = SeedEntry> {
    let start = now - chrono::Duration::days(84);
    let (link, correction) = (
        Operation::EnrollmentLink.route(),
        Operation::Correction.route(),
    );
    (0..ENTRIES).map(move |k| {
        let file = k / 4;
        let at = start + chrono::Duration::seconds((k as i64) * 84 * 86_400 / ENTRIES as i64);
        let (operation, ok, summary) = match k % 4 {
            0 => (link, true, "enlace".to_owned()),
            1 => (correction, false, String::new()),
            2 => (
                correction,
                true,
                format!(
                    "2 secciones (ProofAddress Rechazada, Opinion Aceptada); notificar al usuario: sí; \
                     motivos de rechazo: [\"{}\"]",
                    REASONS[file % REASONS.len()]
                ),
            ),
            _ => (link, false, String::new()),
        };
        // A link names the file and the person; a decision, the file.
        let target = if operation == link {
            format!("{} / persona-1", document(file))
        } else {
            document(file)
        };
        SeedEntry {
            at_utc: at.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string(),
            member: format!("analista{}", file % ANALYSTS),
            operation: operation.to_owned(),
            target,
            summary,
            ok,
        }
    })
}

fn queue() -> Vec<WatchedFile> {
    (0..QUEUE)
        .map(|file| WatchedFile {
            flow_id: format!("flujo-{}", file % 3),
            document_id: Some(document(ENTRIES / 4 - 1 - file)),
            ..WatchedFile::default()
        })
        .collect()
}

/// The process's resident memory (MiB), from /proc.
fn resident_mib() -> f64 {
    let statm = std::fs::read_to_string("/proc/self/statm").unwrap_or_default();
    let pages: f64 = statm
        .split_whitespace()
        .nth(1)
        .and_then(|p| p.parse().ok())
        .unwrap_or(f64::NAN);
    pages * 4096.0 / 1_048_576.0
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn median(mut samples: Vec<f64>) -> f64 {
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

#[tokio::main]
async fn main() {
    let now = chrono::Utc::now();
    let team = TestTeam::new("kyb_dash").await;
    let boss = team.supervisor("jefa").await;
    let desk = team.member(&boss, "analista", Role::Analyst).await;
    let began = Instant::now();
    team.seed_trail(trail(now)).await;
    let seeded = began.elapsed();
    team.as_superuser_run(&["VACUUM (ANALYZE) team_audit"])
        .await;

    let queue = queue();
    let period = DashboardQuery {
        from: Some(
            (now - chrono::Duration::days(30))
                .format("%Y-%m-%d")
                .to_string(),
        ),
        utc_offset_minutes: -360,
        ..DashboardQuery::default()
    }
    .period()
    .expect("a valid query");
    let (catalogue, policy) = (ReasonCatalogue::new(), SlaPolicy::default());
    let kept = KeptTrail::default();
    // The figures over the kept entries, as `Desk::dashboard` computes them.
    let figures_of = |entries: &[kyb_desk_core::dashboard::KeptEntry]| {
        compute(
            entries.iter().map(TrailEntry::from),
            &queue,
            &catalogue,
            &policy,
            &period,
            now,
        )
    };

    // The first request: the whole trail read.
    let before = resident_mib();
    let asked = Instant::now();
    let entries = kept.entries("perfil", &desk).await.expect("the trail");
    let first_read = ms(asked.elapsed());
    let figures = figures_of(&entries);
    let first = ms(asked.elapsed());
    let held = resident_mib() - before;
    let read_entries = entries.len();
    let trail_entries = desk.head().await.expect("the head").seq;
    drop(entries);

    // Later requests, each after a desk's five calls (ten entries).
    let (mut requests, mut reads, mut computes) = (Vec::new(), Vec::new(), Vec::new());
    for run in 0..RUNS {
        for n in 0..5 {
            let (intent, _) = desk
                .intent(
                    Operation::EnrollmentLink.route(),
                    // A file of its own each time: a desk asks once for a person's link.
                    &format!("{} / persona-1", document(ENTRIES + run * 5 + n)),
                    "enlace",
                )
                .await
                .expect("the intent");
            desk.outcome(intent, true, None, None, false)
                .await
                .expect("the outcome");
        }
        let asked = Instant::now();
        let entries = kept.entries("perfil", &desk).await.expect("the trail");
        let read = asked.elapsed();
        let computed = Instant::now();
        let again = figures_of(&entries);
        computes.push(ms(computed.elapsed()));
        reads.push(ms(read));
        requests.push(ms(asked.elapsed()));
        // Each call's outcome is read by the figures; its intent is not.
        assert_eq!(
            entries.len(),
            read_entries + (run + 1) * 5,
            "every entry read once"
        );
        assert!(again.decisions_total >= figures.decisions_total);
    }
    let request = median(requests.clone());
    let max = requests.iter().copied().fold(0.0, f64::max);

    let lines = [
        "## The dashboard over a team's trail of 1,000,000 entries".to_owned(),
        String::new(),
        format!(
            "A team's trail of {ENTRIES} entries (four a file over twelve weeks, {ANALYSTS} analysts; \
             written as the owner, chained as the functions chain it, in {:.0} s) and a queue of {QUEUE} \
             files; the last 30 days asked for ({} decisions in them). A request is what the desk does \
             for a team's profile: the trail kept between requests (`kyb_desk_core::team_trail`), only \
             what was appended since read, then the figures computed over the whole trail; between \
             requests a desk asks for five enrollment links (ten entries). The queue's status spans, read per file of \
             the queue, are not in these figures. `cargo bench -p kyb-desk-core --bench team_dashboard`.",
            seeded.as_secs_f64(),
            figures.decisions_total
        ),
        String::new(),
        "| request | median (ms) | max | of which reading | of which computing | runs |".to_owned(),
        "|---|---:|---:|---:|---:|---:|".to_owned(),
        format!(
            "| the first: the whole trail read ({trail_entries} entries, {read_entries} of them kept: the successful calls on a file) | {first:.0} | — | {first_read:.0} | {:.0} | 1 |",
            first - first_read
        ),
        format!(
            "| each later one: what was appended since read | **{request:.0}** | {max:.0} | {:.1} | {:.0} | {RUNS} |",
            median(reads),
            median(computes)
        ),
        String::new(),
        format!(
            "The kept trail holds about {held:.0} MiB of the desk's memory (resident, before and after the first request)."
        ),
    ];
    println!("{}", lines.join("\n"));
    if let Ok(path) = std::env::var("KYB_BENCH_GOALS") {
        let verdict = if request <= GOAL_MS {
            "met"
        } else {
            "**not met**"
        };
        std::fs::write(
            path,
            format!(
                "| team: the dashboard over a trail of {ENTRIES} entries, a request (median; the first, reading it whole: {first:.0} ms) | ≤ {GOAL_MS:.0} ms | {request:.0} ms | {verdict} |\n"
            ),
        )
        .expect("the goal written");
    }
    desk.close().await;
    boss.close().await;
}

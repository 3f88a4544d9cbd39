//! The dashboard's figures over a trail of 100,000 entries and a queue of 10,000 files,
//! computed as the desk computes them (kyb_desk_core::dashboard: the entries read as
//! one input, one pass). The trail is built in memory first, as the desk holds it once
//! read; what is timed is the reading into the common input and the figures.

use std::time::Instant;

use kyb_desk_core::audit::anchor::MemoryAnchor;
use kyb_desk_core::audit::{AuditEntry, AuditLog, AuditTarget, Outcome, Record};
use kyb_desk_core::dashboard::{DashboardQuery, TrailEntry, compute};
use kyb_desk_core::reasons::ReasonCatalogue;
use kyb_desk_core::sla::SlaPolicy;
use kyb_desk_core::watchlist::WatchedFile;

use std::time::Duration;

use kyb_e2e::DataDir;
use kyb_sandbox::RunningSandbox;
use serde_json::json;

use crate::Args;
use crate::common::{ms, row};
use crate::journeys::{call, clear_measures, first_profile, measures, open_app, wait_for_measure};
use crate::stats::Summary;

pub const ENTRIES: usize = 100_000;
pub const QUEUE: usize = 10_000;
const ANALYSTS: usize = 20;

const REASONS: [&str; 6] = [
    "Tiene más de tres meses",
    "Falta firma",
    "Página ilegible",
    "El RFC no coincide",
    "Documento cortado",
    "Falta la página 2",
];

fn record(
    profile: &str,
    seq: usize,
    (day, minute): (usize, usize),
    file: usize,
    operation: &str,
    ok: bool,
    summary: String,
) -> AuditEntry {
    let document_id = format!("00000000-0000-4000-8000-{file:012}");
    AuditEntry::new(
        Record {
            seq: u32::try_from(seq).unwrap_or(u32::MAX),
            at_utc: format!(
                "2025-{:02}-{:02}T{:02}:{:02}:00Z",
                1 + day / 28,
                1 + day % 28,
                8 + minute / 60 % 10,
                minute % 60
            ),
            profile: profile.into(),
            agent_email: format!("analista{}@banco.mx", file % ANALYSTS),
            operation: operation.into(),
            target: document_id.clone(),
            summary,
            outcome: Outcome {
                ok,
                code: None,
                message: None,
            },
            completes: None,
            about: Some(AuditTarget::File { document_id }),
            prev_hash: String::new(),
        },
        String::new(),
    )
}

/// Four entries a file: its arrival, the decision's intent, the decision, a failed call;
/// written under `profile`'s name.
fn trail(profile: &str) -> Vec<AuditEntry> {
    let correction = kyb_api::Operation::Correction.route();
    let link = kyb_api::Operation::EnrollmentLink.route();
    (0..ENTRIES / 4)
        .flat_map(|file| {
            let day = file % 84;
            let reason = REASONS[file % REASONS.len()];
            let decided = format!(
                "2 secciones (ProofAddress Rechazada, Opinion Aceptada); notificar al usuario: sí; \
                 motivos de rechazo: [\"{reason}\"]"
            );
            [
                record(
                    profile,
                    file * 4,
                    (day, 0),
                    file,
                    link,
                    true,
                    "enlace".into(),
                ),
                record(
                    profile,
                    file * 4 + 1,
                    (day, file % 500),
                    file,
                    correction,
                    false,
                    String::new(),
                ),
                record(
                    profile,
                    file * 4 + 2,
                    (day, file % 500 + 1),
                    file,
                    correction,
                    true,
                    decided,
                ),
                record(
                    profile,
                    file * 4 + 3,
                    (day, file % 500 + 2),
                    file,
                    link,
                    false,
                    String::new(),
                ),
            ]
        })
        .collect()
}

fn queue() -> Vec<WatchedFile> {
    (0..QUEUE)
        .map(|file| WatchedFile {
            flow_id: format!("flujo-{}", file % 3),
            document_id: Some(format!("00000000-0000-4000-8000-{file:012}")),
            updated_at_utc: Some(format!("2025-03-{:02}T10:00:00Z", 1 + file % 28)),
            ..WatchedFile::default()
        })
        .collect()
}

/// The trail as the desk's audit log holds it: one JSON line an entry.
fn log_text(profile: &str) -> Vec<u8> {
    let mut log = Vec::new();
    for entry in trail(profile) {
        serde_json::to_writer(&mut log, &entry).expect("an entry as JSON");
        log.push(b'\n');
    }
    log
}

/// What the window measured: each run from the figures asked for to the charts painted,
/// and of that, from asked to the answer received (the command's round trip), when the
/// page measures it.
pub struct Window {
    pub drawn: Vec<f64>,
    pub answered: Vec<f64>,
}

/// How long the desk takes to read the trail from its log file ([`AuditLog::entries`],
/// as it was read at each request before the entries were kept), median of `runs`; the
/// same log read again through what is kept ([`AuditLog::shared_entries`], as the
/// dashboard's command reads it); and the log's size in bytes.
fn log_read(runs: usize) -> (Summary, Summary, usize) {
    let dir = DataDir::new();
    let path = kyb_desk_core::desk::audit_path(dir.path());
    let text = log_text("Producción");
    std::fs::write(&path, &text).expect("the log written");
    let log = AuditLog::new(path, Box::new(MemoryAnchor::new()));
    let samples: Vec<Duration> = (0..=runs)
        .map(|_| {
            let started = Instant::now();
            let read = log.entries().expect("the log read");
            assert_eq!(read.entries.len(), ENTRIES, "every entry read");
            started.elapsed()
        })
        .collect();
    // Read again, nothing appended: what the desk reads at each later request.
    log.shared_entries().expect("the log read");
    let kept: Vec<Duration> = (0..runs)
        .map(|_| {
            let started = Instant::now();
            let read = log.shared_entries().expect("the log read");
            assert_eq!(read.entries.len(), ENTRIES, "every entry kept");
            started.elapsed()
        })
        .collect();
    (
        Summary::of_durations(&samples[1..]),
        Summary::of_durations(&kept),
        text.len(),
    )
}

/// `window`: the in-window samples ([`in_window`]), in ms.
pub fn section(runs: usize, window: &Window) -> Vec<String> {
    let (read, kept, log_bytes) = log_read(runs);
    let (trail, queue) = (trail("Producción"), queue());
    let period = DashboardQuery {
        utc_offset_minutes: -360,
        ..DashboardQuery::default()
    }
    .period()
    .expect("a valid query");
    let now = kyb_api::time::parse_timestamp("2025-04-01T12:00:00Z").expect("a time");
    let (catalogue, policy) = (ReasonCatalogue::new(), SlaPolicy::default());
    let mut samples = Vec::with_capacity(runs);
    let mut decisions = 0;
    let mut answer_bytes = 0;
    for _ in 0..=runs {
        let started = Instant::now();
        let figures = compute(
            trail.iter().map(TrailEntry::from),
            &queue,
            &catalogue,
            &policy,
            &period,
            now,
        );
        samples.push(started.elapsed());
        decisions = figures.decisions_total;
        answer_bytes = serde_json::to_vec(&figures).expect("the answer").len();
    }
    // The first run warms the caches; not counted.
    let summary = Summary::of_durations(&samples[1..]);
    let (drawn, drawn_p95) = (Summary::of(&window.drawn), Summary::p95(&window.drawn));
    // A build whose page has no `dashboard-answer` measure splits nothing.
    let answered = (!window.answered.is_empty()).then(|| Summary::of(&window.answered).median);
    let answered_ms = answered.map_or_else(|| "—".to_owned(), ms);
    let painting_ms = answered.map_or_else(|| "—".to_owned(), |a| ms(drawn.median - a));
    vec![
        String::new(),
        "## Dashboard figures".to_owned(),
        String::new(),
        format!(
            "The dashboard's figures (decisions per analyst per day, time to decision, the \
             queue's ages, SLA attainment, rejection reasons) over a trail of {ENTRIES} \
             entries ({decisions} decisions, with their intents and failed calls) and a \
             queue of {QUEUE} files, computed in the desk core, the trail already read; \
             median of {} runs.",
            summary.runs
        ),
        String::new(),
        "| entries | queue | median (ms) | min | max |".to_owned(),
        "|---:|---:|---:|---:|---:|".to_owned(),
        row(&[
            ENTRIES.to_string(),
            QUEUE.to_string(),
            ms(summary.median),
            ms(summary.min),
            ms(summary.max),
        ]),
        String::new(),
        format!(
            "In the window (the release build, `dashboard` measure of `ui/src/perf.ts`): \
             the same trail as the desk's audit log of the active profile, from the \
             figures asked for (the command sent: the log read, the figures computed, \
             the answer carried) to the charts drawn and painted; each run asks for \
             another analyst filter, so each is computed afresh (the log's entries are \
             kept from the warm-up's request: the log only grows, and only what was \
             appended since is parsed); median of {} runs.",
            drawn.runs
        ),
        String::new(),
        "| entries | median (ms) | p95 (ms) | min | max |".to_owned(),
        "|---:|---:|---:|---:|---:|".to_owned(),
        row(&[
            ENTRIES.to_string(),
            ms(drawn.median),
            ms(drawn_p95),
            ms(drawn.min),
            ms(drawn.max),
        ]),
        String::new(),
        "Where a request's time goes (medians, ms):".to_owned(),
        String::new(),
        "| step | ms |".to_owned(),
        "|---|---:|".to_owned(),
        row(&[
            format!(
                "the audit log read and parsed whole ({:.1} MiB, `AuditLog::entries`: the dashboard's first request)",
                log_bytes as f64 / 1_048_576.0
            ),
            ms(read.median),
        ]),
        row(&[
            "the same log read again, nothing appended (`AuditLog::shared_entries`: the \
             entries kept since the first request, only appended lines parsed)"
                .into(),
            ms(kept.median),
        ]),
        row(&["the figures computed (above)".into(), ms(summary.median)]),
        row(&[
            format!(
                "in the window: asked → answer received (the command's round trip; the \
                 answer is {:.1} KiB of JSON)",
                answer_bytes as f64 / 1024.0
            ),
            answered_ms,
        ]),
        row(&[
            "in the window: answer received → charts painted (React, uPlot, paint)".into(),
            painting_ms,
        ]),
    ]
}

/// The dashboard in the real window over a trail of [`ENTRIES`] entries: a profile is
/// made (through its form, as in the other journeys), the app closed, the trail
/// written as the profile's audit log, the app opened again on it; then the dashboard
/// is opened and asked again `runs` times with another analyst filter. Each run: the
/// `dashboard` measure, from the figures asked for to the charts painted.
pub async fn in_window(args: &Args, sandbox: &RunningSandbox) -> Window {
    let data = DataDir::new();
    let app = open_app(args, &data).await;
    first_profile(&app, &sandbox.manifest, &[]).await;
    let book = call(&app, "profiles", json!({})).await;
    let profile = book["profiles"]
        .as_array()
        .and_then(|all| all.iter().find(|p| p["id"] == book["active"]))
        .and_then(|p| p["name"].as_str())
        .expect("the active profile's name")
        .to_owned();
    app.close().await;

    std::fs::write(
        kyb_desk_core::desk::audit_path(data.path()),
        log_text(&profile),
    )
    .expect("the log written");

    let app = open_app(args, &data).await;
    app.wait_for_text("[data-testid=nav-dashboard]", "").await;
    clear_measures(&app).await;
    app.click("[data-testid=nav-dashboard]").await;
    let limit = Duration::from_secs(60);
    // The screen opens on the last 30 days, and the trail's days are of 2025: the whole
    // period is asked for. A warm-up (the screen's chunk was just fetched), not counted.
    app.wait_for_text("[data-testid=dashboard-analyst]", "analista0@banco.mx")
        .await;
    app.choose("[data-testid=dashboard-preset]", "all").await;
    wait_for_measure(&app, "dashboard", 1, limit).await;
    let mut drawn = Vec::with_capacity(args.runs);
    for run in 0..args.runs {
        // analista0…: the trail's analysts; "" is everyone.
        let analyst = if run % 2 == 0 {
            format!("analista{}@banco.mx", run % 20)
        } else {
            String::new()
        };
        app.choose("[data-testid=dashboard-analyst]", &analyst)
            .await;
        drawn.push(wait_for_measure(&app, "dashboard", run + 2, limit).await);
    }
    // The page's `dashboard-answer` measures (`ui/src/api/queries.ts`): each request's
    // answer received, the first the warm-up's.
    let answered = measures(&app, "dashboard-answer").await;
    app.close().await;
    Window {
        answered: answered[answered.len().saturating_sub(args.runs)..].to_vec(),
        drawn,
    }
}

//! The dashboard's figures over a trail of 100,000 entries and a queue of 10,000 files,
//! computed as the desk computes them (kyb_desk_core::dashboard: the entries read as
//! one input, one pass). The trail is built in memory first, as the desk holds it once
//! read; what is timed is the reading into the common input and the figures.

use std::time::Instant;

use kyb_desk_core::audit::{AuditEntry, AuditTarget, Outcome, Record};
use kyb_desk_core::dashboard::{DashboardQuery, TrailEntry, compute};
use kyb_desk_core::reasons::ReasonCatalogue;
use kyb_desk_core::sla::SlaPolicy;
use kyb_desk_core::watchlist::WatchedFile;

use crate::stats::Summary;
use crate::{ms, row};

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
    seq: usize,
    day: usize,
    minute: usize,
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
            profile: "Producción".into(),
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

/// Four entries a file: its arrival, the decision's intent, the decision, a failed call.
fn trail() -> Vec<AuditEntry> {
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
                record(file * 4, day, 0, file, link, true, "enlace".into()),
                record(
                    file * 4 + 1,
                    day,
                    file % 500,
                    file,
                    correction,
                    false,
                    String::new(),
                ),
                record(
                    file * 4 + 2,
                    day,
                    file % 500 + 1,
                    file,
                    correction,
                    true,
                    decided,
                ),
                record(
                    file * 4 + 3,
                    day,
                    file % 500 + 2,
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

pub fn section(runs: usize) -> Vec<String> {
    let (trail, queue) = (trail(), queue());
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
    }
    // The first run warms the caches; not counted.
    let summary = Summary::of_durations(&samples[1..]);
    vec![
        String::new(),
        "## Dashboard figures".to_owned(),
        String::new(),
        format!(
            "The dashboard's figures (decisions per analyst per day, time to decision, the \
             queue's ages, SLA attainment, rejection reasons) over a trail of {ENTRIES} \
             entries ({decisions} decisions, with their intents and failed calls) and a \
             queue of {QUEUE} files, computed in the desk core, the trail already read; \
             median of {} runs. The window's share (the command, the drawing) is not in \
             this figure yet.",
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
    ]
}

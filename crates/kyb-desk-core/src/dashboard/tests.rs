//! The figures over a fixture trail and queue, each expected value worked out by hand
//! in the comments beside it.

use chrono::{DateTime, Utc};
use kyb_api::Operation;
use kyb_api::file::StatusCategory;

use super::*;
use crate::audit::{AuditEntry, Outcome, Record};
use crate::reasons::ReasonCatalogue;
use crate::sla::{BusinessCalendar, SlaPolicy, SlaTargets};
use crate::watchlist::WatchedFile;

const CORRECTION: &str = "POST /expedientes/solicitar-correccion";

fn at(text: &str) -> DateTime<Utc> {
    kyb_api::time::parse_timestamp(text).expect("a time")
}

fn entry<'a>(
    at_utc: &'a str,
    analyst: &'a str,
    operation: &'a str,
    file: &str,
    ok: bool,
    summary: &'a str,
) -> TrailEntry<'a> {
    TrailEntry {
        at: kyb_api::time::parse_timestamp(at_utc),
        analyst,
        operation,
        document_id: Some(file.to_owned().into()),
        summary,
        ok,
    }
}

const ANA: &str = "ana@banco.mx";
const BETO: &str = "beto@banco.mx";
const CARLA: &str = "carla@banco.mx";

/// The fixture trail, oldest first (see each line's note).
fn trail() -> Vec<TrailEntry<'static>> {
    let link = Operation::EnrollmentLink.route();
    let added = Operation::ComplementaryInfo.route();
    vec![
        // D1 arrives (its first entry): 03-03 09:00.
        entry("2025-03-03T09:00:00Z", ANA, link, "D1", true, "enlace"),
        // An intent: neither an arrival nor a decision.
        entry("2025-03-03T09:30:00Z", ANA, CORRECTION, "D1", false, ""),
        // Decision 1 (ana, 03-03): D1 waited 1 h. One rejection, with its reason.
        entry(
            "2025-03-03T10:00:00Z",
            ANA,
            CORRECTION,
            "D1",
            true,
            "2 secciones (ProofAddress Rechazada, Opinion Aceptada); notificar al usuario: sí; \
             motivos de rechazo: [\"Tiene más de tres meses\"]",
        ),
        // An intent on D2: were it an arrival, decision 2 would be timed.
        entry("2025-03-03T10:30:00Z", BETO, CORRECTION, "D2", false, ""),
        // Decision 2 (beto, 03-03): nothing before it, untimed. A rejection written
        // before reasons were recorded: without reason.
        entry(
            "2025-03-03T11:00:00Z",
            BETO,
            CORRECTION,
            "D2",
            true,
            "1 secciones (Acta Rechazada); notificar al usuario: no",
        ),
        // D3 arrives 03-04 08:00.
        entry("2025-03-04T08:00:00Z", BETO, added, "D3", true, "flujo x"),
        // A failed correction on D4: were it an arrival, decision 5 would be timed;
        // were it a decision, it would be counted.
        entry(
            "2025-03-04T09:00:00Z",
            BETO,
            CORRECTION,
            "D4",
            false,
            "1 secciones (A Rechazada); notificar al usuario: sí",
        ),
        // Decision 3 (beto, 03-04): D3 waited 4 h. Two rejections, two reasons (the
        // first the same as decision 1's, but for case, spacing and a period).
        entry(
            "2025-03-04T12:00:00Z",
            BETO,
            CORRECTION,
            "D3",
            true,
            "2 secciones (ProofAddress Rechazada, FiscalCSF Rechazada); notificar al usuario: sí; \
             motivos de rechazo: [\"tiene  más de tres meses.\",\"Falta firma\"]",
        ),
        // D1's second round starts with a finding acknowledged, 03-05 10:00.
        entry(
            "2025-03-05T10:00:00Z",
            ANA,
            "desk: findings-acknowledged",
            "D1",
            true,
            "hallazgo",
        ),
        // Decision 4 (ana, 03-05): D1 waited 2 h in this round. Nothing rejected.
        entry(
            "2025-03-05T12:00:00Z",
            ANA,
            CORRECTION,
            "D1",
            true,
            "1 secciones (Opinion Aceptada); notificar al usuario: sí",
        ),
        // Decision 5 (ana): 03-07 in UTC, 03-06 21:00 in Mexico City. Untimed.
        entry(
            "2025-03-07T03:00:00Z",
            ANA,
            CORRECTION,
            "D4",
            true,
            "1 secciones (Acta Rechazada); notificar al usuario: sí; motivos de rechazo: [\"Falta firma\"]",
        ),
        // A time that cannot be read: not counted.
        entry(
            "ayer",
            ANA,
            CORRECTION,
            "D1",
            true,
            "1 secciones (Acta Rechazada); notificar al usuario: sí",
        ),
        // Decision 6 (carla, 03-08) on a file the queue does not hold: no known flow.
        entry(
            "2025-03-08T10:00:00Z",
            CARLA,
            CORRECTION,
            "D9",
            true,
            "1 secciones (X Aceptada); notificar al usuario: sí",
        ),
    ]
}

fn file(
    id: &str,
    flow: &str,
    status: Option<StatusCategory>,
    updated: Option<&str>,
) -> WatchedFile {
    WatchedFile {
        flow_id: flow.into(),
        document_id: Some(id.into()),
        status_category: status,
        document_status: status.map(|_| "x".into()),
        updated_at_utc: updated.map(Into::into),
        ..WatchedFile::default()
    }
}

const NOW: &str = "2025-03-10T12:00:00Z";

/// Open: D1 (0 days: today), D3 (2 days), D4 (5 days 1 h), D5 (never read: unknown),
/// D6 (37 days); D2 is approved.
fn queue() -> Vec<WatchedFile> {
    vec![
        file(
            "D1",
            "moral",
            Some(StatusCategory::InReview),
            Some("2025-03-10T08:00:00Z"),
        ),
        file(
            "D2",
            "moral",
            Some(StatusCategory::Approved),
            Some("2025-03-03T11:00:00Z"),
        ),
        file(
            "D3",
            "fisica",
            Some(StatusCategory::Queued),
            Some("2025-03-08T12:00:00Z"),
        ),
        file(
            "D4",
            "moral",
            Some(StatusCategory::WithUser),
            Some("2025-03-05T11:00:00Z"),
        ),
        file("D5", "fisica", None, None),
        file(
            "D6",
            "moral",
            Some(StatusCategory::Queued),
            Some("2025-02-01T12:00:00Z"),
        ),
    ]
}

fn catalogue() -> ReasonCatalogue {
    [(
        "ProofAddress".to_owned(),
        vec!["Tiene más de tres meses".to_owned()],
    )]
    .into()
}

fn figures(query: DashboardQuery) -> Dashboard {
    figures_of(trail(), &queue(), query)
}

/// A round-the-clock office in UTC with a 2-hour target for the queue: a wait's
/// business time is its wall time.
fn policy() -> SlaPolicy {
    SlaPolicy {
        calendar: BusinessCalendar {
            working_days: vec![1, 2, 3, 4, 5, 6, 7],
            opens_at_minute: 0,
            closes_at_minute: 24 * 60,
            utc_offset_minutes: 0,
            statutory_holidays: false,
            days_off: Vec::new(),
        },
        targets: SlaTargets {
            queued_hours: Some(2),
            ..SlaTargets::default()
        },
    }
}

fn figures_of(
    trail: Vec<TrailEntry<'_>>,
    queue: &[WatchedFile],
    query: DashboardQuery,
) -> Dashboard {
    let period = query.period().expect("a valid query");
    compute(trail, queue, &catalogue(), &policy(), &period, at(NOW))
}

fn day(day: &str, analyst: &str, count: u32) -> DecisionsOnDay {
    DecisionsOnDay {
        day: day.into(),
        analyst: analyst.into(),
        count,
    }
}

fn bands(counts: [u32; 5]) -> Vec<AgeBandCount> {
    AgeBand::ALL
        .iter()
        .zip(counts)
        .map(|(band, count)| AgeBandCount { band: *band, count })
        .collect()
}

fn reason(text: &str, count: u32, catalogued: bool) -> ReasonCount {
    ReasonCount {
        reason: text.into(),
        count,
        catalogued,
    }
}

#[test]
fn every_figure_over_the_whole_trail() {
    let all = figures(DashboardQuery::default());
    assert_eq!(
        all.decisions,
        vec![
            day("2025-03-03", ANA, 1),
            day("2025-03-03", BETO, 1),
            day("2025-03-04", BETO, 1),
            day("2025-03-05", ANA, 1),
            day("2025-03-07", ANA, 1),
            day("2025-03-08", CARLA, 1),
        ]
    );
    assert_eq!(all.decisions_total, 6);
    assert_eq!(all.analysts, [ANA, BETO, CARLA]);
    assert_eq!(all.flows, ["fisica", "moral"]);
    // Waits 3600, 14400, 7200 s; sorted 3600, 7200, 14400: the median is rank ⌈1.5⌉ =
    // 2, the p90 rank ⌈2.7⌉ = 3. Decisions 2, 5 and 6 had no arrival.
    assert_eq!(
        all.time_to_decision,
        TimeToDecision {
            timed: 3,
            untimed: 3,
            median_seconds: Some(7200),
            p90_seconds: Some(14400),
        }
    );
    assert_eq!(
        (all.queue.open, all.queue.bands),
        (5, bands([1, 1, 1, 1, 1]))
    );
    // Against 2 hours: 1 h within, 4 h over, 2 h reached (breached); three untimed.
    // 1 of 3 measured: 333 thousandths.
    assert_eq!(
        all.sla,
        SlaAttainment {
            within: 1,
            breached: 2,
            unmeasured: 3,
            share_permille: Some(333),
        }
    );
    // Rejected: 1 + 1 + 2 + 0 + 1 + 0 = 5, decision 2's without reason. "Tiene más de
    // tres meses" twice (as first written, and in the catalogue), "Falta firma" twice:
    // a tie, by text.
    assert_eq!(
        all.reasons,
        RejectionReasons {
            rejected_sections: 5,
            without_reason: 1,
            top: vec![
                reason("Falta firma", 2, false),
                reason("Tiene más de tres meses", 2, true),
            ],
        }
    );
}

#[test]
fn a_period_counts_the_days_it_holds_in_the_windows_time_zone() {
    let period = |offset| DashboardQuery {
        from: Some("2025-03-04".into()),
        to: Some("2025-03-06".into()),
        utc_offset_minutes: offset,
        ..DashboardQuery::default()
    };
    // In UTC: decisions 3 and 4; decision 5 fell on 03-07.
    let utc = figures(period(0));
    assert_eq!(
        utc.decisions,
        vec![day("2025-03-04", BETO, 1), day("2025-03-05", ANA, 1)]
    );
    assert_eq!(
        (utc.time_to_decision.timed, utc.time_to_decision.untimed),
        (2, 0)
    );
    // Waits 14400 and 7200: the median is the lower (rank 1), the p90 rank 2.
    assert_eq!(utc.time_to_decision.median_seconds, Some(7200));
    assert_eq!(utc.time_to_decision.p90_seconds, Some(14400));
    // In Mexico City (UTC-6) decision 5 is on the 6th, the last day held.
    let mexico = figures(period(-360));
    assert_eq!(
        mexico.decisions,
        vec![
            day("2025-03-04", BETO, 1),
            day("2025-03-05", ANA, 1),
            day("2025-03-06", ANA, 1),
        ]
    );
    // The choices stay whole, whatever the period.
    assert_eq!(mexico.analysts, [ANA, BETO, CARLA]);
    // A single day is a period too; one that ends before it starts is refused.
    let one = figures(DashboardQuery {
        from: Some("2025-03-03".into()),
        to: Some("2025-03-03".into()),
        ..DashboardQuery::default()
    });
    assert_eq!(one.decisions_total, 2);
    let backwards = DashboardQuery {
        from: Some("2025-03-05".into()),
        to: Some("2025-03-04".into()),
        ..DashboardQuery::default()
    };
    assert_eq!(
        backwards.period().expect_err("refused").code,
        crate::error::DeskCode::InvalidInput
    );
}

#[test]
fn an_analyst_filter_and_a_flow_filter() {
    let beto = figures(DashboardQuery {
        analyst: Some(BETO.into()),
        ..DashboardQuery::default()
    });
    assert_eq!(
        beto.decisions,
        vec![day("2025-03-03", BETO, 1), day("2025-03-04", BETO, 1)]
    );
    // Only decision 3 was timed (4 h); decision 2 was not.
    assert_eq!(
        beto.time_to_decision,
        TimeToDecision {
            timed: 1,
            untimed: 1,
            median_seconds: Some(14400),
            p90_seconds: Some(14400),
        }
    );
    // 1 + 2 rejected, one without reason; the reasons as beto wrote them.
    assert_eq!(
        beto.reasons,
        RejectionReasons {
            rejected_sections: 3,
            without_reason: 1,
            top: vec![
                reason("Falta firma", 1, false),
                reason("tiene  más de tres meses.", 1, true),
            ],
        }
    );
    assert_eq!(
        (
            beto.sla.within,
            beto.sla.breached,
            beto.sla.unmeasured,
            beto.sla.share_permille
        ),
        (0, 1, 1, Some(0))
    );
    // The queue is everyone's: no analyst filter applies to it.
    assert_eq!(beto.queue.open, 5);

    let fisica = figures(DashboardQuery {
        flow: Some("fisica".into()),
        ..DashboardQuery::default()
    });
    // Only D3 (decision 3) is of this flow; D9 has no known flow.
    assert_eq!(fisica.decisions, vec![day("2025-03-04", BETO, 1)]);
    // Open of this flow: D3 (2 days), D5 (unknown).
    assert_eq!(
        (fisica.queue.open, fisica.queue.bands),
        (2, bands([0, 1, 0, 0, 1]))
    );
    let moral = figures(DashboardQuery {
        flow: Some("moral".into()),
        ..DashboardQuery::default()
    });
    assert_eq!(moral.decisions_total, 4);
    assert_eq!(
        (moral.queue.open, moral.queue.bands),
        (3, bands([1, 0, 1, 1, 0]))
    );
}

#[test]
fn an_empty_trail_and_queue_give_empty_figures_not_zeros_that_look_measured() {
    let empty = figures_of(Vec::new(), &[], DashboardQuery::default());
    assert_eq!(
        empty,
        Dashboard {
            decisions: Vec::new(),
            decisions_total: 0,
            analysts: Vec::new(),
            flows: Vec::new(),
            time_to_decision: TimeToDecision {
                timed: 0,
                untimed: 0,
                median_seconds: None,
                p90_seconds: None,
            },
            queue: QueueAges {
                open: 0,
                bands: bands([0; 5]),
                overdue: 0,
                due_soon: 0,
                by_risk: RiskBand::ALL
                    .iter()
                    .map(|band| RiskBandCount {
                        band: *band,
                        count: 0
                    })
                    .collect(),
            },
            sla: SlaAttainment::default(),
            reasons: RejectionReasons {
                rejected_sections: 0,
                without_reason: 0,
                top: Vec::new(),
            },
        }
    );
}

#[test]
fn intents_and_failed_calls_count_for_nothing() {
    let without: Vec<TrailEntry<'_>> = trail().into_iter().filter(|e| e.ok).collect();
    assert_eq!(
        figures_of(without, &queue(), DashboardQuery::default()),
        figures(DashboardQuery::default())
    );
}

#[test]
fn both_trails_read_into_the_same_entry() {
    // A DocumentId as the service writes them (a text target is read as one only then).
    const FILE: &str = "0b4c1f2e-8d3a-4c55-9e21-7a6b5c4d3e2f";
    let record = Record {
        seq: 3,
        at_utc: "2025-03-03T10:00:00Z".into(),
        profile: "Producción".into(),
        agent_email: ANA.into(),
        operation: CORRECTION.into(),
        target: FILE.into(),
        summary: "s".into(),
        outcome: Outcome {
            ok: true,
            code: None,
            message: None,
        },
        completes: Some(2),
        about: None,
        prev_hash: String::new(),
    };
    let local = AuditEntry::new(record, "h".into());
    let team = kyb_team::TeamAuditEntry {
        seq: 3,
        at_utc: "2025-03-03T10:00:00Z".into(),
        member: ANA.into(),
        operation: CORRECTION.into(),
        target: FILE.into(),
        summary: "s".into(),
        ok: true,
        code: None,
        message: None,
        completes: Some(2),
        prev_hash: String::new(),
        hash: "h".into(),
        format: 2,
    };
    let expected = entry("2025-03-03T10:00:00Z", ANA, CORRECTION, FILE, true, "s");
    assert_eq!(TrailEntry::from(&local), expected);
    assert_eq!(TrailEntry::from(&team), expected);
    assert!(expected.is_decision());
}

#[test]
fn the_csv_holds_every_figure_and_a_reason_is_never_a_formula() {
    let mut dashboard = figures(DashboardQuery::default());
    dashboard
        .reasons
        .top
        .push(reason("=HYPERLINK(\"x\")", 1, false));
    let period = DashboardQuery::default().period().expect("valid");
    let (text, rows) = csv::to_csv(&dashboard, &period).expect("written");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "figura,detalle,analista,valor");
    // 5 heading rows, 6 per-day rows, 4 times and the open count, 5 bands, overdue
    // and due soon, 5 risk bands, 4 SLA figures, 2 rejection counts, 3 reasons.
    assert_eq!(rows, 5 + 6 + 5 + 5 + 2 + 5 + 4 + 2 + 3);
    assert!(lines.contains(&"sla_cumplimiento_por_mil,,,333"));
    assert_eq!(lines.len() as u32, rows + 1);
    assert!(lines.contains(&"decisiones,2025-03-03,beto@banco.mx,1"));
    assert!(lines.contains(&"tiempo_a_decision_mediana_s,,,7200"));
    assert!(lines.contains(&"cola_por_antiguedad,sin fecha,,1"));
    assert!(lines.contains(&"motivo_de_rechazo,\"'=HYPERLINK(\"\"x\"\")\",,1"));
}

#[test]
fn without_a_target_for_the_queue_nothing_is_measured() {
    let mut untargeted = policy();
    untargeted.targets.queued_hours = None;
    let period = DashboardQuery::default().period().expect("valid");
    let figures = compute(
        trail(),
        &queue(),
        &catalogue(),
        &untargeted,
        &period,
        at(NOW),
    );
    assert_eq!(
        figures.sla,
        SlaAttainment {
            within: 0,
            breached: 0,
            unmeasured: 6,
            share_permille: None,
        }
    );
}

mod spans;

/// The queue's open files by their SLA clock and by risk: what a supervisor looks at
/// first. Against the 2-hour target with the default 2 hours' warning, at NOW:
/// - Q1 queued since 3 hours: overdue; reviewed, a high risk;
/// - Q2 queued since 1 hour: due soon; reviewed, nothing found;
/// - Q3 with the end user (the clock paused, long past): neither; a medium risk;
/// - Q4 never read: unchecked, no clock;
/// - Q5 approved long after its target: not open, so counted nowhere, high risk and all.
#[test]
fn the_queue_counts_its_open_files_overdue_due_soon_and_by_risk() {
    use crate::evidence::Severity;
    use crate::sla::StatusSpan;
    use crate::watchlist::FileRisk;
    let spans = |list: &[(StatusCategory, &str)]| -> Vec<StatusSpan> {
        list.iter()
            .map(|(category, since)| StatusSpan {
                category: *category,
                since: at(since),
            })
            .collect()
    };
    let risk = |level: Option<Severity>| FileRisk {
        level,
        findings: u32::from(level.is_some()),
        hits: 0,
        checked_at_utc: "2025-03-10T09:00:00Z".into(),
    };
    let with = |id: &str,
                status: StatusCategory,
                history: &[(StatusCategory, &str)],
                judged: Option<FileRisk>| {
        WatchedFile {
            status_spans: spans(history),
            risk: judged,
            ..file(id, "moral", Some(status), Some("2025-03-10T08:00:00Z"))
        }
    };
    let queue = vec![
        with(
            "Q1",
            StatusCategory::Queued,
            &[(StatusCategory::Queued, "2025-03-10T09:00:00Z")],
            Some(risk(Some(Severity::High))),
        ),
        with(
            "Q2",
            StatusCategory::Queued,
            &[(StatusCategory::Queued, "2025-03-10T11:00:00Z")],
            Some(risk(None)),
        ),
        with(
            "Q3",
            StatusCategory::WithUser,
            &[
                (StatusCategory::Queued, "2025-03-10T09:30:00Z"),
                (StatusCategory::WithUser, "2025-03-10T10:00:00Z"),
            ],
            Some(risk(Some(Severity::Medium))),
        ),
        file("Q4", "moral", None, None),
        with(
            "Q5",
            StatusCategory::Approved,
            &[
                (StatusCategory::Queued, "2025-03-01T09:00:00Z"),
                (StatusCategory::Approved, "2025-03-09T09:00:00Z"),
            ],
            Some(risk(Some(Severity::High))),
        ),
    ];
    let figures = figures_of(Vec::new(), &queue, DashboardQuery::default());
    assert_eq!(figures.queue.open, 4);
    assert_eq!((figures.queue.overdue, figures.queue.due_soon), (1, 1));
    assert_eq!(
        figures
            .queue
            .by_risk
            .iter()
            .map(|b| (b.band, b.count))
            .collect::<Vec<_>>(),
        [
            (RiskBand::High, 1),
            (RiskBand::Medium, 1),
            (RiskBand::Low, 0),
            (RiskBand::Clear, 1),
            (RiskBand::Unchecked, 1),
        ]
    );
    // The CSV says the same, in words.
    let (csv, _) = super::csv::to_csv(
        &figures,
        &DashboardQuery::default().period().expect("a period"),
    )
    .expect("csv");
    assert!(csv.contains("cola_vencidos,,,1"), "{csv}");
    assert!(csv.contains("cola_por_riesgo,alto,,1"), "{csv}");
    assert!(csv.contains("cola_por_riesgo,sin revisar,,1"), "{csv}");
}

//! Arrival and attainment from the files' status spans (see [`crate::dashboard::timing`]),
//! on a fixture of their own; the policy is the fixture's round-the-clock office in UTC
//! (Pendiente 2 h, En Revisión the default 16 h), so business time is wall time.

use kyb_api::Operation;
use kyb_api::file::StatusCategory::{self, Approved, Entering, InReview, Queued, WithUser};

use super::*;
use crate::sla::StatusSpan;

const ACKNOWLEDGED: &str = "desk: findings-acknowledged";

fn followed(id: &str, spans: &[(StatusCategory, &str)]) -> WatchedFile {
    WatchedFile {
        status_spans: spans
            .iter()
            .map(|(category, since)| StatusSpan {
                category: *category,
                since: at(since),
            })
            .collect(),
        ..file(id, "moral", spans.last().map(|s| s.0), None)
    }
}

/// S1: Pendiente from 08:00, before its first trail entry. S2: Pendiente, a pause, back,
/// decided; asked for a correction, back the next day, decided again. S3: En Revisión,
/// approved by the decision itself. S4: followed only after its decision. S5: only ever
/// in Ingresado.
fn spanned_queue() -> Vec<WatchedFile> {
    vec![
        followed("S1", &[(Queued, "2025-03-03T08:00:00Z")]),
        followed(
            "S2",
            &[
                (Queued, "2025-03-03T10:00:00Z"),
                (WithUser, "2025-03-03T10:30:00Z"),
                (Queued, "2025-03-03T13:00:00Z"),
                (WithUser, "2025-03-03T13:44:59Z"),
                (Queued, "2025-03-04T09:00:00Z"),
            ],
        ),
        followed(
            "S3",
            &[
                (InReview, "2025-03-03T08:00:00Z"),
                (Approved, "2025-03-03T09:59:59Z"),
            ],
        ),
        followed("S4", &[(Queued, "2025-03-06T00:00:00Z")]),
        followed("S5", &[(Entering, "2025-03-05T07:00:00Z")]),
    ]
}

fn decision(at_utc: &'static str, file: &str) -> TrailEntry<'static> {
    entry(
        at_utc,
        ANA,
        CORRECTION,
        file,
        true,
        "1 secciones (Acta Aceptada); notificar al usuario: sí",
    )
}

fn spanned_trail() -> Vec<TrailEntry<'static>> {
    vec![
        // S1's first trail entry, an hour after its span began: not its arrival.
        entry("2025-03-03T09:00:00Z", ANA, ACKNOWLEDGED, "S1", true, "h"),
        // Decision 1: S1 arrived 08:00 (its span), waited 5400 s; clocked 90 min of
        // Pendiente against 120: within.
        decision("2025-03-03T09:30:00Z", "S1"),
        // Decision 2: S3 arrived 08:00 in En Revisión, waited 7200 s. The Aceptado the
        // service set a second before is the decision's outcome, not a stopped clock:
        // 120 min against 960, within.
        decision("2025-03-03T10:00:00Z", "S3"),
        // Decision 3: S2 arrived 10:00, waited 13500 s (its wall time). Its clock counts
        // Pendiente 10:00–10:30 and 13:00–13:44:59, not the pause between nor the
        // correction asked a second before: 1800 + 2699 s = 74 min, within (one span of
        // Pendiente from its arrival would be 225 min, breached).
        decision("2025-03-03T13:45:00Z", "S2"),
        // S2's second round: its first trail entry is 30 minutes after its return.
        entry("2025-03-04T09:30:00Z", ANA, ACKNOWLEDGED, "S2", true, "h"),
        // Decision 4: S2 arrived again 09:00 (the span after decision 3), waited 3600 s.
        // The pause gave no new clock: 3600 + 2699 + 1800 s = 134 min, breached.
        decision("2025-03-04T10:00:00Z", "S2"),
        // S4's first trail entry; its only span begins after its decision.
        entry(
            "2025-03-05T08:00:00Z",
            ANA,
            Operation::EnrollmentLink.route(),
            "S4",
            true,
            "enlace",
        ),
        // Decision 5: no span says S4's arrival, the trail does: 08:00, waited 10800 s;
        // one span of Pendiente, 180 min, breached.
        decision("2025-03-05T11:00:00Z", "S4"),
        // Decision 6: S5 never ran the clock and the trail shows nothing before:
        // untimed and not measured.
        decision("2025-03-05T12:00:00Z", "S5"),
    ]
}

fn spanned(query: DashboardQuery) -> Dashboard {
    figures_of(spanned_trail(), &spanned_queue(), query)
}

fn on(day: &str) -> DashboardQuery {
    DashboardQuery {
        from: Some(day.into()),
        to: Some(day.into()),
        ..DashboardQuery::default()
    }
}

#[test]
fn arrival_is_the_first_running_span_of_the_round_and_pauses_are_not_counted() {
    let all = spanned(DashboardQuery::default());
    // Waits 3600, 5400, 7200, 10800, 13500: the median rank ⌈2.5⌉ = 3, the p90 rank
    // ⌈4.5⌉ = 5.
    assert_eq!(
        all.time_to_decision,
        TimeToDecision {
            timed: 5,
            untimed: 1,
            median_seconds: Some(7200),
            p90_seconds: Some(13500),
        }
    );
    // Decisions 1, 2 and 3 within, 4 and 5 breached, 6 unmeasured: 3 of 5.
    assert_eq!(
        all.sla,
        SlaAttainment {
            within: 3,
            breached: 2,
            unmeasured: 1,
            share_permille: Some(600),
        }
    );
}

#[test]
fn a_round_after_a_decision_arrives_with_its_own_span() {
    // Only decision 4: timed from 09:00 (not the trail's 09:30), breached.
    let round = spanned(on("2025-03-04"));
    assert_eq!(round.decisions_total, 1);
    assert_eq!(round.time_to_decision.median_seconds, Some(3600));
    assert_eq!((round.sla.within, round.sla.breached), (0, 1));
    // Decisions 1 to 3: the first span, the decision's own outcome and the pause
    // judged as above, all within.
    let first = spanned(on("2025-03-03"));
    assert_eq!(first.decisions_total, 3);
    assert_eq!(
        (first.sla.within, first.sla.breached, first.sla.unmeasured),
        (3, 0, 0)
    );
}

#[test]
fn without_a_span_the_trail_stands_in_and_without_either_nothing_is_guessed() {
    // Decisions 5 and 6.
    let fallback = spanned(on("2025-03-05"));
    assert_eq!(
        fallback.time_to_decision,
        TimeToDecision {
            timed: 1,
            untimed: 1,
            median_seconds: Some(10800),
            p90_seconds: Some(10800),
        }
    );
    assert_eq!(
        fallback.sla,
        SlaAttainment {
            within: 0,
            breached: 1,
            unmeasured: 1,
            share_permille: Some(0),
        }
    );
}

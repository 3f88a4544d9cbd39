//! When a decided file arrived, and whether its decision was within the SLA: decided
//! here, once, for the dashboard's time to decision and SLA attainment.
//!
//! **Arrival**: the start of the file's earliest status span that runs the SLA clock
//! ([`Phase::Runs`]) after its previous decision (or ever) and not after this one; the
//! spans are the watchlist's on one desk, the team database's in a team. A status still
//! held from before the previous decision is no new arrival. With no such span, the
//! trail's first successful entry about the file since that decision stands in; with
//! neither, the decision is untimed, not guessed.
//!
//! **Attainment**: the workspace's clock ([`crate::sla::clock`]) over the real spans cut
//! at the decision, as the queue showed them; pauses neither count nor restart it. A
//! final status beginning at or before the decision's trail entry is the decision's own
//! outcome and ends the spans; a file with no spans counts as Pendiente from its trail
//! arrival. Within target means not past it (reaching it exactly is breached, as the
//! queue shows); a status without a target, or an untimed decision, is not measured.

use chrono::{DateTime, Utc};
use kyb_api::file::StatusCategory;

use crate::sla::{Phase, SlaPolicy, SlaState, StatusSpan, clock};

/// How a decision stood against the SLA.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Attained {
    Within,
    Breached,
    Unmeasured,
}

/// The file's arrival for the decision at `decided` (see the module's notes): from
/// `spans` (oldest first), else the trail's first entry of the round.
pub fn arrival(
    spans: &[StatusSpan],
    previous_decision: Option<DateTime<Utc>>,
    decided: DateTime<Utc>,
    first_entry: Option<DateTime<Utc>>,
) -> Option<DateTime<Utc>> {
    spans
        .iter()
        .filter(|s| Phase::of(s.category) == Phase::Runs)
        .map(|s| s.since)
        .filter(|since| *since <= decided && previous_decision.is_none_or(|p| *since > p))
        .min()
        .or(first_entry)
}

/// The decision at `decided` against `policy` (see the module's notes).
pub fn attainment(
    policy: &SlaPolicy,
    spans: &[StatusSpan],
    arrival: Option<DateTime<Utc>>,
    decided: DateTime<Utc>,
) -> Attained {
    let Some(arrival) = arrival else {
        return Attained::Unmeasured;
    };
    let mut upto: Vec<StatusSpan> = spans
        .iter()
        .filter(|s| s.since <= decided)
        .cloned()
        .collect();
    while upto
        .last()
        .is_some_and(|s| Phase::of(s.category) == Phase::Stopped)
    {
        upto.pop();
    }
    if upto.is_empty() {
        upto.push(StatusSpan {
            category: StatusCategory::Queued,
            since: arrival,
        });
    }
    let at_decision = clock(policy, &upto, decided);
    match (at_decision.state, at_decision.remaining_minutes) {
        (SlaState::Breached, _) => Attained::Breached,
        (SlaState::OnTime | SlaState::AtRisk, _) => Attained::Within,
        // Decided while the file waited on the user: the clock as it stopped.
        (SlaState::Paused, Some(left)) if left > 0 => Attained::Within,
        (SlaState::Paused, Some(_)) => Attained::Breached,
        _ => Attained::Unmeasured,
    }
}

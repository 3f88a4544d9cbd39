//! When a decided file arrived, and whether its decision was within the SLA: decided
//! here, once, for the dashboard's time to decision and SLA attainment.
//!
//! **Arrival** is when the file came to the back office for the round the decision
//! ends: the start of its earliest status span that runs the SLA clock
//! ([`Phase::Runs`]: Pendiente, En Revisión, Enrolamiento…) after its previous decision
//! (or ever, for its first) and not after this one. The spans are the file's status
//! history: the watchlist's on one desk (each `since` the service's own status time when
//! it gave one), the team's database's in a team (the same on every desk). A span that
//! starts after the previous decision is the file's return (the user corrected, the
//! service queued it again); a status still held from before that decision is no new
//! arrival. Only when no span says it, the trail's first successful entry about the file
//! since its previous decision stands in (its creation at a desk, an enrollment link, a
//! finding acknowledged…): a file followed after it was decided, or a record from before
//! spans were kept. With neither, the decision is untimed, not guessed.
//!
//! **Attainment** is the workspace's clock ([`crate::sla::clock`]) over the file's real
//! spans cut at the decision instant, as the queue showed it then: paused spans do not
//! count, and a pause between rounds neither counts nor gives a new clock (the clock's
//! rule). A final status (Aceptado, Finalizado) that begins at or before the decision's
//! trail entry is the decision's own outcome (the service sets it while answering, a
//! moment before the desk writes its entry), so it ends the spans rather than stopping
//! the clock. A file without spans up to the decision, whose arrival the trail gave,
//! is counted as one span of Pendiente from that arrival: all that time it waited on the
//! back office. The decision is within the target when that clock, stopped at the
//! decision, was not past its target (a clock that reaches its target exactly is
//! breached, as the queue shows it); without a target for the status it counted, or
//! untimed, it is not measured.

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

//! The clock of one file, from the statuses it has been in.
//!
//! Which statuses run the clock is decided here, once, from the spec's "Responsible"
//! column (States and transitions):
//! - Ingresado and Corrección por el Usuario / Pendiente de Corrección are the end
//!   user's to move: the clock pauses, since the back office cannot be late on work
//!   it does not hold;
//! - Aceptado and Finalizado are final: the clock stops;
//! - every other status runs, a status the spec does not list included, so that a
//!   new status never hides a breach.
//!
//! The clock of the current status sums the business time of the spans in that status
//! since the file last left it for another status that runs. A pause neither counts
//! nor resets it: asking the user for a correction cannot give the back office a new
//! clock.

use chrono::{DateTime, Utc};
use kyb_api::file::StatusCategory;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::SlaPolicy;

/// What a status does to the clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    Runs,
    Paused,
    Stopped,
}

impl Phase {
    pub fn of(category: StatusCategory) -> Self {
        match category {
            StatusCategory::Entering | StatusCategory::WithUser => Self::Paused,
            StatusCategory::Approved | StatusCategory::Closed => Self::Stopped,
            StatusCategory::Queued
            | StatusCategory::InReview
            | StatusCategory::Enrolling
            | StatusCategory::EnrollmentFailed
            | StatusCategory::Unknown => Self::Runs,
        }
    }
}

/// A file entered `category` at `since` and stayed in it until the next span's `since`
/// (the last one: until now).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct StatusSpan {
    pub category: StatusCategory,
    #[ts(as = "String")]
    pub since: DateTime<Utc>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum SlaState {
    OnTime,
    /// "Por vencer": running, with the policy's last hours or fewer left.
    AtRisk,
    /// "Vencido": past its target.
    Breached,
    /// Waiting on the end user; the numbers are the clock as it stopped.
    Paused,
    /// The file is final.
    Stopped,
    /// No status known, or no target for it.
    None,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SlaClock {
    pub state: SlaState,
    /// The target of the status the clock counts for, in business minutes.
    #[ts(type = "number | null")]
    pub target_minutes: Option<i64>,
    #[ts(type = "number")]
    pub elapsed_minutes: i64,
    /// Business minutes left; negative: over by that many.
    #[ts(type = "number | null")]
    pub remaining_minutes: Option<i64>,
    /// When the target is (or was) reached; none while paused, stopped or without one.
    #[ts(as = "Option<String>")]
    pub due_at: Option<DateTime<Utc>>,
}

impl SlaClock {
    fn without(state: SlaState) -> Self {
        Self {
            state,
            target_minutes: None,
            elapsed_minutes: 0,
            remaining_minutes: None,
            due_at: None,
        }
    }
}

/// The clock of a file whose statuses were `spans` (in order), at `now`.
pub fn clock(policy: &SlaPolicy, spans: &[StatusSpan], now: DateTime<Utc>) -> SlaClock {
    let Some(last) = spans.last() else {
        return SlaClock::without(SlaState::None);
    };
    let (state, counted) = match Phase::of(last.category) {
        Phase::Stopped => return SlaClock::without(SlaState::Stopped),
        Phase::Runs => (None, last.category),
        // While paused, the clock shows the running status it stopped in.
        Phase::Paused => match spans
            .iter()
            .rev()
            .find(|s| Phase::of(s.category) == Phase::Runs)
        {
            Some(before) => (Some(SlaState::Paused), before.category),
            None => return SlaClock::without(SlaState::Paused),
        },
    };
    let Some(target) = policy.targets.minutes(counted) else {
        return SlaClock::without(state.unwrap_or(SlaState::None));
    };
    let windows = counted_windows(spans, counted, now);
    let calendar = &policy.calendar;
    let elapsed_seconds: i64 = windows
        .iter()
        .map(|&(from, to)| calendar.business_seconds(from, to))
        .sum();
    let elapsed = elapsed_seconds / 60;
    let remaining = target - elapsed;
    let (state, due_at) = match state {
        Some(paused) => (paused, None),
        None if remaining <= 0 => (SlaState::Breached, reached_at(policy, &windows, target)),
        None => {
            let state = if remaining <= policy.targets.at_risk_minutes() {
                SlaState::AtRisk
            } else {
                SlaState::OnTime
            };
            // The exact seconds left, so that the due instant does not move with `now`.
            let left = target * 60 - elapsed_seconds;
            let due = calendar.after_business_seconds(now, left);
            (state, due)
        }
    };
    SlaClock {
        state,
        target_minutes: Some(target),
        elapsed_minutes: elapsed,
        remaining_minutes: Some(remaining),
        due_at,
    }
}

/// The spans counted for `category`, newest first: back from the last span, those in
/// `category`, skipping pauses, until one of another running (or final) status.
fn counted_windows(
    spans: &[StatusSpan],
    category: StatusCategory,
    now: DateTime<Utc>,
) -> Vec<(DateTime<Utc>, DateTime<Utc>)> {
    let mut windows = Vec::new();
    let mut end = now;
    for span in spans.iter().rev() {
        if span.category == category {
            windows.push((span.since, end.max(span.since)));
        } else if Phase::of(span.category) != Phase::Paused {
            break;
        }
        end = span.since.min(end);
    }
    windows
}

/// When the counted time reached `target` business minutes.
fn reached_at(
    policy: &SlaPolicy,
    windows: &[(DateTime<Utc>, DateTime<Utc>)],
    target: i64,
) -> Option<DateTime<Utc>> {
    let mut need = target * 60;
    for &(from, to) in windows.iter().rev() {
        let have = policy.calendar.business_seconds(from, to);
        if need <= have {
            return policy.calendar.after_business_seconds(from, need);
        }
        need -= have;
    }
    None
}

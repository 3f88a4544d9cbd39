//! The dashboard's figures as the window receives them; [`super::figures`] computes
//! them.

use serde::Serialize;
use ts_rs::TS;

/// How many rejection reasons the dashboard lists.
pub const TOP_REASONS: usize = 10;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Dashboard {
    /// Decisions per analyst per day: only days with decisions, by day then analyst.
    pub decisions: Vec<DecisionsOnDay>,
    pub decisions_total: u32,
    /// Everyone with a decision anywhere in the trail (the analyst filter's choices),
    /// whatever the period and the filters.
    pub analysts: Vec<String>,
    /// The queue's flows (the flow filter's choices).
    pub flows: Vec<String>,
    pub time_to_decision: TimeToDecision,
    pub queue: QueueAges,
    pub sla: SlaAttainment,
    pub reasons: RejectionReasons,
}

/// Decisions made within the SLA's target (see [`timing`] for how it is measured).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SlaAttainment {
    pub within: u32,
    pub breached: u32,
    /// Untimed decisions, and all when the policy sets no target for the queue.
    pub unmeasured: u32,
    /// `within` in thousandths of the measured decisions, rounded down; none when none
    /// was measured.
    pub share_permille: Option<u32>,
}

impl SlaAttainment {
    pub(super) fn with_share(mut self) -> Self {
        let measured = u64::from(self.within) + u64::from(self.breached);
        self.share_permille = (measured > 0)
            .then(|| u32::try_from(u64::from(self.within) * 1000 / measured).unwrap_or(1000));
        self
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DecisionsOnDay {
    /// `YYYY-MM-DD`, in the window's time zone.
    pub day: String,
    pub analyst: String,
    pub count: u32,
}

/// From a file's arrival to its decision (see [`timing`] for what "arrival" is).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct TimeToDecision {
    /// Decisions whose arrival a status span or the trail shows.
    pub timed: u32,
    /// Decisions with no arrival known (no span nor earlier entry says it): not timed.
    pub untimed: u32,
    /// In seconds, by nearest rank; `None` when nothing was timed.
    pub median_seconds: Option<u32>,
    pub p90_seconds: Option<u32>,
}

/// How long since each open file last changed at the service (its `UpdatedAtUTC`):
/// how long it has sat as it is. The bands are the watchlist overview's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct QueueAges {
    pub open: u32,
    /// Every band, in order, `unknown` last (files the service gave no time for).
    pub bands: Vec<AgeBandCount>,
    /// Open files past their SLA target ("vencidos"), by the clock of their statuses.
    pub overdue: u32,
    /// Open files within the policy's last hours of their target ("por vencer").
    pub due_soon: u32,
    /// Open files by the risk their last review found, every band in order.
    pub by_risk: Vec<RiskBandCount>,
}

/// An open file's risk as its last review (or a list's import) judged it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum RiskBand {
    High,
    Medium,
    Low,
    /// Reviewed, and nothing found.
    Clear,
    /// Never reviewed on this desk: its risk is unknown, not nil.
    Unchecked,
}

impl RiskBand {
    pub const ALL: [RiskBand; 5] = [
        Self::High,
        Self::Medium,
        Self::Low,
        Self::Clear,
        Self::Unchecked,
    ];

    pub fn of(risk: Option<&crate::watchlist::FileRisk>) -> Self {
        use crate::evidence::Severity;
        match risk.map(|r| r.level) {
            None => Self::Unchecked,
            Some(None) => Self::Clear,
            Some(Some(Severity::Low)) => Self::Low,
            Some(Some(Severity::Medium)) => Self::Medium,
            Some(Some(Severity::High)) => Self::High,
        }
    }

    /// The CSV's words.
    pub fn label(self) -> &'static str {
        match self {
            Self::High => "alto",
            Self::Medium => "medio",
            Self::Low => "bajo",
            Self::Clear => "sin hallazgos",
            Self::Unchecked => "sin revisar",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RiskBandCount {
    pub band: RiskBand,
    pub count: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum AgeBand {
    /// Under a day (or "in the future": a clock behind the service's).
    Today,
    Days1To3,
    Days4To7,
    Older,
    Unknown,
}

impl AgeBand {
    pub const ALL: [AgeBand; 5] = [
        Self::Today,
        Self::Days1To3,
        Self::Days4To7,
        Self::Older,
        Self::Unknown,
    ];

    /// By whole days of age.
    pub fn of_days(days: i64) -> Self {
        match days {
            ..=0 => Self::Today,
            1..=3 => Self::Days1To3,
            4..=7 => Self::Days4To7,
            _ => Self::Older,
        }
    }

    /// The CSV's words.
    pub fn label(self) -> &'static str {
        match self {
            Self::Today => "hoy",
            Self::Days1To3 => "1-3 días",
            Self::Days4To7 => "4-7 días",
            Self::Older => "más de 7 días",
            Self::Unknown => "sin fecha",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AgeBandCount {
    pub band: AgeBand,
    pub count: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RejectionReasons {
    /// Sections rejected by the decisions counted.
    pub rejected_sections: u32,
    /// Of those, rejected with no comment recorded (a blank one, or a summary written
    /// before comments were recorded).
    pub without_reason: u32,
    /// The most used, most first (ties by text), at most [`TOP_REASONS`].
    pub top: Vec<ReasonCount>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ReasonCount {
    /// As first written (comments that differ only in case, spacing or a final period
    /// are one reason).
    pub reason: String,
    pub count: u32,
    /// One of the profile's ready-made reasons ([`crate::reasons`]).
    pub catalogued: bool,
}

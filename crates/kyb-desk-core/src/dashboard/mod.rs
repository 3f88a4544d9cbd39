//! The supervisor's dashboard: figures over a trail (the desk's audit log
//! or the team's, read alike through [`TrailEntry`]) and the queue (the watchlist's
//! files), for a period and an analyst or a flow. Computed here, in one pass over the
//! trail and one over the queue ([`figures::compute`]); the window only draws them.
//!
//! Its rooms: [`input`] (a trail entry as read from either trail), [`query`] (the period
//! and filters asked for), `model` (the figures' shapes), [`figures`] (the pass),
//! [`timing`] (what a file's arrival and a decision's SLA attainment are), `stats`
//! (median and p90), [`csv`] (the export).

pub mod csv;
pub mod figures;
pub mod input;
mod model;
pub mod query;
mod stats;
pub mod timing;

pub use figures::compute;
pub use input::{KeptEntry, Shared, TrailEntry};
pub use model::{
    AgeBand, AgeBandCount, Dashboard, DecisionsOnDay, QueueAges, ReasonCount, RejectionReasons,
    RiskBand, RiskBandCount, SlaAttainment, TOP_REASONS, TimeToDecision,
};
pub use query::{DashboardQuery, Period};

#[cfg(test)]
mod tests;

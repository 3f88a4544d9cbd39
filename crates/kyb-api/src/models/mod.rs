//! Response models of every operation, with the spec's exact field names (which is
//! why they are serialised to the UI under those names too). Reading is tolerant:
//! a missing field takes its default, an unknown catalogue value is kept as
//! `Other`, and an odd timestamp is kept verbatim (see [`crate::time`]).

pub mod correction;
pub mod detail;
pub mod file;
pub mod tracking;
pub mod verification;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A value the spec types loosely: a form answer ("string or boolean"), or an amount
/// of a shareholder that may be written as a number or as text.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(untagged)]
pub enum Scalar {
    Flag(bool),
    Number(f64),
    Text(String),
}

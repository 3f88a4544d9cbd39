//! Response models of every operation, with the spec's exact field names (which is
//! why they are serialised to the UI under those names too). Every model is declared
//! with `answer_model!`, which reads each field under the one tolerant-reading rule of
//! [`crate::tolerant`]: missing is `None` (an empty list for an array), an unknown
//! catalogue value is kept as `Other`, and an odd timestamp is kept verbatim.

pub mod correction;
pub mod detail;
mod entity_kind;
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

impl crate::tolerant::Lenient for Scalar {
    fn lenient<'de, D: serde::Deserializer<'de>>(
        deserializer: D,
    ) -> Result<Option<Self>, D::Error> {
        use crate::tolerant::Raw;
        Ok(match Raw::deserialize(deserializer)? {
            Raw::Bool(flag) => Some(Self::Flag(flag)),
            Raw::Text(text) => Some(Self::Text(text)),
            number @ (Raw::Integer(_) | Raw::Decimal(_)) => {
                number.text().and_then(|n| n.parse().ok()).map(Self::Number)
            }
            Raw::Null | Raw::Container => None,
        })
    }
}

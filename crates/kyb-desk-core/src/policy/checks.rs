//! The policy's `checks`: the thresholds of the desk's own checks and the addresses it
//! may import watchlists from. Every key is optional; left out, it is its `DEFAULT_*`
//! below. The README's "The managed policy" shows the JSON and each key's range.
//!
//! The beneficial owner's threshold defaults to **15 %**, the lowest Mexican law sets
//! for every company (Código Fiscal de la Federación arts. 32-B Ter to 32-B Quinquies,
//! RMF rule 2.8.1.20), so no owner any regime names is left out; a bank or another
//! entity whose anti-money-laundering rules say **25 %** (the CNBV's dispositions under
//! art. 115 LIC, the LFPIORPI's rules) sets that. The proof of address's age defaults
//! to 3 months, the usual limit of the financial regulators' KYC rules and the
//! ready-made rejection reason's "más de tres meses".

use serde::{Deserialize, Serialize};
use ts_rs::TS;

pub const DEFAULT_OWNER_THRESHOLD: u32 = 15;
pub const DEFAULT_PROOF_MAX_MONTHS: u32 = 3;
/// A name's fuzzy score (0–100) at or over which it is a hit.
pub const DEFAULT_SCREENING_THRESHOLD: u32 = 90;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CheckRules {
    #[serde(default = "owner_threshold", deserialize_with = "percent")]
    pub owner_threshold_percent: u32,
    #[serde(default = "proof_months", deserialize_with = "months")]
    pub proof_of_address_max_months: u32,
    #[serde(default = "screening_threshold", deserialize_with = "score")]
    pub screening_threshold_percent: u32,
    /// Addresses the desk may import a list from, each only when the user asks.
    #[serde(default)]
    pub lists: Vec<ListSource>,
}

impl Default for CheckRules {
    fn default() -> Self {
        Self {
            owner_threshold_percent: DEFAULT_OWNER_THRESHOLD,
            proof_of_address_max_months: DEFAULT_PROOF_MAX_MONTHS,
            screening_threshold_percent: DEFAULT_SCREENING_THRESHOLD,
            lists: Vec::new(),
        }
    }
}

/// A list the policy names: what the window offers to import from the network.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ListSource {
    pub name: String,
    pub format: crate::screening::ListFormat,
    #[serde(deserialize_with = "https")]
    pub url: String,
    /// OFAC's aliases, `alt.csv`, read with its `sdn.csv` (`url`); other formats are
    /// one file.
    #[serde(default, deserialize_with = "optional_https")]
    pub aliases_url: Option<String>,
}

fn owner_threshold() -> u32 {
    DEFAULT_OWNER_THRESHOLD
}
fn proof_months() -> u32 {
    DEFAULT_PROOF_MAX_MONTHS
}
fn screening_threshold() -> u32 {
    DEFAULT_SCREENING_THRESHOLD
}

fn ranged<'de, D: serde::Deserializer<'de>, T: Deserialize<'de> + PartialOrd + Copy>(
    d: D,
    range: std::ops::RangeInclusive<T>,
    what: &str,
) -> Result<T, D::Error> {
    let value = T::deserialize(d)?;
    if range.contains(&value) {
        Ok(value)
    } else {
        Err(serde::de::Error::custom(what))
    }
}

fn percent<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    ranged(d, 1..=100, "a whole percentage from 1 to 100")
}

fn months<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    ranged(d, 1..=24, "months from 1 to 24")
}

fn score<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    ranged(d, 50..=100, "a score from 50 to 100")
}

fn optional_https<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    https(d).map(Some)
}

fn https<'de, D: serde::Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    let url = String::deserialize(d)?;
    if url.starts_with("https://")
        && url.len() > "https://".len()
        && !url.contains(char::is_whitespace)
    {
        Ok(url)
    } else {
        Err(serde::de::Error::custom("an https address"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(json: &str) -> Result<CheckRules, serde_json::Error> {
        serde_json::from_str(json)
    }

    #[test]
    fn every_key_has_its_default_and_its_range() {
        assert_eq!(parse("{}").expect("empty"), CheckRules::default());
        let banks = parse(r#"{"ownerThresholdPercent": 25}"#).expect("a bank's");
        assert_eq!(banks.owner_threshold_percent, 25);
        assert_eq!(banks.proof_of_address_max_months, DEFAULT_PROOF_MAX_MONTHS);
        for refused in [
            r#"{"ownerThresholdPercent": 0}"#,
            r#"{"ownerThresholdPercent": 101}"#,
            r#"{"proofOfAddressMaxMonths": 25}"#,
            r#"{"screeningThresholdPercent": 49}"#,
            r#"{"ownerThreshold": 25}"#,
        ] {
            assert!(parse(refused).is_err(), "{refused}");
        }
    }

    #[test]
    fn a_list_is_offered_only_from_an_https_address() {
        let rules = parse(
            r#"{"lists": [{"name": "OFAC", "format": "ofac_sdn", "url": "https://ofac.example/sdn.csv", "aliasesUrl": "https://ofac.example/alt.csv"}]}"#,
        )
        .expect("a list");
        assert_eq!(
            rules.lists[0].aliases_url.as_deref(),
            Some("https://ofac.example/alt.csv")
        );
        for refused in [
            r#"{"lists": [{"name": "x", "format": "sat69b", "url": "http://sat.example/69b.csv"}]}"#,
            r#"{"lists": [{"name": "x", "format": "sat69b", "url": "https://"}]}"#,
            r#"{"lists": [{"name": "x", "format": "sat69b", "url": "https://a b"}]}"#,
            r#"{"lists": [{"name": "x", "format": "ofac_sdn", "url": "https://o/sdn.csv", "aliasesUrl": "file:///etc/passwd"}]}"#,
            r#"{"lists": [{"name": "x", "format": "nope", "url": "https://o/x.csv"}]}"#,
        ] {
            assert!(parse(refused).is_err(), "{refused}");
        }
    }
}

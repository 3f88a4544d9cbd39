//! A party's hit on a list's row, as the evidence, the dossier and the window show it:
//! [`super::screen`] finds them, and a finding carries one (its own module, so that
//! the evidence's findings and the screening that makes them need not import each
//! other).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::ListFormat;
use super::dispositions::Disposition;
use super::index::MatchedOn;

/// What a party is to the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum PartyRole {
    Company,
    Shareholder,
    Administrator,
    Oversight,
    Representative,
}

/// A party's hit on a list's row, with the analyst's disposition when there is one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Hit {
    pub list: ListFormat,
    pub list_version: u32,
    pub row: String,
    pub listed_name: String,
    pub list_status: Option<String>,
    pub score: u32,
    pub matched_on: MatchedOn,
    /// The file's party, as the file names it.
    pub party: String,
    pub party_rfc: Option<String>,
    /// Every role the party has in the file.
    pub roles: Vec<PartyRole>,
    /// What the disposition is remembered by: the party's RFC, else its folded name.
    pub party_key: String,
    pub disposition: Option<Disposition>,
}

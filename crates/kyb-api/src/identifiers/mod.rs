//! Mexican identifiers as their issuers define them: the SAT's RFC ([`rfc`]) and
//! RENAPO's CURP ([`curp`]). One place, shared by the desk (its own checks of a file)
//! and the sandbox (which issues identifiers that pass them, as a real service's do).
//!
//! A check never refuses an identifier: it says what is wrong with it
//! ([`IdProblem`]), and the desk words each as a finding. A wrong check digit is a
//! problem like the others, because the SAT has issued RFCs that carry one.

pub mod curp;
pub mod rfc;

use chrono::NaiveDate;
use serde::Serialize;
use ts_rs::TS;

/// What an identifier breaks, each rule with its issuer's source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum IdProblem {
    /// Neither 12 nor 13 characters (RFC), or not 18 (CURP).
    Length,
    /// A character where the issuer's layout has none of its kind (a digit among the
    /// name's letters, a letter in the date).
    Shape,
    /// The six date digits are no calendar date.
    Date,
    /// The name's letters form a word the issuer replaces (the SAT's Anexo IV, RENAPO's
    /// list of inconvenient words): no identifier is issued with it.
    ForbiddenWord,
    /// The RFC's homoclave (its 11th and 12th characters of 13) uses a character outside
    /// the SAT's table (1 to 9 and A to Z without O; the first at most V).
    Homoclave,
    /// The last character is not the check digit the issuer's algorithm gives.
    CheckDigit,
    /// The CURP's 11th character is neither H, M nor X.
    Sex,
    /// The CURP's 12th and 13th characters are no state of RENAPO's catalogue (nor NE,
    /// born abroad).
    State,
}

/// An identifier as written, compacted the way its issuer prints it: upper case,
/// without blanks, dashes or underscores.
pub fn compact(raw: &str) -> String {
    raw.chars()
        .filter(|c| !c.is_whitespace() && *c != '-' && *c != '_')
        .flat_map(char::to_uppercase)
        .collect()
}

/// YYMMDD as a date in `century` (1900 or 2000), when it is one.
fn date_in(digits: &str, century: i32) -> Option<NaiveDate> {
    if digits.len() != 6 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n = |r: std::ops::Range<usize>| digits[r].parse::<u32>().ok();
    NaiveDate::from_ymd_opt(century + n(0..2)? as i32, n(2..4)?, n(4..6)?)
}

#[cfg(test)]
mod tests;

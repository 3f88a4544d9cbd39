//! The spec's numeric limits, which the checks ([`super`]) and the failures' wording
//! ([`super::Failure::message`]) both read.

use serde::Serialize;
use ts_rs::TS;

/// The numeric limits of the rules below, as one value the desk can give its screens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Limits {
    /// `secciones` of a correction request: 1 to 50 items.
    pub sections_min: u32,
    pub sections_max: u32,
    /// `comentario` of a section in a correction request: at most 500 characters.
    pub comment_max_chars: u32,
    /// `mensajeGeneral` (correction) and `mensajeAdicional` (complementary): at most 1000.
    pub message_max_chars: u32,
    /// `ContactPhone`: a national number of 10 digits.
    pub phone_digits: u32,
    /// The longest folio accepted: see [`folio`].
    pub folio_max_chars: u32,
}

/// The spec's Limits (and our folio cap).
pub const LIMITS: Limits = Limits {
    sections_min: 1,
    sections_max: 50,
    comment_max_chars: 500,
    message_max_chars: 1000,
    phone_digits: 10,
    folio_max_chars: 64,
};

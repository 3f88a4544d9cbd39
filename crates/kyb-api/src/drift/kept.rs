//! What of an answer the drift report may keep, and what it keeps instead of the rest.
//! The report leaves the desk (it is exported to be sent back), so it keeps nothing that
//! could be someone's data:
//! - a catalogue value verbatim only when one of the spec's own catalogues lists it
//!   ([`crate::spec_catalogues::is_spec_value`]: a status that moved to another list is worth
//!   seeing); any other value only as a hash, [`HASHED`] and 16 hex digits of its
//!   SHA-256, so that two reports can tell whether they saw the same new value. (A hash
//!   of a guessable value, such as a name, can be confirmed by whoever guesses it; it
//!   hides the value from a reader, it does not make it anonymous.)
//! - a member's name when it looks like a field's, [`WITHHELD`] otherwise; a key of a
//!   free-form map (a member the model keeps verbatim, and everything below it) is
//!   always [`WITHHELD`], and the report counts how many were.

use sha2::{Digest, Sha256};

use crate::spec_catalogues::is_spec_value;

/// What is withheld in place of a name or value that might be someone's data.
pub const WITHHELD: &str = "(withheld)";

/// How a hashed value begins.
pub const HASHED: &str = "sha256:";

/// Hex digits of the hash kept: enough that two values seldom share one.
const HASH_DIGITS: usize = 16;

/// A member's name as it is kept: a name of letters, digits and `_` with few digits (no
/// RFC, CURP, phone or e-mail address used as a key). A key of a free-form map is
/// withheld whatever it looks like: a map's keys are its data.
pub(super) fn field_name(key: &str, free_form: bool) -> &str {
    // Bytes, not characters: a character outside ASCII fails either way.
    let plausible = !free_form
        && (1..=64).contains(&key.len())
        && key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        && key.bytes().filter(u8::is_ascii_digit).count() <= 3;
    if plausible { key } else { WITHHELD }
}

/// A value read in a catalogue's place as it is kept: verbatim when the spec lists it,
/// hashed otherwise.
pub(super) fn catalogue_value(value: &str) -> String {
    let trimmed = value.trim();
    if is_spec_value(trimmed) {
        trimmed.to_owned()
    } else {
        hashed(trimmed)
    }
}

/// Whether `value` is one [`catalogue_value`] hashed.
pub(super) fn is_hashed(value: &str) -> bool {
    value
        .strip_prefix(HASHED)
        .is_some_and(|hex| hex.len() == HASH_DIGITS && hex.bytes().all(|b| b.is_ascii_hexdigit()))
}

fn hashed(value: &str) -> String {
    let digest = Sha256::digest(value.as_bytes());
    let mut kept = String::with_capacity(HASHED.len() + HASH_DIGITS);
    kept.push_str(HASHED);
    for byte in digest.iter().take(HASH_DIGITS / 2) {
        kept.push_str(&format!("{byte:02x}"));
    }
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_specs_own_catalogue_values_are_kept_verbatim() {
        // A value of another of the spec's catalogues, in any case.
        assert_eq!(catalogue_value(" Aceptado "), "Aceptado");
        assert_eq!(catalogue_value("EN REVISIÓN"), "EN REVISIÓN");
        // A person's name where a status was due: letters, two words, no digits.
        let name = catalogue_value("María Fernanda López");
        assert!(name.starts_with(HASHED), "{name}");
        assert!(is_hashed(&name), "{name}");
        assert!(!is_hashed("sha256:Ana Ruiz"));
        assert!(!name.contains("María") && !name.contains("López"), "{name}");
        // The same value hashes alike (two reports can be compared), another does not.
        assert_eq!(name, catalogue_value("María Fernanda López"));
        assert_ne!(name, catalogue_value("María Fernanda Lopez"));
        // A word that merely looks like a catalogue's is not the spec's.
        assert!(catalogue_value("EnPausa").starts_with(HASHED));
        assert!(catalogue_value("ana@example.com").starts_with(HASHED));
    }

    #[test]
    fn names_that_could_be_data_and_every_key_of_a_free_form_map_are_withheld() {
        assert_eq!(field_name("Telefono2", false), "Telefono2");
        assert_eq!(field_name("HELM850101MDFRPR09", false), WITHHELD);
        assert_eq!(field_name("a b", false), WITHHELD);
        // A person's name as a map's key looks like a field's name: withheld all the same.
        assert_eq!(field_name("AnaRuiz", true), WITHHELD);
        assert_eq!(field_name("Firmantes", true), WITHHELD);
    }
}

//! The analyst's ready-made rejection reasons, per kind of section, kept with each
//! profile. The defaults live in the window, one list per language (a reason is text
//! shown to an end user, so it is written in the user's words); a profile stores only
//! the kinds its analysts edited, as they typed them, and those replace the defaults
//! for that kind in every language. A reason only fills the comment box: the text sent
//! stays the analyst's to change.

use std::collections::BTreeMap;

use kyb_api::file::SectionBase;
use kyb_api::validate::{Failure, LIMITS, Rule};

/// Reasons for any kind of section (an illegible page, a cut document…).
pub const GENERAL: &str = "general";

/// At most this many reasons per kind: a list to choose from at a glance.
pub const MAX_PER_KIND: usize = 30;

/// Edited reasons by kind: a `SectionBase` name, or [`GENERAL`].
pub type ReasonCatalogue = BTreeMap<String, Vec<String>>;

fn known_kind(kind: &str) -> bool {
    kind == GENERAL || SectionBase::ALL.iter().any(|b| b.as_str() == kind)
}

/// Every rule an edited catalogue breaks: an unknown kind, a blank reason, a reason
/// longer than a correction's comment may be, too many reasons for one kind. Each
/// failure names its kind (`section`) and, for one reason, its number (`position`).
pub fn failures(catalogue: &ReasonCatalogue) -> Vec<Failure> {
    let mut found = Vec::new();
    let max_chars = LIMITS.comment_max_chars;
    for (kind, reasons) in catalogue {
        if !known_kind(kind) {
            found.push(Failure::new("reasons", Rule::Invalid).in_section(kind));
            continue;
        }
        if reasons.len() > MAX_PER_KIND {
            let mut failure = Failure::new("reasons", Rule::TooMany).in_section(kind);
            failure.limit = Some(MAX_PER_KIND as u32);
            failure.sent = u32::try_from(reasons.len()).ok();
            found.push(failure);
        }
        for (index, reason) in reasons.iter().enumerate() {
            let position = u32::try_from(index + 1).unwrap_or(u32::MAX);
            let chars = reason.trim().chars().count();
            if chars == 0 {
                found.push(
                    Failure::new("reason", Rule::Required)
                        .in_section(kind)
                        .at_position(position),
                );
            } else if chars > max_chars as usize {
                let mut failure = Failure::new("reason", Rule::TooLong)
                    .in_section(kind)
                    .at_position(position);
                failure.limit = Some(max_chars);
                found.push(failure);
            }
        }
    }
    found
}

/// The catalogue as kept: reasons trimmed, repeated ones once, kinds left empty gone
/// (an empty list means "back to the defaults").
pub fn normalised(catalogue: ReasonCatalogue) -> ReasonCatalogue {
    catalogue
        .into_iter()
        .map(|(kind, reasons)| {
            let mut kept: Vec<String> = Vec::new();
            for reason in reasons {
                let reason = reason.trim().to_owned();
                if !kept.contains(&reason) {
                    kept.push(reason);
                }
            }
            (kind, kept)
        })
        .filter(|(_, reasons)| !reasons.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalogue(entries: &[(&str, &[&str])]) -> ReasonCatalogue {
        entries
            .iter()
            .map(|(k, v)| ((*k).to_owned(), v.iter().map(|r| (*r).to_owned()).collect()))
            .collect()
    }

    #[test]
    fn a_catalogue_of_known_kinds_and_sensible_reasons_is_kept_trimmed_and_once() {
        let edited = catalogue(&[
            (
                "ProofAddress",
                &["  Tiene más de tres meses ", "Tiene más de tres meses"],
            ),
            (GENERAL, &["Página ilegible"]),
            ("Sucursal", &[]),
        ]);
        assert!(failures(&edited).is_empty());
        assert_eq!(
            normalised(edited),
            catalogue(&[
                ("ProofAddress", &["Tiene más de tres meses"]),
                (GENERAL, &["Página ilegible"]),
            ])
        );
    }

    #[test]
    fn unknown_kinds_blank_long_and_too_many_reasons_are_refused_by_kind_and_number() {
        let long = "x".repeat(LIMITS.comment_max_chars as usize + 1);
        let many: Vec<&str> = vec!["uno"; MAX_PER_KIND + 1];
        let edited = catalogue(&[
            ("NoExiste", &["algo"]),
            ("Opinion", &["bien", "  ", long.as_str()]),
            ("FiscalCSF", &many),
        ]);
        let found = failures(&edited);
        let mut too_many = Failure::new("reasons", Rule::TooMany).in_section("FiscalCSF");
        too_many.limit = Some(MAX_PER_KIND as u32);
        too_many.sent = Some(MAX_PER_KIND as u32 + 1);
        let mut too_long = Failure::new("reason", Rule::TooLong)
            .in_section("Opinion")
            .at_position(3);
        too_long.limit = Some(LIMITS.comment_max_chars);
        assert_eq!(
            found,
            vec![
                too_many,
                Failure::new("reasons", Rule::Invalid).in_section("NoExiste"),
                Failure::new("reason", Rule::Required)
                    .in_section("Opinion")
                    .at_position(2),
                too_long,
            ]
        );
    }
}

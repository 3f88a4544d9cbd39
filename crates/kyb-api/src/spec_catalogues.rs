//! Every closed catalogue of the spec (each declared with `wire_enum!`), looked in at
//! once: whether a value is one of any of them, which the drift report may keep
//! verbatim. Above the catalogues, so that none of them depends on this list.

use crate::wire_enum::same_word;

/// Declares [`is_spec_value`] over the spec's catalogues, each named once.
macro_rules! spec_catalogues {
    ($($catalogue:ty),+ $(,)?) => {
        /// Whether `raw` (trimmed, in any case) is a value one of the spec's catalogues
        /// lists, whichever: what the drift report may keep verbatim.
        pub fn is_spec_value(raw: &str) -> bool {
            let raw = raw.trim();
            false $(|| <$catalogue>::KNOWN.iter().any(|known| same_word(known.as_str(), raw)))+
        }

        /// The catalogues [`is_spec_value`] looks in, by name.
        #[cfg(test)]
        const SPEC_CATALOGUES: &[&str] = &[$(stringify!($catalogue)),+];
    };
}

// Every `wire_enum!` of the crate (a test below finds them all in the sources).
spec_catalogues!(
    crate::file::DocumentStatus,
    crate::file::SectionStatus,
    crate::file::Decision,
    crate::verification::VerificationStatus,
    crate::models::verification::Verdict,
    crate::models::verification::GeoResult,
    crate::models::verification::GeoIntegrity,
    crate::models::verification::BiometricStatus,
    crate::models::correction::Coincidencia,
    crate::models::detail::EntityKind,
    crate::models::detail::ValidationKind,
);

#[cfg(test)]
mod tests {
    use super::*;

    /// The names of the enums declared with `wire_enum!` in the crate's sources.
    fn declared_catalogues() -> Vec<String> {
        fn walk(dir: &std::path::Path, found: &mut Vec<String>) {
            for entry in std::fs::read_dir(dir).expect("the sources").flatten() {
                let path = entry.path();
                if path.is_dir() {
                    walk(&path, found);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let source = std::fs::read_to_string(&path).expect("a source");
                    let mut lines = source.lines();
                    while let Some(line) = lines.next() {
                        if line.trim() != "wire_enum! {" {
                            continue;
                        }
                        let name = lines
                            .by_ref()
                            .map(str::trim)
                            .find(|l| !l.starts_with("///") && !l.starts_with("#["))
                            .and_then(|l| l.strip_suffix(" {"))
                            .expect("the enum's name after `wire_enum! {`");
                        found.push(name.to_owned());
                    }
                }
            }
        }
        let mut found = Vec::new();
        walk(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
            &mut found,
        );
        found.sort();
        found
    }

    #[test]
    fn every_catalogue_of_the_spec_is_looked_in() {
        let mut looked_in: Vec<String> = SPEC_CATALOGUES
            .iter()
            .map(|path| path.rsplit("::").next().unwrap_or(path).trim().to_owned())
            .collect();
        looked_in.sort();
        let declared = declared_catalogues();
        assert!(declared.len() >= 11, "{declared:?}");
        assert_eq!(looked_in, declared);
    }

    #[test]
    fn a_spec_value_is_one_of_any_catalogue_in_any_case() {
        assert!(is_spec_value("Aceptado"));
        assert!(is_spec_value(" corrección por el usuario "));
        assert!(is_spec_value("ListaNominal"));
        assert!(!is_spec_value("En Pausa"));
        assert!(!is_spec_value("Ana Ruiz"));
        assert!(!is_spec_value(""));
    }
}

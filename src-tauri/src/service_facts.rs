//! The facts the window reads once, at start (the `app_info` command, answered as
//! [`AppInfo`]): which build of KYB Desk runs, for the About page, and the facts of the
//! service and of this desk that its forms and reports count with (the spec's limits,
//! geo bands, operations, verdicts and sections, the largest watchlist import).

use kyb_api::drift::{DRIFT_MARKERS, DriftMarkers};
use kyb_api::file::{LISTED_IN_SPEC, SectionId, Verdict, VerdictOutcome};
use kyb_api::operation::{Operation, OperationRoute};
use kyb_api::validate::{LIMITS, Limits};
use kyb_api::verification::{GEO_BANDS, GeoBands};
use serde::Serialize;
use ts_rs::TS;

/// The product name shown to users; the package name (`kyb-desk`) is for tools.
pub const PRODUCT_NAME: &str = "KYB Desk";

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct AppInfo {
    pub name: String,
    pub version: String,
    pub profile: BuildProfile,
    /// Running on the embedded demo sandbox (`--demo`).
    pub demo: bool,
    /// The largest CSV file a watchlist import takes (the window checks a file's size
    /// before it reads it; the backend refuses a larger text anyway).
    pub max_import_bytes: u32,
    /// The service's limits (sections, comments, messages), for the forms' counters.
    pub limits: Limits,
    /// The spec's geo bands, for the verification's diagram.
    pub geo_bands: GeoBands,
    /// How the drift report marks a withheld name and the entries past its bound.
    pub drift_markers: DriftMarkers,
    /// The service's operations with their routes (the drift report counts by route).
    pub operations: Vec<OperationRoute>,
    /// The section status each verdict of a correction leaves.
    pub verdicts: Vec<VerdictOutcome>,
    /// The section identifiers the spec lists, read into their parts, for the new-file
    /// form to offer in IncludeFlow and ExcludeFlow (whose allowed values the spec does
    /// not show). The spec's `Limit:<n>` forms are left out: their `n` is a sample.
    pub sections: Vec<SectionId>,
}

/// [`AppInfo::sections`].
fn listed_sections() -> Vec<SectionId> {
    LISTED_IN_SPEC
        .iter()
        .map(|raw| SectionId::parse(raw))
        .filter(|id| id.limit.is_none())
        .collect()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum BuildProfile {
    Debug,
    Release,
}

impl BuildProfile {
    pub const fn current() -> Self {
        if cfg!(debug_assertions) {
            Self::Debug
        } else {
            Self::Release
        }
    }
}

impl AppInfo {
    pub fn current(demo: bool) -> Self {
        Self {
            name: PRODUCT_NAME.to_owned(),
            version: env!("CARGO_PKG_VERSION").to_owned(),
            profile: BuildProfile::current(),
            demo,
            max_import_bytes: u32::try_from(kyb_desk_core::watchlist::MAX_IMPORT_BYTES)
                .unwrap_or(u32::MAX),
            limits: LIMITS,
            geo_bands: GEO_BANDS,
            drift_markers: DRIFT_MARKERS,
            operations: Operation::routes(),
            verdicts: Verdict::outcomes(),
            sections: listed_sections(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_the_package_version_and_this_build_profile() {
        let info = AppInfo::current(true);
        assert!(info.demo);
        assert_eq!(info.name, "KYB Desk");
        assert_eq!(info.version, env!("CARGO_PKG_VERSION"));
        assert_eq!(info.profile == BuildProfile::Debug, cfg!(debug_assertions));
    }

    #[test]
    fn offers_each_section_the_spec_lists_once_without_its_sample_limits() {
        let info = AppInfo::current(false);
        let names: Vec<&str> = info.sections.iter().map(|id| id.name.as_str()).collect();
        assert_eq!(names.len(), LISTED_IN_SPEC.len() - 2);
        assert!(names.contains(&"ProofAddressObligatorio") && names.contains(&"ProofAddress"));
        assert!(!names.iter().any(|name| name.contains("Limit")));
        let unique: std::collections::BTreeSet<&&str> = names.iter().collect();
        assert_eq!(unique.len(), names.len());
    }

    #[test]
    fn crosses_to_the_ui_in_camel_case_with_a_lowercase_profile() {
        let json = serde_json::to_value(AppInfo {
            name: "KYB Desk".into(),
            version: "1.2.3".into(),
            profile: BuildProfile::Release,
            demo: false,
            max_import_bytes: 2,
            limits: LIMITS,
            geo_bands: GEO_BANDS,
            drift_markers: DRIFT_MARKERS,
            operations: vec![OperationRoute {
                operation: Operation::Tracking,
                route: Operation::Tracking.route(),
            }],
            verdicts: Verdict::outcomes(),
            sections: vec![SectionId::parse("ProofAddressObligatorio")],
        })
        .expect("AppInfo serializes");
        assert_eq!(
            json,
            serde_json::json!({"name": "KYB Desk", "version": "1.2.3", "profile": "release",
                "demo": false, "maxImportBytes": 2,
                "limits": {"sectionsMin": 1, "sectionsMax": 50, "commentMaxChars": 500,
                    "messageMaxChars": 1000, "phoneDigits": 10, "folioMaxChars": 64},
                "geoBands": {"consistentMaxMeters": 100.0, "inconsistentAboveMeters": 500.0},
                "driftMarkers": {"withheld": "(withheld)", "more": "(more)"},
                "operations": [{"operation": "tracking", "route": "POST /expedientes/v1/tracking"}],
                "verdicts": [{"verdict": "Aceptada", "leadsTo": "Aceptado"},
                    {"verdict": "Rechazada", "leadsTo": "Rechazado"}],
                "sections": [{"name": "ProofAddressObligatorio", "limit": null,
                    "base": "ProofAddress", "modifier": "Obligatorio", "entity": null}]})
        );
    }
}

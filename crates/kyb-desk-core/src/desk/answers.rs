//! What the window receives from the service operations: the answers with what the
//! desk adds to them.

use kyb_api::file::{SectionComment, SectionId};
use kyb_api::models::detail::DetailV2;
use kyb_api::models::file::{DetailV1, SectionsAdded};
use kyb_api::models::tracking::Tracking;
use kyb_api::models::verification::Verification;
use kyb_api::verification::GeoBand;

use crate::audit::{Outcome, Tally};

/// A file's tracking, with its `Comments` entries read into section, status and
/// comments (by `kyb_api`, the one place that parses them).
#[derive(Debug, Clone, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct FileTracking {
    pub tracking: Tracking,
    pub sections: Vec<TrackedSection>,
    pub status_category: Option<kyb_api::file::StatusCategory>,
}

impl FileTracking {
    /// A tracking answer as the window receives it.
    pub fn of(tracking: Tracking) -> Self {
        FileTracking {
            sections: tracking
                .sections()
                .into_iter()
                .map(|comment| TrackedSection {
                    id: SectionId::parse(&comment.section),
                    comment,
                })
                .collect(),
            status_category: tracking.document_status.as_ref().map(|s| s.category()),
            tracking,
        }
    }
}

/// A section of a file's tracking: its entry read, and its identifier read into base
/// name, modifier, limit and the entity it concerns (by `kyb_api`, the one place that
/// decides them).
#[derive(Debug, Clone, serde::Serialize, ts_rs::TS)]
pub struct TrackedSection {
    #[serde(flatten)]
    pub comment: SectionComment,
    pub id: SectionId,
}

/// The detail the window shows: version 2, or version 1 when the service has no
/// version 2 of this file (see [`DetailV2::is_version_2`]). `sections` are the
/// detail's section identifiers (version 2's `Secciones`, version 1's
/// `sectionsAdded`), in the same order, read by `kyb_api` for the window to name.
/// `mismatches`: per entity of version 2's `Entidades`, where what the user entered
/// differs from what an authority returned ([`crate::evidence::checks`], the one place
/// that decides it).
#[derive(Debug, Clone, serde::Serialize, ts_rs::TS)]
#[serde(tag = "version")]
pub enum FileDetail {
    #[serde(rename = "2")]
    V2 {
        detail: Box<DetailV2>,
        sections: Vec<SectionId>,
        mismatches: Vec<Vec<crate::evidence::Mismatch>>,
    },
    /// Its fields beyond the three the spec shows are sent as received.
    #[serde(rename = "1")]
    V1 {
        detail: DetailV1,
        sections: Vec<SectionId>,
    },
}

impl FileDetail {
    pub fn v2(detail: DetailV2) -> Self {
        Self::V2 {
            sections: detail.section_ids(),
            mismatches: detail
                .entidades
                .iter()
                .map(crate::evidence::checks::mismatches)
                .collect(),
            detail: Box::new(detail),
        }
    }

    pub fn v1(detail: DetailV1) -> Self {
        Self::V1 {
            sections: detail
                .sections_added
                .iter()
                .map(|s| SectionId::parse(s))
                .collect(),
            detail,
        }
    }
}

/// Sections added to a file from another flow, with their identifiers read (same
/// order as `sectionsAdded`) for the window to name.
#[derive(Debug, Clone, serde::Serialize, ts_rs::TS)]
pub struct AddedSections {
    #[serde(flatten)]
    pub added: SectionsAdded,
    pub sections: Vec<SectionId>,
}

impl AddedSections {
    pub fn of(added: SectionsAdded) -> Self {
        Self {
            sections: added
                .sections_added
                .iter()
                .map(|s| SectionId::parse(s))
                .collect(),
            added,
        }
    }
}

/// A verification as the supervisor's screen needs it: the rules of `kyb_api` on its
/// status, and the resends recorded in the audit log.
#[derive(Debug, Clone, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct VerificationState {
    pub verification: Verification,
    pub can_resend: bool,
    pub can_cancel: bool,
    /// Whether anything was captured (a photo or a completed flow): before that the
    /// distance and accuracy the service writes measured nothing.
    pub captured: bool,
    /// The spec's band of the reported distance: none without a distance, before the
    /// capture, or where the service says `Indeterminado`.
    pub geo_band: Option<GeoBand>,
    pub resends_so_far: u32,
    /// The count may be short: a line of the log cannot be read, or a resend has no
    /// known result.
    pub resends_uncertain: bool,
}

impl VerificationState {
    /// A verification answer with what its status allows and the resends counted so far.
    pub fn of(verification: Verification, resends: Tally) -> Self {
        let status = verification.verification_status.as_ref();
        VerificationState {
            can_resend: status.is_some_and(|s| s.accepts_resend()),
            can_cancel: status.is_some_and(|s| s.accepts_cancel()),
            captured: verification.captured(),
            geo_band: verification.geo_band(),
            resends_so_far: resends.count,
            resends_uncertain: resends.uncertain,
            verification,
        }
    }
}

/// One enrollment-link request, as the audit log recorded it.
#[derive(Debug, Clone, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct IssuedLink {
    pub person_id: String,
    pub at_utc: String,
    pub agent_email: String,
    pub summary: String,
    pub outcome: Outcome,
}

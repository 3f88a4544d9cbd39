//! What the window offers a newcomer in demo mode (see `demo.rs`, which fills it in).
//! Outside the `demo` feature so that the packaged app, which has no demo, still
//! answers the window's question with "no guide".

use kyb_api::verification::VerificationStatus;
use serde::Serialize;
use ts_rs::TS;

/// A file the "try this" panel leads to.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct GuideFile {
    pub flow_id: String,
    pub rfc: String,
    pub document_id: String,
    pub company: String,
}

/// A verification of the demo, for the verifications screen.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct GuideFolio {
    pub folio: String,
    pub status: VerificationStatus,
}

/// What the window offers a newcomer in demo mode: one review, one enrollment link,
/// one resend, and the demo's folios in every status.
#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DemoGuide {
    /// A file under review.
    pub review: GuideFile,
    /// A file with a person who may enroll (and one who may not).
    pub enrollment: GuideFile,
    /// A verification whose link may be resent.
    pub resend_folio: String,
    /// One verification in each status of the catalogue, then one whose photo was
    /// altered after capture.
    pub folios: Vec<GuideFolio>,
}

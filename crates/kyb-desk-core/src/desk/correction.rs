//! The correction request, owned by the desk from the draft to the service: the window
//! saves what the analyst types ([`crate::drafts`]); the desk builds the request from the
//! saved draft ([`Draft::to_request`]), previews it with the rules it breaks, sends
//! exactly the request previewed, and clears the draft when the service accepted it.
//!
//! - The preview names what it showed by the request's SHA-256 and a token (`previewed`);
//!   a send rebuilds the request from the draft saved now and refuses another hash as
//!   `draft_changed`, sending and writing nothing, so a keystroke saved after the preview
//!   is never sent unseen (a change the request does not carry is no change).
//! - One preview, one send: the desk keeps the last token per file and spends it when the
//!   request goes out, so a draft saved again alike cannot send it twice. A send refused
//!   before it went out, or by the service, keeps the token; an unknown outcome spends it.
//! - Saves are never refused. On success the draft is cleared only if it is still the one
//!   sent ([`crate::drafts::Drafts::clear_if_unchanged`], under the drafts' lock); on any
//!   failure it is left as it is.

use kyb_api::Operation;
use kyb_api::models::correction::CorrectionResult;
use kyb_api::requests::CorrectionRequest;
use serde::Serialize;
use ts_rs::TS;

use super::Desk;
use crate::audit::AuditTarget;
use crate::drafts::Draft;
use crate::error::{AppError, AppResult, DeskCode, Failure};
use crate::hash::sha256_hex;
use crate::sent_summary;

/// A review's correction request as sending its draft would send it now.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CorrectionPreview {
    /// Exactly the request that leaves (an empty draft's has no sections).
    pub request: CorrectionRequest,
    /// The rules it breaks (kyb_api's), each in its section where it has one.
    pub failures: Vec<Failure>,
    /// Names this preview; sending names it back (see the module's notes).
    pub previewed: String,
}

/// The hash that names a request previewed.
fn fingerprint(request: &CorrectionRequest) -> String {
    sha256_hex(&serde_json::to_vec(request).unwrap_or_default())
}

impl Desk {
    /// The active profile's saved draft of the file, or an empty one (nothing saved:
    /// nothing decided).
    fn saved_draft(&self, document_id: &str) -> AppResult<Draft> {
        let profile = self.active_profile()?;
        Ok(self
            .drafts
            .load(&profile.id, document_id)?
            .unwrap_or_else(|| Draft {
                document_id: document_id.to_owned(),
                ..Draft::default()
            }))
    }

    /// The correction request the file's saved draft makes, and what it breaks.
    pub fn preview_correction(&self, document_id: &str) -> AppResult<CorrectionPreview> {
        let profile = self.active_profile()?;
        let request = self.saved_draft(document_id)?.to_request();
        let previewed = format!("{}:{}", fingerprint(&request), uuid::Uuid::new_v4());
        self.lock_previews()
            .insert((profile.id, document_id.to_owned()), previewed.clone());
        Ok(CorrectionPreview {
            failures: kyb_api::validate::correction_failures(&request),
            previewed,
            request,
        })
    }

    fn lock_previews(
        &self,
    ) -> std::sync::MutexGuard<'_, std::collections::HashMap<(String, String), String>> {
        self.previews
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Whether `previewed` is the file's last preview, not yet sent, and builds `request`.
    fn preview_stands(
        &self,
        key: &(String, String),
        previewed: &str,
        request: &CorrectionRequest,
    ) -> bool {
        let issued = self.lock_previews().get(key) == Some(&previewed.to_owned());
        let hash = previewed
            .split_once(':')
            .map_or(previewed, |(hash, _)| hash);
        issued && hash == fingerprint(request)
    }

    /// Sends the file's saved draft as the correction request `previewed` named:
    /// refused as `draft_changed` when the draft builds another one now. Sent once
    /// (never retried), with its intent and outcome in the audit log and, in a team,
    /// under the file's claim; the draft is cleared only when the service accepted it.
    pub async fn send_correction(
        &self,
        document_id: &str,
        previewed: &str,
    ) -> AppResult<CorrectionResult> {
        let (profile, client) = self.client()?;
        let draft = self.saved_draft(document_id)?;
        let request = draft.to_request();
        let key = (profile.id.clone(), document_id.to_owned());
        if !self.preview_stands(&key, previewed, &request) {
            return Err(AppError::of(DeskCode::DraftChanged));
        }
        self.check_acknowledged(&request)?;
        let summary = sent_summary::correction(&request);
        let target = request.document_id.trim();
        let about = AuditTarget::File {
            document_id: target.to_owned(),
        };
        let call = self
            .begin(&profile, Operation::Correction, target, &about, &summary)
            .await?;
        let result = client.request_correction(&request).await;
        let unknown = matches!(&result, Err(e) if e.code() == kyb_api::ServiceCode::OutcomeUnknown);
        if result.is_ok() || unknown {
            self.lock_previews().remove(&key);
        }
        let result = self.audited(call, target, about, summary, result).await?;
        // Sent: a failure of the desk's own bookkeeping must not read as a failed
        // request (the analyst would send it twice).
        match self.drafts.clear_if_unchanged(&profile.id, &draft) {
            Ok(true) => {}
            Ok(false) => tracing::info!("review draft changed while sending; kept"),
            Err(error) => {
                tracing::error!(code = ?error.code, "review draft not cleared: {error}");
            }
        }
        if let Err(error) = self
            .history
            .mark_reviewed(&profile.id, &request.document_id)
        {
            tracing::error!(code = ?error.code, "file not marked reviewed: {error}");
        }
        // The review is sent: its claim was let go with the trail's outcome.
        Ok(result)
    }
}

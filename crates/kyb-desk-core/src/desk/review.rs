//! What a review decides on: the file's tracking and detail, read together, and the
//! evidence of each section ([`crate::evidence`]); and the analyst's acknowledgement of
//! a section's high findings, which the audit log (and, in a team, the central trail)
//! keeps before the section is accepted.

use kyb_team::TeamEntry;
use serde::Serialize;
use ts_rs::TS;

use super::{Desk, FileDetail, FileTracking};
use crate::audit::{Action, DeskEvent, NewEntry, Outcome};
use crate::error::{AppError, AppResult, ErrorCode};
use crate::evidence::files::EvidenceFiles;
use crate::evidence::{self, FileEvidence, FindingKind};

#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ReviewMaterial {
    pub tracking: FileTracking,
    pub detail: FileDetail,
    pub evidence: FileEvidence,
}

/// The team trail's name for an acknowledgement (the local log's is the desk event's).
pub const ACKNOWLEDGED: &str = "team: findings-acknowledged";

impl Desk {
    /// The tracking and the detail of one file, asked at once, and the evidence of
    /// each of its sections, whose files `files` registers for this session.
    pub async fn review_material(
        &self,
        files: &EvidenceFiles,
        flow_id: &str,
        rfc: &str,
        document_id: &str,
    ) -> AppResult<ReviewMaterial> {
        let (tracking, detail) =
            tokio::join!(self.tracking(flow_id, rfc), self.file_detail(document_id));
        let (tracking, detail) = (tracking?, detail?);
        let v2 = match &detail {
            FileDetail::V2 { detail, .. } => Some(detail.as_ref()),
            FileDetail::V1 { .. } => None,
        };
        let evidence = evidence::gather(v2, Some(&tracking), |url| files.handle(url));
        Ok(ReviewMaterial {
            tracking,
            detail,
            evidence,
        })
    }

    /// The analyst accepts `section` knowing of `findings` (its high ones): written in
    /// the team's trail first when the profile works in a team (a team out of reach
    /// refuses it, and the section stays undecided), then in the local audit log. A
    /// log that cannot be written refuses it too: an acknowledgement nobody kept is no
    /// acknowledgement.
    pub async fn acknowledge_findings(
        &self,
        document_id: &str,
        section: &str,
        findings: &[FindingKind],
    ) -> AppResult<()> {
        if findings.is_empty() || section.trim().is_empty() || document_id.trim().is_empty() {
            return Err(AppError::of(ErrorCode::InvalidInput));
        }
        let profile = self.active_profile()?;
        let names: Vec<String> = findings
            .iter()
            .map(|f| {
                serde_json::to_value(f)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_owned))
                    .unwrap_or_default()
            })
            .collect();
        let summary = format!(
            "{}: aceptada conociendo {}",
            section.trim(),
            names.join(", ")
        );
        if let Some(team) = self.team_if_any(&profile).await? {
            team.append(TeamEntry {
                operation: ACKNOWLEDGED.to_owned(),
                target: document_id.trim().to_owned(),
                summary: summary.clone(),
                ok: true,
                code: None,
                message: None,
                completes: None,
            })
            .await
            .map_err(super::team_error)?;
        }
        self.audit
            .append(NewEntry {
                profile: profile.name.clone(),
                agent_email: profile.agent_email.clone(),
                action: Action::Desk(DeskEvent::FindingsAcknowledged),
                target: document_id.trim().to_owned(),
                summary,
                outcome: Outcome {
                    ok: true,
                    code: None,
                    message: None,
                },
                completes: None,
            })
            .map(|_| ())
    }
}

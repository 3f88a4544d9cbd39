//! The service operations: reads, and state-changing calls with their intent and
//! outcome in the audit log, never sent twice at once.

use std::collections::HashSet;
use std::path::Path;
use std::sync::Mutex;

use kyb_api::drift::DriftReport;
use kyb_api::models::file::{CreatedFile, EnrollmentLink};
use kyb_api::requests::{
    ComplementaryInfoRequest, CreateFileRequest, EnrollmentLinkRequest, TrackingRequest,
    normalize_rfc,
};
use kyb_api::{ApiError, Operation};

use super::{AddedSections, Desk, FileDetail, FileTracking, IssuedLink, VerificationState};
use crate::audit::{Action, AuditTarget, DeskEvent, NewEntry, Outcome, OutcomeCode};
use crate::detail_snapshots::DetailChanges;
use crate::error::{AppError, AppResult, DeskCode, Task, TeamCode};
use crate::profiles::Profile;
use crate::sent_summary;

/// The audit target of an enrollment link: "DocumentId / PersonId".
fn enrollment_target(document_id: &str, person_id: &str) -> String {
    format!("{} / {}", document_id.trim(), person_id.trim())
}

/// A state-changing call that has left: its intent in the audit log, and its place
/// among the calls on their way until it is answered.
pub(super) struct Call<'a> {
    _sending: Sending<'a>,
    profile: Profile,
    operation: Operation,
    intent: u32,
    /// In a team: the claim, approval and central intent it left with.
    team: Option<super::team::TeamCall>,
}

/// A state-changing call on its way; dropping it (answered, failed or abandoned)
/// lets the same call be sent again.
struct Sending<'a> {
    calls: &'a Mutex<HashSet<String>>,
    key: String,
}

impl Drop for Sending<'_> {
    fn drop(&mut self) {
        self.calls
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(&self.key);
    }
}

impl Desk {
    /// or create twice before the first has answered.
    fn begin_sending(
        &self,
        profile: &Profile,
        operation: Operation,
        target: &str,
    ) -> AppResult<Sending<'_>> {
        // Ids and folios are compared as the same call whatever their case or blanks.
        let key = format!(
            "{}\u{1f}{}\u{1f}{}",
            profile.id,
            operation.route(),
            target.trim().to_lowercase()
        );
        let mut calls = self.sending.lock().unwrap_or_else(|p| p.into_inner());
        if !calls.insert(key.clone()) {
            return Err(AppError::of(DeskCode::InFlight));
        }
        Ok(Sending {
            calls: &self.sending,
            key,
        })
    }

    /// A state-changing call about to leave: refused when the same call is already
    /// out, and written in the audit log as an intent first, so that a crash or a lost
    /// answer leaves a trace of what may have been done. A desk that cannot write the
    /// intent does not send: a billable or notifying call must never go unrecorded.
    pub(super) async fn begin(
        &self,
        profile: &Profile,
        operation: Operation,
        target: &str,
        about: &AuditTarget,
        summary: &str,
    ) -> AppResult<Call<'_>> {
        // A workspace the company's policy says works as a team changes nothing from a
        // profile that left its team, or points at another database.
        if !self
            .policy
            .allows(&profile.workspace_id, profile.team.as_ref())
        {
            return Err(AppError::of(TeamCode::TeamRequired));
        }
        let sending = self.begin_sending(profile, operation, target)?;
        // In a team, the team's rules first: nothing is written here for a call the
        // team refuses.
        let team = self.team_begin(profile, operation, target, summary).await?;
        let written = self.audit.intent(NewEntry {
            profile: profile.name.clone(),
            agent_email: profile.agent_email.clone(),
            action: Action::Service(operation),
            target: target.to_owned(),
            about: about.clone(),
            summary: summary.to_owned(),
            outcome: Outcome {
                ok: false,
                code: None,
                message: None,
            },
            completes: None,
        });
        let written = written.and_then(|intent| {
            if self.team_sending(team.as_ref()) {
                Ok(intent)
            } else {
                Err(AppError::new(
                    DeskCode::Storage,
                    "the team call's send could not be recorded".to_owned(),
                ))
            }
        });
        let intent = match written {
            Ok(intent) => intent,
            Err(error) => {
                // Not sent after all: the team's trail says so too, so its intent is
                // not left open.
                let refused = Outcome {
                    ok: false,
                    code: Some(OutcomeCode::Failed(DeskCode::Storage.into())),
                    message: Some(error.message.clone()),
                };
                self.team_end(team, operation, target, &refused).await;
                return Err(
                    AppError::new(DeskCode::Storage, error.message).during(Task::RecordIntent)
                );
            }
        };
        Ok(Call {
            _sending: sending,
            profile: profile.clone(),
            operation,
            intent,
            team,
        })
    }

    /// Records how a state-changing call ended, completing its intent, then hands its
    /// result on. A call whose record cannot be written still reports its own outcome;
    /// the audit failure is logged (the intent stays, unresolved, in the log).
    pub(super) async fn audited<T>(
        &self,
        mut call: Call<'_>,
        target: &str,
        about: AuditTarget,
        summary: String,
        result: Result<T, ApiError>,
    ) -> AppResult<T> {
        let outcome = match &result {
            Ok(_) => Outcome {
                ok: true,
                code: None,
                message: None,
            },
            Err(error) => Outcome {
                ok: false,
                code: Some(OutcomeCode::Failed(error.code().into())),
                message: Some(error.to_string()),
            },
        };
        self.team_end(call.team.take(), call.operation, target, &outcome)
            .await;
        if let Err(error) = self.audit.append(NewEntry {
            profile: call.profile.name.clone(),
            agent_email: call.profile.agent_email.clone(),
            action: Action::Service(call.operation),
            target: target.to_owned(),
            about,
            summary,
            outcome,
            completes: Some(call.intent),
        }) {
            tracing::error!(code = ?error.code, "audit entry not written: {error}");
        }
        result.map_err(AppError::from)
    }

    /// A change the desk itself made (an address, a key's origin), in the audit log;
    /// a log that cannot be written is logged, and the change stands.
    pub(super) fn record_event(&self, profile: &Profile, event: DeskEvent, summary: String) {
        let about = AuditTarget::Profile {
            profile_id: profile.id.clone(),
        };
        if let Err(error) = self.append_event(profile, event, &profile.id, about, summary) {
            tracing::error!(code = ?error.code, "audit entry not written: {error}");
        }
    }

    /// An event of the desk about `target` (`about`, typed), in the audit log, or why
    /// it could not be.
    pub(super) fn append_event(
        &self,
        profile: &Profile,
        event: DeskEvent,
        target: &str,
        about: AuditTarget,
        summary: String,
    ) -> AppResult<()> {
        self.audit
            .append(NewEntry {
                profile: profile.name.clone(),
                agent_email: profile.agent_email.clone(),
                action: Action::Desk(event),
                target: target.to_owned(),
                about,
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

    pub async fn tracking(&self, flow_id: &str, rfc: &str) -> AppResult<FileTracking> {
        let (profile, client) = self.client()?;
        let request = TrackingRequest {
            flow_id: flow_id.trim().to_owned(),
            rfc: normalize_rfc(rfc),
            agent_mail: profile.agent_email.clone(),
        };
        let answer = client.tracking(&request).await;
        // A followed file takes the fresh answer too.
        if let Ok(tracking) = &answer {
            self.watchlist
                .apply(&profile.id, &request.flow_id, &request.rfc, Ok(tracking))?;
        }
        Ok(FileTracking::of(answer?))
    }

    /// The detail for the window: version 2 (kept in the history), or, when the service
    /// answers a file in version 1 only, that version, fetched as such.
    pub async fn file_detail(&self, document_id: &str) -> AppResult<FileDetail> {
        let (profile, client) = self.client()?;
        let detail = client
            .detail(document_id, Some(*chrono::Local::now().offset()))
            .await?;
        if detail.is_version_2() {
            self.history.record(&profile.id, document_id, &detail)?;
            return Ok(FileDetail::v2(detail));
        }
        tracing::info!(document_id, "no version 2 of this file; showing version 1");
        Ok(FileDetail::v1(client.detail_v1(document_id).await?))
    }

    /// What the service's answers taught so far (see [`crate::drift_log`]).
    pub fn drift_report(&self) -> DriftReport {
        self.drift.report()
    }

    pub fn export_drift(&self, path: &Path) -> AppResult<()> {
        self.drift.export(path)
    }

    pub fn detail_changes(&self, document_id: &str) -> AppResult<DetailChanges> {
        let profile = self.active_profile()?;
        self.history.changes(&profile.id, document_id)
    }

    pub async fn create_file(&self, request: CreateFileRequest) -> AppResult<CreatedFile> {
        let (profile, client) = self.client()?;
        // Before it exists a file has no id: the same company in the same flow is the
        // same creation.
        let company = request.company.as_ref().map(|c| {
            c.company_rfc
                .as_deref()
                .filter(|rfc| !rfc.trim().is_empty())
                .unwrap_or(&c.company_name)
                .trim()
                .to_uppercase()
        });
        let summary = sent_summary::create_file(&request);
        let company = company.unwrap_or_default();
        let new_file = AuditTarget::NewFile {
            flow_id: request.flow_id.trim().to_owned(),
            company: company.clone(),
        };
        let company = format!("{} / {company}", request.flow_id.trim());
        let call = self
            .begin(
                &profile,
                Operation::CreateFile,
                &company,
                &new_file,
                &summary,
            )
            .await?;
        let result = client.create_file(&request).await;
        let (target, about) = match result.as_ref().ok().and_then(|c| c.document_id.clone()) {
            Some(document_id) => (document_id.clone(), AuditTarget::File { document_id }),
            None => (company, new_file),
        };
        let created = self.audited(call, &target, about, summary, result).await?;
        // The file exists now: what follows is the desk's own bookkeeping, and its
        // failure must not read as a failed creation (the agent would create it twice).
        // Tracking finds a file by FlowID and RFC: a file created without an RFC
        // cannot be followed until it has one.
        if let Some(rfc) = request
            .company
            .as_ref()
            .and_then(|c| c.company_rfc.as_deref())
            && !rfc.trim().is_empty()
            && let Err(error) = self.watchlist.add_created(
                &profile.id,
                &request.flow_id,
                rfc,
                created.document_id.as_deref(),
                request
                    .company
                    .as_ref()
                    .map_or("", |c| c.company_name.as_str()),
            )
        {
            tracing::error!(code = ?error.code, "created file not followed: {error}");
        }
        if let Err(error) = self.drafts.clear_new_file(&profile.id) {
            tracing::error!(code = ?error.code, "new-file draft not cleared: {error}");
        }
        Ok(created)
    }

    pub async fn add_complementary_info(
        &self,
        request: ComplementaryInfoRequest,
    ) -> AppResult<AddedSections> {
        let (profile, client) = self.client()?;
        let summary = sent_summary::complementary_info(&request);
        // The same flow added to the same file is the same call; the log names the file.
        let target = request.document_id.trim();
        let about = AuditTarget::AddedFlow {
            document_id: target.to_owned(),
            flow_id: request.flow_id.trim().to_owned(),
        };
        let call = self
            .begin(
                &profile,
                Operation::ComplementaryInfo,
                &format!("{target} / {}", request.flow_id.trim()),
                &about,
                &summary,
            )
            .await?;
        let result = client.add_complementary_info(&request).await;
        self.audited(call, target, about, summary, result)
            .await
            .map(AddedSections::of)
    }

    pub async fn enrollment_link(
        &self,
        document_id: &str,
        person_id: &str,
    ) -> AppResult<EnrollmentLink> {
        let (profile, client) = self.client()?;
        let request = EnrollmentLinkRequest {
            document_id: document_id.trim().to_owned(),
            person_id: person_id.trim().to_owned(),
            agent_mail: profile.agent_email.clone(),
        };
        let target = enrollment_target(&request.document_id, &request.person_id);
        let about = AuditTarget::Person {
            document_id: request.document_id.clone(),
            person_id: request.person_id.clone(),
        };
        let call = self
            .begin(
                &profile,
                Operation::EnrollmentLink,
                &target,
                &about,
                &sent_summary::enrollment_link(&request, None),
            )
            .await?;
        let result = client.enrollment_link(&request).await;
        let summary = sent_summary::enrollment_link(&request, result.as_ref().ok());
        self.audited(call, &target, about, summary, result).await
    }

    /// Enrollment links requested for a file from this desk, newest first, from the
    /// audit log (refused requests included, marked as such).
    pub fn issued_links(&self, document_id: &str) -> AppResult<Vec<IssuedLink>> {
        let route = Operation::EnrollmentLink.route();
        let prefix = enrollment_target(document_id, "");
        let mut links: Vec<IssuedLink> = self
            .audit
            .entries()?
            .entries
            .into_iter()
            .filter(|e| {
                !e.is_intent()
                    && e.record.operation == route
                    && e.record.target.starts_with(&prefix)
            })
            .map(|e| IssuedLink {
                person_id: e.record.target[prefix.len()..].to_owned(),
                at_utc: e.record.at_utc,
                agent_email: e.record.agent_email,
                summary: e.record.summary,
                outcome: e.record.outcome,
            })
            .collect();
        links.reverse();
        Ok(links)
    }

    /// A verification with what may be done to it now and how many times its link
    /// was already resent from this desk (each resend is billed).
    pub async fn verification(&self, folio: &str) -> AppResult<VerificationState> {
        let (profile, client) = self.client()?;
        let verification = client.verification(folio).await?;
        let mut resends = self
            .audit
            .successes(Operation::ResendVerification, folio.trim())?;
        // In a team, every member's resends count (they are billed alike). A team out
        // of reach leaves this desk's own count.
        if let Ok(Some(team)) = self.team_if_any(&profile).await
            && let Ok(count) = team
                .successes(Operation::ResendVerification.route(), folio.trim())
                .await
        {
            resends.count = resends.count.max(count);
        }
        Ok(VerificationState::of(verification, resends))
    }

    pub async fn resend_verification(&self, folio: &str) -> AppResult<()> {
        let (profile, client) = self.client()?;
        let summary = "reenvío del enlace de verificación (mensaje facturable)";
        let about = AuditTarget::Folio {
            folio: folio.trim().to_owned(),
        };
        let call = self
            .begin(
                &profile,
                Operation::ResendVerification,
                folio.trim(),
                &about,
                summary,
            )
            .await?;
        let result = client.resend_verification(folio).await;
        self.audited(call, folio.trim(), about, summary.into(), result)
            .await
    }

    pub async fn cancel_verification(&self, folio: &str) -> AppResult<()> {
        let (profile, client) = self.client()?;
        let summary = "cancelación de la verificación";
        let about = AuditTarget::Folio {
            folio: folio.trim().to_owned(),
        };
        let call = self
            .begin(
                &profile,
                Operation::CancelVerification,
                folio.trim(),
                &about,
                summary,
            )
            .await?;
        let result = client.cancel_verification(folio).await;
        self.audited(call, folio.trim(), about, summary.into(), result)
            .await
    }
}

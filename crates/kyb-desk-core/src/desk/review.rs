//! What a review decides on: the file's tracking and detail, read together, and the
//! evidence of each section ([`crate::evidence`]); and the analyst's acknowledgement of
//! a section's high findings, which the audit log (and, in a team, the central trail)
//! keeps before the section is accepted.

use std::collections::{HashMap, HashSet};

use kyb_api::file::Decision;
use kyb_api::requests::CorrectionRequest;
use serde::Serialize;
use ts_rs::TS;

use super::reviews::{FindingKey, Kept, Reviews};
use super::{Desk, FileDetail, FileTracking};
use crate::audit::{AuditTarget, DeskEvent};
use crate::error::{AppError, AppResult, DeskCode, Details, ServiceCode};
use crate::evidence::files::EvidenceFiles;
use crate::evidence::{self, FileEvidence, Finding, FindingKind, SectionEvidence, Severity};

/// Reviews whose evidence the desk keeps (the most recent ones) to check what is
/// acknowledged and sent against what was shown.
pub const KEPT_REVIEWS: usize = 100;

fn finding_key(f: &Finding) -> FindingKey {
    (f.kind, f.document, f.entity, f.subject.clone())
}

/// The section's high findings not acknowledged yet.
fn unacknowledged<'a>(
    section: &'a evidence::SectionEvidence,
    acknowledged: Option<&HashSet<FindingKey>>,
) -> impl Iterator<Item = &'a Finding> {
    section
        .findings
        .iter()
        .filter(|f| f.severity == Severity::High)
        .filter(move |f| acknowledged.is_none_or(|a| !a.contains(&finding_key(f))))
}

fn file_key(document_id: &str) -> String {
    document_id.trim().to_lowercase()
}

impl Reviews {
    /// Keeps a file's evidence, as gathered now; what was acknowledged of it stays.
    /// Answers it as kept, with what its files judged so far add.
    fn keep(&mut self, document_id: &str, mut evidence: FileEvidence) -> FileEvidence {
        let key = file_key(document_id);
        if let Some(kept) = self.files.get_mut(&key) {
            evidence::unreadable::apply(&mut evidence, &kept.judged);
            kept.evidence = evidence.clone();
            return evidence;
        }
        self.files.insert(
            key.clone(),
            Kept {
                evidence: evidence.clone(),
                acknowledged: HashMap::new(),
                judged: HashMap::new(),
            },
        );
        self.order.push_back(key);
        while self.order.len() > KEPT_REVIEWS {
            if let Some(oldest) = self.order.pop_front() {
                self.files.remove(&oldest);
            }
        }
        evidence
    }

    /// Notes what is wrong with the file behind `handle` in every kept review that
    /// shows it (a file reached from two reviews is one file).
    fn judged(&mut self, handle: &str, problems: &[String]) {
        for kept in self.files.values_mut() {
            if !kept
                .evidence
                .documents
                .iter()
                .any(|d| d.file.as_deref() == Some(handle))
            {
                continue;
            }
            kept.judged.insert(handle.to_owned(), problems.to_vec());
            let judged = std::mem::take(&mut kept.judged);
            evidence::unreadable::apply(&mut kept.evidence, &judged);
            kept.judged = judged;
        }
    }
}

/// The summary an acknowledgement is recorded with: each high finding, what it
/// concerns and the service's codes, as the desk found them.
fn acknowledged_summary(section: &str, findings: &[Finding]) -> String {
    let named: Vec<String> = findings
        .iter()
        .map(|f| {
            let kind = serde_json::to_value(f.kind)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default();
            let about = f
                .subject
                .as_deref()
                .map(|s| format!(" de {s}"))
                .unwrap_or_default();
            let codes = if f.codes.is_empty() {
                String::new()
            } else {
                format!(" ({})", f.codes.join(", "))
            };
            format!("{kind}{about}{codes}")
        })
        .collect();
    let summary = format!("{section}{ACKNOWLEDGED_BEFORE}{}", named.join("; "));
    summary.chars().take(1000).collect()
}

/// Where an acknowledgement's summary names its findings, after the section.
const ACKNOWLEDGED_BEFORE: &str = ": reconoció antes de aceptar ";

/// A finding an acknowledgement names: its kind (none when this build does not know it:
/// its words are then `text`), what it concerns and the service's codes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct SaidFinding {
    pub kind: Option<FindingKind>,
    pub subject: Option<String>,
    pub codes: Vec<String>,
    pub text: String,
}

/// What an acknowledgement's summary says, read back from [`acknowledged_summary`]'s
/// words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct SaidAcknowledgement {
    pub section: String,
    pub findings: Vec<SaidFinding>,
}

/// An acknowledgement's summary read back; `None` for another text. A summary cut at
/// its length limit keeps its whole findings and names the cut one by its words only.
pub fn read_acknowledged(summary: &str) -> Option<SaidAcknowledgement> {
    let (section, named) = summary.split_once(ACKNOWLEDGED_BEFORE)?;
    let findings = named
        .split("; ")
        .map(|item| {
            let kind_text: String = item
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                .collect();
            let rest = &item[kind_text.len()..];
            let kind = serde_json::from_value(serde_json::Value::String(kind_text)).ok();
            let (about, codes) = match rest.strip_suffix(')').and_then(|r| r.rsplit_once(" (")) {
                Some((about, codes)) => (about, codes.split(", ").map(str::to_owned).collect()),
                None => (rest, Vec::new()),
            };
            let subject = about.strip_prefix(" de ").map(str::to_owned);
            // Only what reads whole is taken apart: anything else is its words.
            let whole = kind.is_some() && (about.is_empty() || subject.is_some());
            SaidFinding {
                kind: kind.filter(|_| whole),
                subject: subject.filter(|_| whole),
                codes: if whole { codes } else { Vec::new() },
                text: item.to_owned(),
            }
        })
        .collect();
    Some(SaidAcknowledgement {
        section: section.to_owned(),
        findings,
    })
}

#[derive(Debug, Clone, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ReviewMaterial {
    pub tracking: FileTracking,
    pub detail: FileDetail,
    pub evidence: FileEvidence,
}

/// Whether the tracking read by FlowID and RFC is the file `document_id` names. A
/// tracking without a DocumentId (the service has not given the file one, or sent null)
/// says nothing against it: tolerated, as every absence is.
fn same_file(tracked: Option<&str>, document_id: &str) -> bool {
    match tracked.map(str::trim).filter(|id| !id.is_empty()) {
        Some(id) => id.eq_ignore_ascii_case(document_id.trim()),
        None => true,
    }
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
        if !same_file(tracking.tracking.document_id.as_deref(), document_id) {
            return Err(AppError::of(DeskCode::NotThisFile));
        }
        let v2 = match &detail {
            FileDetail::V2 { detail, .. } => Some(detail.as_ref()),
            FileDetail::V1 { .. } => None,
        };
        // Files on the service's own origin are reached as the service is.
        let service = self
            .active_profile()
            .and_then(|profile| self.address(&profile))
            .map(|(_, origin)| origin)
            .ok();
        let checks = self.check_context().await?;
        let evidence = evidence::gather(v2, Some(&tracking.tracking), &checks, |url| {
            files.register(url, service.as_deref())
        });
        let evidence = self
            .reviews
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .keep(document_id, evidence);
        self.keep_risk(document_id, &evidence);
        Ok(ReviewMaterial {
            tracking,
            detail,
            evidence,
        })
    }

    /// The watchlist's risk column: what this review found (a failure to keep it costs
    /// only the column's freshness, never the review).
    fn keep_risk(&self, document_id: &str, evidence: &FileEvidence) {
        if let Ok(profile) = self.active_profile()
            && let Err(error) = self.watchlist.set_risk(
                &profile.id,
                document_id,
                crate::watchlist::FileRisk::of(evidence),
            )
        {
            tracing::warn!("the file's risk was not kept: {error:?}");
        }
    }

    /// The evidence this session keeps of a reviewed file, with what its judged files
    /// added.
    pub(super) fn kept_evidence(&self, document_id: &str) -> Option<FileEvidence> {
        self.reviews
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .files
            .get(&file_key(document_id))
            .map(|kept| kept.evidence.clone())
    }

    /// A file of the evidence, fetched and judged by `files`; what is wrong with it is
    /// a finding of the sections that cover it, in every review kept that shows it.
    pub async fn evidence_file(
        &self,
        files: &EvidenceFiles,
        handle: &str,
    ) -> AppResult<crate::evidence::judge::EvidenceFile> {
        let judged = files.open(handle).await;
        let problems = evidence::unreadable::problems(&judged);
        // Only a verdict on the file is noted: a download the network cut short says
        // nothing of it, and never clears what a verdict found.
        if judged.is_ok() || !problems.is_empty() {
            self.reviews
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .judged(handle, &problems);
        }
        judged
    }

    /// Every file of `section` of a reviewed file judged ([`Self::evidence_file`]), as
    /// the window asks before the section is accepted; answers the section's evidence
    /// with what they add. A file the network did not bring is left to the viewer.
    pub async fn judge_section(
        &self,
        files: &EvidenceFiles,
        document_id: &str,
        section: &str,
    ) -> AppResult<SectionEvidence> {
        let handles: Vec<String> = {
            let reviews = self.reviews.lock().unwrap_or_else(|p| p.into_inner());
            let kept = reviews
                .files
                .get(&file_key(document_id))
                .ok_or_else(|| AppError::of(ServiceCode::NotFound))?;
            let shown = kept
                .evidence
                .section(section)
                .ok_or_else(|| AppError::of(ServiceCode::NotFound))?;
            shown
                .documents
                .iter()
                .filter_map(|&d| kept.evidence.documents.get(d as usize)?.file.clone())
                .collect()
        };
        for handle in &handles {
            let _ = self.evidence_file(files, handle).await;
        }
        let evidence = {
            let reviews = self.reviews.lock().unwrap_or_else(|p| p.into_inner());
            reviews
                .files
                .get(&file_key(document_id))
                .map(|kept| kept.evidence.clone())
                .ok_or_else(|| AppError::of(ServiceCode::NotFound))?
        };
        self.keep_risk(document_id, &evidence);
        evidence
            .section(section)
            .cloned()
            .ok_or_else(|| AppError::of(ServiceCode::NotFound))
    }

    /// The analyst accepts `section` knowing of its high findings, as this session's
    /// evidence of the file has them: written in the team's trail first when the
    /// profile works in a team (a team out of reach refuses it, and the section stays
    /// undecided), then in the local audit log. A log that cannot be written refuses it
    /// too: an acknowledgement nobody kept is no acknowledgement. A section the evidence
    /// does not have, or one with nothing high to acknowledge, is refused.
    pub async fn acknowledge_findings(&self, document_id: &str, section: &str) -> AppResult<()> {
        let high: Vec<Finding> = {
            let reviews = self.reviews.lock().unwrap_or_else(|p| p.into_inner());
            let evidence = reviews
                .files
                .get(&file_key(document_id))
                .and_then(|kept| kept.evidence.section(section))
                .ok_or_else(|| AppError::of(ServiceCode::NotFound))?;
            evidence
                .findings
                .iter()
                .filter(|f| f.severity == Severity::High)
                .cloned()
                .collect()
        };
        if high.is_empty() {
            return Err(AppError::of(DeskCode::InvalidInput));
        }
        let profile = self.active_profile()?;
        let summary = acknowledged_summary(section, &high);
        let target = document_id.trim().to_owned();
        if let Some(team) = self.team_if_any(&profile).await? {
            team.acknowledged(&target, &summary)
                .await
                .map_err(super::team_error)?;
        }
        let about = AuditTarget::File {
            document_id: target.clone(),
        };
        self.append_event(
            &profile,
            DeskEvent::FindingsAcknowledged,
            &target,
            about,
            summary,
        )?;
        if let Some(kept) = self
            .reviews
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .files
            .get_mut(&file_key(document_id))
        {
            kept.acknowledged
                .entry(section.to_owned())
                .or_default()
                .extend(high.iter().map(finding_key));
        }
        Ok(())
    }

    /// A correction that accepts a section whose high findings this session showed and
    /// nobody acknowledged is refused, naming those sections. A file whose evidence
    /// this session never gathered is not judged here (see docs/SECURITY.md, threat model).
    pub(super) fn check_acknowledged(&self, request: &CorrectionRequest) -> AppResult<()> {
        let reviews = self.reviews.lock().unwrap_or_else(|p| p.into_inner());
        let Some(kept) = reviews.files.get(&file_key(&request.document_id)) else {
            return Ok(());
        };
        let missing: Vec<String> = request
            .secciones
            .iter()
            .filter(|d| Decision::parse(&d.estatus) == Decision::Aceptada)
            .filter(|d| {
                kept.evidence.section(&d.seccion).is_some_and(|s| {
                    unacknowledged(s, kept.acknowledged.get(&d.seccion))
                        .next()
                        .is_some()
                })
            })
            .map(|d| d.seccion.clone())
            .collect();
        if missing.is_empty() {
            Ok(())
        } else {
            Err(AppError::of(DeskCode::NeedsAcknowledgement)
                .with_details(Details::NeedsAcknowledgement { sections: missing }))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_review_opens_only_on_the_file_its_tracking_names() {
        let id = "2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10";
        assert!(same_file(Some(id), id));
        assert!(same_file(
            Some(" 2F1D0C1E-5B0A-4C7E-9D55-7D2B3B1A9E10 "),
            id
        ));
        assert!(same_file(None, id));
        assert!(same_file(Some(""), id));
        assert!(!same_file(Some("9a6b3c1e-5b0a-4c7e-9d55-7d2b3b1a9e11"), id));
    }

    #[test]
    fn an_acknowledgement_reads_back_finding_by_finding() {
        let mut edited = Finding::new(FindingKind::DocumentEdited, Severity::High);
        edited.subject = Some("Comprobante de domicilio (luz)".into());
        edited.codes = vec!["FONT-02".into(), "EDIT-01".into()];
        let hit = Finding::new(FindingKind::WatchlistHit, Severity::High);
        let summary = acknowledged_summary("ProofAddressObligatorio", &[edited, hit]);
        let said = read_acknowledged(&summary).expect("an acknowledgement's words");
        assert_eq!(said.section, "ProofAddressObligatorio");
        assert_eq!(said.findings[0].kind, Some(FindingKind::DocumentEdited));
        assert_eq!(
            said.findings[0].subject.as_deref(),
            Some("Comprobante de domicilio (luz)")
        );
        assert_eq!(said.findings[0].codes, ["FONT-02", "EDIT-01"]);
        assert_eq!(said.findings[1].kind, Some(FindingKind::WatchlistHit));
        assert_eq!(said.findings[1].subject, None);
        // A kind this build does not know, or a finding cut short: its words as written.
        let odd = read_acknowledged(
            "S: reconoció antes de aceptar nuevo_tipo de X; document_edited de Compro",
        )
        .expect("read");
        assert_eq!(odd.findings[0].kind, None);
        assert_eq!(odd.findings[0].text, "nuevo_tipo de X");
        assert_eq!(odd.findings[1].kind, Some(FindingKind::DocumentEdited));
        assert_eq!(read_acknowledged("2 secciones (A Aceptada)"), None);
        // A section whose name holds a colon (a limit's) keeps it.
        let limited =
            read_acknowledged("ProofAddressLimit:2: reconoció antes de aceptar face_mismatch")
                .expect("read");
        assert_eq!(limited.section, "ProofAddressLimit:2");
        assert_eq!(limited.findings[0].kind, Some(FindingKind::FaceMismatch));
    }
}

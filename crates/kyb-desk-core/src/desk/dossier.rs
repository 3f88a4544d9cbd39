//! The desk's export of a file's dossier ([`crate::dossier`]): read the file as the
//! review reads it, fetch and hash its evidence, take the file's part of the audit log,
//! record its digest in the log as an intent, write the ZIP where the analyst chose,
//! then record how that went (an export is audited like every other act, and a
//! dossier rewritten later is caught by it).

use std::path::Path;

use serde::Serialize;
use ts_rs::TS;

use super::{Desk, FileDetail, team_error};
use crate::audit::{Action, AuditTarget, DeskEvent, NewEntry, Outcome, OutcomeCode};
use crate::dossier::{self, DossierCheck, model};
use crate::error::{AppError, AppResult, DeskCode, Task};
use crate::evidence::files::EvidenceFiles;
use crate::fsio;

/// Where the dossier went and how to recognise it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ExportedDossier {
    /// SHA-256 of its `SHA256SUMS`, as the audit log records it.
    pub digest: String,
    pub bytes: u32,
    pub documents: u32,
    pub entries: u32,
}

/// A dossier's check, with whether the audit log recorded its export.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DossierAudit {
    pub check: DossierCheck,
    /// The log has a `desk: dossier-exported` entry naming this digest.
    pub recorded: bool,
}

fn text(value: Option<&impl Serialize>) -> Option<String> {
    let value = serde_json::to_value(value?).ok()?;
    match value {
        serde_json::Value::String(s) => Some(s),
        serde_json::Value::Null => None,
        other => Some(other.to_string()),
    }
}

/// What the log's export entry says; the digest is found in it by [`Desk::audit_dossier`].
fn exported_summary(digest: &str) -> String {
    format!("expediente para auditoría exportado; sha256 de SHA256SUMS {digest}")
}

impl Desk {
    /// Builds the dossier of a file and writes it to `path`.
    pub async fn export_dossier(
        &self,
        files: &EvidenceFiles,
        flow_id: &str,
        rfc: &str,
        document_id: &str,
        path: &Path,
        with_documents: bool,
    ) -> AppResult<ExportedDossier> {
        let profile = self.active_profile()?;
        let material = self
            .review_material(files, flow_id, rfc, document_id)
            .await?;
        let tracking = &material.tracking.tracking;
        let (detail, names) = match &material.detail {
            FileDetail::V2 { detail, .. } => (
                serde_json::to_value(detail.as_ref()).ok(),
                detail
                    .documentos
                    .iter()
                    .map(|d| {
                        [&d.tipo_documento, &d.subtipo, &d.referencia]
                            .into_iter()
                            .flatten()
                            .cloned()
                            .collect::<Vec<_>>()
                            .join(" · ")
                    })
                    .collect(),
            ),
            FileDetail::V1 { .. } => (None, Vec::new()),
        };
        let mut documents = Vec::new();
        // The documents' bytes, when the dossier includes them: (member, bytes).
        let mut included: Vec<(String, std::sync::Arc<Vec<u8>>)> = Vec::new();
        for (index, doc) in material.evidence.documents.iter().enumerate() {
            let Some(handle) = &doc.file else { continue };
            let section = material
                .evidence
                .sections
                .iter()
                .find(|s| {
                    s.documents
                        .contains(&u32::try_from(index).unwrap_or(u32::MAX))
                })
                .map(|s| s.section.clone());
            let name = names
                .get(index)
                .filter(|n: &&String| !n.is_empty())
                .cloned()
                .unwrap_or_else(|| format!("Documento {}", index + 1));
            // Judged as the viewer judges it: what is wrong with it is a finding below.
            documents.push(match self.evidence_file(files, handle).await {
                Ok(file) => {
                    // The bytes judged, or none: a file that changed since is listed
                    // with the hash judged, and not included.
                    let bytes = if with_documents && index < dossier::archive::MAX_DOCUMENTS {
                        files.bytes(handle, &file.sha256).await.ok()
                    } else {
                        None
                    };
                    let member = bytes.map(|bytes| {
                        let member = document_member(index, &name, file.kind);
                        included.push((member.clone(), bytes));
                        member
                    });
                    model::DocumentHash {
                        name,
                        section,
                        sha256: Some(file.sha256),
                        bytes: Some(u64::from(file.size)),
                        problem: None,
                        member,
                    }
                }
                Err(error) => model::DocumentHash {
                    name,
                    section,
                    sha256: None,
                    bytes: None,
                    problem: Some(error.message.clone()),
                    member: None,
                },
            });
        }
        let now = kyb_api::time::instant_text(chrono::Utc::now());
        let file = model::FileFacts {
            document_id: document_id.trim().to_owned(),
            flow_id: flow_id.trim().to_owned(),
            rfc: rfc.trim().to_owned(),
            company_name: tracking.company_name.clone(),
            status: text(tracking.document_status.as_ref()),
            created_at_utc: text(tracking.created_at_utc.as_ref()),
            updated_at_utc: text(tracking.updated_at_utc.as_ref()),
            people: tracking
                .person
                .iter()
                .map(|p| model::PersonFacts {
                    name: p.full_name.clone().unwrap_or_default(),
                    rfc: p.rfc.clone(),
                    curp: p.curp.clone(),
                })
                .collect(),
            detail_fetched_at_utc: detail.is_some().then(|| now.clone()),
            detail,
        };
        // The evidence with what the documents just judged added.
        let evidence = self
            .kept_evidence(document_id)
            .unwrap_or_else(|| material.evidence.clone());
        let draft = self.load_draft(document_id)?;
        let entries = self.audit_entries()?.entries;
        let anchor = self.verify_audit()?.anchor;
        let mut assembled = dossier::assemble_local(dossier::LocalSources {
            generated_at_utc: now,
            generated_by: profile.agent_email.clone(),
            file,
            sections: material
                .tracking
                .sections
                .iter()
                .map(|s| s.comment.clone())
                .collect(),
            draft: draft.as_ref(),
            documents,
            findings: dossier::findings::findings(&evidence),
            hits: dossier::findings::hits(&material.evidence.hits),
            entries: &entries,
            anchor: &anchor,
        });
        if let Some(team) = self.team_if_any(&profile).await? {
            self.team_part(&team, document_id.trim(), &mut assembled)
                .await?;
        }
        let members: Vec<(&str, &[u8])> = included
            .iter()
            .map(|(name, bytes)| (name.as_str(), bytes.as_slice()))
            .collect();
        let built = dossier::archive::build_with(&assembled, &members)?;
        let written = dossier::verify(&built.bytes);
        // The log first, then the file: a dossier on disk whose export the log does not
        // name reads as forged, so none may exist. A crash after the intent leaves
        // either no file or exactly these bytes, which the intent's digest names.
        let entry = |outcome| NewEntry {
            profile: profile.name.clone(),
            agent_email: profile.agent_email.clone(),
            action: Action::Desk(DeskEvent::DossierExported),
            target: document_id.trim().to_owned(),
            about: AuditTarget::File {
                document_id: document_id.trim().to_owned(),
            },
            summary: exported_summary(&built.digest),
            outcome,
            completes: None,
        };
        let intent = self
            .audit
            .intent(entry(Outcome {
                ok: false,
                code: None,
                message: None,
            }))
            .map_err(|e| AppError::new(DeskCode::Storage, e.message).during(Task::RecordIntent))?;
        let saved = fsio::write_atomic(path, &built.bytes)
            .map_err(|e| AppError::storage(Task::UseChosenPath, e));
        let outcome = match &saved {
            Ok(()) => Outcome {
                ok: true,
                code: None,
                message: None,
            },
            Err(error) => Outcome {
                ok: false,
                code: Some(OutcomeCode::Failed(error.code)),
                message: Some(error.message.clone()),
            },
        };
        // As a service call's result: one that cannot be written is logged, and the
        // intent, naming these bytes, stays.
        if let Err(error) = self.audit.append(NewEntry {
            completes: Some(intent),
            ..entry(outcome)
        }) {
            tracing::error!(code = ?error.code, "audit entry not written: {error}");
        }
        saved?;
        let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        Ok(ExportedDossier {
            digest: built.digest,
            bytes: count(built.bytes.len()),
            documents: count(material.evidence.documents.len()),
            entries: written.entries_checked,
        })
    }

    /// In a team, the trail, the acknowledgements and the notes are the team's: the
    /// file's entries, the links from the first of them (or the latest checkpoint, if
    /// older) to the head, and the latest checkpoint whose signature holds. The
    /// sections' senders stay this desk's log's (its own sends).
    async fn team_part(
        &self,
        team: &kyb_team::Team,
        document_id: &str,
        dossier: &mut dossier::Dossier,
    ) -> AppResult<()> {
        let file = team.file_trail(document_id).await.map_err(team_error)?;
        let head = team.head().await.map_err(team_error)?;
        let checkpoints = team.checkpoints().await.map_err(team_error)?;
        let first = file
            .first()
            .map_or(head.seq, |e| e.seq)
            .min(checkpoints.last().map_or(i64::MAX, |c| c.seq));
        let chain = team
            .trail(head.seq.saturating_sub(first).saturating_add(1))
            .await
            .map_err(team_error)?;
        let notes = team.notes(document_id).await.map_err(team_error)?;
        dossier.trail = dossier::team::trail(team.workspace(), &file, &chain, &head, &checkpoints);
        dossier.acknowledged = dossier::team::acknowledged(&file);
        dossier.notes = dossier::team::notes(&notes);
        // In a team the exporter is the member's login, as the trail names them.
        dossier.generated_by = team.member().to_owned();
        Ok(())
    }

    /// Checks a dossier, and whether this desk's log recorded its export.
    pub fn audit_dossier(&self, bytes: &[u8]) -> AppResult<DossierAudit> {
        let check = dossier::verify(bytes);
        let recorded = match &check.digest {
            Some(digest) => {
                let label = crate::audit::Action::Desk(DeskEvent::DossierExported).label();
                let summary = exported_summary(digest);
                self.audit_entries()?
                    .entries
                    .iter()
                    .any(|e| e.record.operation == label && e.record.summary == summary)
            }
            None => false,
        };
        Ok(DossierAudit { check, recorded })
    }
}

/// A document's name in the dossier's ZIP: `documentos/`, its place in `Documentos`
/// (so two alike stay two), its words reduced to letters, digits and dashes (a name
/// the service sent never makes a path), and the extension of what its bytes are.
fn document_member(index: usize, name: &str, kind: crate::evidence::judge::FileKind) -> String {
    use crate::evidence::judge::FileKind;
    use unicode_normalization::UnicodeNormalization;
    use unicode_normalization::char::is_combining_mark;
    let mut slug = String::new();
    // Accents dropped as the names' folding drops them (`screening::names`): "Ñ" is "n".
    for c in name.nfd().filter(|c| !is_combining_mark(*c)) {
        if c.is_ascii_alphanumeric() {
            slug.push(c.to_ascii_lowercase());
        } else if !slug.ends_with('-') {
            slug.push('-');
        }
    }
    let slug: String = slug.trim_matches('-').chars().take(60).collect();
    let extension = match kind {
        FileKind::Pdf => "pdf",
        FileKind::Jpeg => "jpg",
        FileKind::Png => "png",
        FileKind::Webp => "webp",
    };
    format!(
        "{}{:03}-{}.{extension}",
        dossier::archive::DOCUMENTS,
        index + 1,
        if slug.is_empty() {
            "documento"
        } else {
            slug.as_str()
        }
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::judge::FileKind;

    #[test]
    fn a_documents_name_in_the_zip_is_never_a_path() {
        assert_eq!(
            document_member(0, "Comprobante de domicilio · CFE · Recibo", FileKind::Pdf),
            "documentos/001-comprobante-de-domicilio-cfe-recibo.pdf"
        );
        assert_eq!(
            document_member(11, "../../etc/passwd", FileKind::Png),
            "documentos/012-etc-passwd.png"
        );
        assert_eq!(
            document_member(2, "…", FileKind::Jpeg),
            "documentos/003-documento.jpg"
        );
        assert_eq!(
            document_member(0, "Identificación oficial", FileKind::Webp),
            "documentos/001-identificacion-oficial.webp"
        );
        // Each is a name the dossier's check reads back.
        for (index, name) in [(0, "Acta"), (998, "../../x"), (5, "…")] {
            let member = document_member(index, name, FileKind::Pdf);
            assert!(dossier::archive::is_document_name(&member), "{member}");
        }
        for other in [
            "documentos/../dossier.json",
            "documentos/001-a.exe",
            "documentos/01-a.pdf",
            "documentos/001-A.pdf",
            "documentos/001.pdf",
            "otros/001-a.pdf",
        ] {
            assert!(!dossier::archive::is_document_name(other), "{other}");
        }
    }
}

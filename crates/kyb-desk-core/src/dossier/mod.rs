//! The auditor's dossier of a file: one ZIP holding a PDF report
//! (`informe.pdf`), the same content as JSON (`dossier.json`) and `SHA256SUMS`. It
//! holds the file's data as the desk read it, each section's decision with who sent it
//! and when, the findings acknowledged, each evidence document's SHA-256, the notes
//! (a team's; one desk keeps none and says so), and the file's trail entries with
//! their hashes, linked to the chain's head (or a team's signed checkpoint).
//!
//! Its rooms: [`model`] (what it holds), `typeset` (lines on PDF pages, with an
//! embedded font that has Spanish's accents), `report` (the dossier as those lines),
//! [`archive`] (the ZIP and its digest), `local` (what one desk's audit log gives), `team`
//! (what a team's trail gives) and [`verify`] (the check `docs/DOSSIER.md` describes). The desk's export, recorded
//! in the trail, is `crate::desk`'s (`desk/dossier.rs`).

pub mod archive;
pub mod findings;
mod hashed;
pub(crate) mod local;
pub mod model;
mod report;
pub(crate) mod team;
mod typeset;
mod verify;

pub use archive::Built;
pub use model::Dossier;
pub use verify::{DossierCheck, DossierProblem, verify};

use kyb_api::file::SectionComment;

use crate::audit::{AnchorState, AuditEntry};
use crate::drafts::Draft;

/// What one desk knows of a file, read from its records and the service.
pub struct LocalSources<'a> {
    pub generated_at_utc: String,
    pub generated_by: String,
    pub file: model::FileFacts,
    /// Tracking's sections (the service's decisions and comments).
    pub sections: Vec<SectionComment>,
    pub draft: Option<&'a Draft>,
    pub documents: Vec<model::DocumentHash>,
    pub findings: Vec<model::FindingRecord>,
    pub hits: Vec<model::HitRecord>,
    /// The whole audit log, in file order.
    pub entries: &'a [AuditEntry],
    pub anchor: &'a AnchorState,
}

/// The words of a dossier made on one desk, where no note is kept.
pub const NO_NOTES: &str =
    "Sin notas: este escritorio trabaja solo, y las notas se guardan únicamente en un equipo.";

/// The dossier of one desk's file.
pub fn assemble_local(s: LocalSources) -> Dossier {
    let id = s.file.document_id.clone();
    let sections = s
        .sections
        .iter()
        .map(|section| {
            let sender = local::sender(s.entries, &id, &section.section);
            let draft = s.draft.and_then(|d| {
                d.decisions
                    .iter()
                    .find(|dd| dd.seccion.eq_ignore_ascii_case(&section.section))
                    .and_then(|dd| {
                        let status = dd.estatus.as_ref()?.as_str();
                        Some(match dd.comentario.trim() {
                            "" => status.to_owned(),
                            comment => format!("{status}: {comment}"),
                        })
                    })
            });
            model::SectionRecord {
                section: section.section.clone(),
                status: section.status.to_string(),
                comment: section.comments.clone(),
                decided_by: sender.map(|e| e.record.agent_email.clone()),
                decided_at_utc: sender.map(|e| e.record.at_utc.clone()),
                trail_seq: sender.map(|e| i64::from(e.record.seq)),
                draft,
            }
        })
        .collect();
    Dossier {
        format: model::FORMAT.to_owned(),
        generated_at_utc: s.generated_at_utc,
        generated_by: s.generated_by,
        sections,
        acknowledged: local::acknowledged(s.entries, &id),
        findings: s.findings,
        hits: s.hits,
        documents: s.documents,
        notes: model::Notes {
            kept: false,
            statement: NO_NOTES.to_owned(),
            items: Vec::new(),
        },
        trail: local::trail(s.entries, &id, s.anchor),
        file: s.file,
    }
}

#[cfg(test)]
mod hostile_tests;
#[cfg(test)]
mod tests;

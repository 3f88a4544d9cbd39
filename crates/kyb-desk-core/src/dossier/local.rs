//! What one desk's audit log gives a dossier: the file's entries whole, the chain's
//! links from the first of them to the head, the sections' senders, and the findings
//! acknowledged; and the dossier of one desk's file, assembled from them.

use kyb_api::Operation;
use kyb_api::file::SectionComment;

use super::model::{
    Acknowledged, DocumentHash, Dossier, FORMAT, FileFacts, FindingRecord, HitRecord, Link, Notes,
    SectionRecord, Trail, TrailEntry, TrailKind,
};
use crate::audit::{Action, AnchorState, AuditEntry, AuditTarget, DeskEvent};
use crate::drafts::Draft;

fn same_file(a: &str, b: &str) -> bool {
    a.trim().eq_ignore_ascii_case(b.trim())
}

/// Whether the entry concerns the file (its people and added flows included).
pub fn concerns(entry: &AuditEntry, document_id: &str) -> bool {
    match &entry.subject {
        AuditTarget::File { document_id: id }
        | AuditTarget::Person {
            document_id: id, ..
        }
        | AuditTarget::AddedFlow {
            document_id: id, ..
        } => same_file(id, document_id),
        _ => false,
    }
}

pub fn trail_entry(entry: &AuditEntry) -> TrailEntry {
    let r = &entry.record;
    TrailEntry {
        seq: i64::from(r.seq),
        at_utc: r.at_utc.clone(),
        by: r.agent_email.clone(),
        operation: r.operation.clone(),
        summary: r.summary.clone(),
        ok: r.outcome.ok,
        prev_hash: r.prev_hash.clone(),
        hash: entry.hash.clone(),
        // Exactly what the log hashed: the record as serialised, in its field order.
        hashed: serde_json::to_string(r).unwrap_or_default(),
    }
}

/// The anchor's state in the auditor's words (the PDF and the JSON carry it).
fn anchor_words(anchor: &AnchorState) -> String {
    match anchor {
        AnchorState::Matches => {
            "La cabeza coincide con la que guarda el llavero del sistema.".into()
        }
        AnchorState::Missing => "El llavero no guarda cabeza para esta bitácora.".into(),
        AnchorState::Unavailable { reason } => {
            format!("No se pudo leer la cabeza del llavero: {reason}")
        }
        AnchorState::Unreadable => "El llavero guarda algo que no es una cabeza.".into(),
        AnchorState::Behind {
            anchored_seq,
            last_seq,
        } => format!(
            "El llavero guarda la entrada {anchored_seq}; la bitácora sigue hasta la {last_seq}."
        ),
        AnchorState::Truncated {
            anchored_seq,
            last_seq,
        } => format!(
            "¡Faltan entradas! El llavero guarda la {anchored_seq} y la bitácora termina en la {last_seq}."
        ),
        AnchorState::Rewritten { seq } => {
            format!("¡La entrada {seq} no es la que guardó el llavero: la cadena se reescribió!")
        }
    }
}

/// The file's part of the log. `entries` are the log's, in file order.
pub fn trail(entries: &[AuditEntry], document_id: &str, anchor: &AnchorState) -> Trail {
    // A file with no entry yet is shown with the head alone: the links still end there.
    let first = entries
        .iter()
        .position(|e| concerns(e, document_id))
        .unwrap_or(entries.len().saturating_sub(1));
    let links: Vec<Link> = entries
        .get(first..)
        .unwrap_or_default()
        .iter()
        .map(|e| Link {
            seq: i64::from(e.record.seq),
            prev_hash: e.record.prev_hash.clone(),
            hash: e.hash.clone(),
        })
        .collect();
    let head = entries.last().map_or_else(
        || Link {
            seq: 0,
            prev_hash: crate::audit::GENESIS.into(),
            hash: crate::audit::GENESIS.into(),
        },
        |e| Link {
            seq: i64::from(e.record.seq),
            prev_hash: e.record.prev_hash.clone(),
            hash: e.hash.clone(),
        },
    );
    Trail {
        kind: TrailKind::Local,
        workspace: None,
        entries: entries
            .iter()
            .filter(|e| concerns(e, document_id))
            .map(trail_entry)
            .collect(),
        links,
        head,
        anchor: Some(anchor_words(anchor)),
        checkpoint: None,
    }
}

/// The sections a correction's summary names with their decisions, as
/// `sent_summary::correction` writes them: "N secciones (A aceptada, B rechazada);
/// notificar al usuario: …".
pub fn sent_sections(summary: &str) -> Vec<(String, String)> {
    let Some((_, rest)) = summary.split_once('(') else {
        return Vec::new();
    };
    // The first "); notificar": a rejection's reasons may follow, in any words.
    let Some((inside, _)) = rest.split_once("); notificar al usuario") else {
        return Vec::new();
    };
    inside
        .split(", ")
        .filter_map(|part| {
            let (section, status) = part.trim().rsplit_once(' ')?;
            Some((section.to_owned(), status.to_owned()))
        })
        .collect()
}

/// The last correction that succeeded and named `section`: who sent it, when, and its
/// sequence.
pub fn sender<'a>(
    entries: &'a [AuditEntry],
    document_id: &str,
    section: &str,
) -> Option<&'a AuditEntry> {
    let route = Action::Service(Operation::Correction).label();
    entries.iter().rev().find(|e| {
        e.record.operation == route
            && e.record.outcome.ok
            && concerns(e, document_id)
            && sent_sections(&e.record.summary)
                .iter()
                .any(|(s, _)| s.eq_ignore_ascii_case(section))
    })
}

pub fn acknowledged(entries: &[AuditEntry], document_id: &str) -> Vec<Acknowledged> {
    let label = Action::Desk(DeskEvent::FindingsAcknowledged).label();
    entries
        .iter()
        .filter(|e| e.record.operation == label && concerns(e, document_id))
        .map(|e| Acknowledged {
            trail_seq: i64::from(e.record.seq),
            at_utc: e.record.at_utc.clone(),
            by: e.record.agent_email.clone(),
            summary: e.record.summary.clone(),
        })
        .collect()
}

/// What one desk knows of a file, read from its records and the service.
pub struct LocalSources<'a> {
    pub generated_at_utc: String,
    pub generated_by: String,
    pub file: FileFacts,
    /// Tracking's sections (the service's decisions and comments).
    pub sections: Vec<SectionComment>,
    pub draft: Option<&'a Draft>,
    pub documents: Vec<DocumentHash>,
    pub findings: Vec<FindingRecord>,
    pub hits: Vec<HitRecord>,
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
            let sender = sender(s.entries, &id, &section.section);
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
            SectionRecord {
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
        format: FORMAT.to_owned(),
        generated_at_utc: s.generated_at_utc,
        generated_by: s.generated_by,
        sections,
        acknowledged: acknowledged(s.entries, &id),
        findings: s.findings,
        hits: s.hits,
        documents: s.documents,
        notes: Notes {
            kept: false,
            statement: NO_NOTES.to_owned(),
            items: Vec::new(),
        },
        trail: trail(s.entries, &id, s.anchor),
        file: s.file,
    }
}

#[cfg(test)]
mod tests {
    use super::sent_sections;

    #[test]
    fn a_correction_summary_reads_back_into_its_sections() {
        let read = sent_sections(
            "2 secciones (Acta constitutiva Aceptada, Comprobante (domicilio) Rechazada); notificar al usuario: sí; motivos de rechazo: [\"x); notificar al usuario\"]",
        );
        assert_eq!(
            read,
            vec![
                ("Acta constitutiva".to_owned(), "Aceptada".to_owned()),
                ("Comprobante (domicilio)".to_owned(), "Rechazada".to_owned())
            ]
        );
        assert!(sent_sections("nada").is_empty());
    }
}

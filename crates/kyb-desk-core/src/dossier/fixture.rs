//! The tests' dossier: a fixture log (a file's correction and acknowledgement among
//! another file's entries) and the file's dossier assembled from it. Apart from
//! `tests.rs`, which also builds its archive, so that a module's own tests (the
//! report's) read it without importing the archive that imports the module.

use kyb_api::Operation;
use kyb_api::file::SectionComment;

use super::model::*;
use super::{LocalSources, assemble_local};
use crate::audit::anchor::MemoryAnchor;
use crate::audit::{Action, AuditLog, AuditTarget, DeskEvent, NewEntry, Outcome};

pub(super) const DOC: &str = "6f1c2a9e-4b7d-4e8a-9c3f-2d5e8b1a7c40";
pub(super) const OTHER: &str = "0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c6d";
pub(super) const COMMENT: &str = "Comprobante ilegible: ¿podría enviar uno más reciente? ¡Gracias!";
pub(super) const EVIDENCE_SHA: &str =
    "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";

fn new_entry(action: Action, document_id: &str, summary: &str) -> NewEntry {
    NewEntry {
        profile: "Operación".into(),
        agent_email: "begoña@kybdesk.mx".into(),
        action,
        target: document_id.into(),
        about: AuditTarget::File {
            document_id: document_id.into(),
        },
        summary: summary.into(),
        outcome: Outcome {
            ok: true,
            code: None,
            message: None,
        },
        completes: None,
    }
}

/// A log with the file's correction and acknowledgement among another file's entries.
pub(super) fn fixture_log(dir: &std::path::Path) -> AuditLog {
    let log = AuditLog::new(dir.join("audit.jsonl"), Box::new(MemoryAnchor::new()));
    let correction = Action::Service(Operation::Correction);
    let entries = [
        new_entry(
            correction,
            OTHER,
            "1 secciones (Acta Aceptada); notificar al usuario: no",
        ),
        new_entry(
            Action::Desk(DeskEvent::FindingsAcknowledged),
            DOC,
            "Acta constitutiva: reconoció antes de aceptar alteración del documento",
        ),
        new_entry(
            correction,
            DOC,
            "2 secciones (ActaConstitutivaObligatorio Aceptada, ProofAddressObligatorio Rechazada); notificar al usuario: sí",
        ),
        new_entry(
            correction,
            OTHER,
            "1 secciones (Acta Rechazada); notificar al usuario: sí",
        ),
    ];
    for entry in entries {
        log.append(entry).expect("appended");
    }
    log
}

pub(super) fn fixture(log: &AuditLog) -> Dossier {
    let entries = log.entries().expect("entries").entries;
    let anchor = log.verify().expect("verified").anchor;
    let section = |name: &str, status: &str, comments: Option<&str>| {
        SectionComment::parse(&match comments {
            Some(c) => format!("{name} ({status}): {c}"),
            None => format!("{name} ({status})"),
        })
        .expect("a tracking entry")
    };
    assemble_local(LocalSources {
        generated_at_utc: "2026-11-26T15:00:00Z".into(),
        generated_by: "begoña@kybdesk.mx".into(),
        file: FileFacts {
            document_id: DOC.into(),
            flow_id: "flujo-pymes".into(),
            rfc: "CAÑ010101AB1".into(),
            company_name: Some("Cafetería Peñón y Compañía, S.A. de C.V.".into()),
            status: Some("Revisión".into()),
            ..FileFacts::default()
        },
        sections: vec![
            section("ActaConstitutivaObligatorio", "Aceptada", None),
            section("ProofAddressObligatorio", "Rechazada", Some(COMMENT)),
        ],
        draft: None,
        documents: vec![DocumentHash {
            name: "Comprobante · Recibo de luz".into(),
            section: Some("ProofAddressObligatorio".into()),
            sha256: Some(EVIDENCE_SHA.into()),
            bytes: Some(4),
            problem: None,
            member: None,
        }],
        findings: vec![crate::dossier::model::FindingRecord {
            section: Some("ActaConstitutivaObligatorio".into()),
            severity: "alto".into(),
            words: "En lista de riesgo".into(),
            subject: Some("Begoña Núñez Peña".into()),
            codes: vec!["NUPB800101AB1".into(), "100".into()],
            source: Some("SAT (INFORMACIÓN ACTUALIZADA AL 28 DE NOVIEMBRE DE 2026)".into()),
        }],
        hits: vec![crate::dossier::model::HitRecord {
            list: "SAT".into(),
            list_version: 2,
            row: "NUPB800101AB1".into(),
            listed_name: "BEGOÑA NÚÑEZ PEÑA".into(),
            score: 100,
            party: "Begoña Núñez Peña (accionista)".into(),
            disposition: Some(
                "falso positivo, por begoña@kybdesk.mx el 2026-11-26T14:00:00Z: homónimo".into(),
            ),
        }],
        entries: &entries,
        anchor: &anchor,
    })
}

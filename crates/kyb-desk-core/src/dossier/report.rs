//! The dossier as the PDF report reads it, in Spanish (the desk's records' language):
//! the file, its sections' decisions, the acknowledged findings, the documents with
//! their hashes, the notes and the trail. Everything it shows comes from the JSON, so
//! the PDF can be drawn again from it (the check does).

use kyb_api::file::SectionId;

use super::hashed::outcome_code;
use super::model::*;
use super::typeset::{self, Style};
use crate::audit::OutcomeCode;

/// The PDF report of `dossier`.
pub fn pdf(dossier: &Dossier) -> Vec<u8> {
    let title = format!("Expediente {}", dossier.file.document_id);
    typeset::pdf(&title, &lines(dossier))
}

fn or_dash(value: Option<&str>) -> &str {
    value.filter(|v| !v.trim().is_empty()).unwrap_or("—")
}

/// An instant as a reader reads it: "2026-11-26 15:30:58 UTC", to the second. The JSON
/// keeps the exact text (the hashes cover it); a text that is no instant is shown as is.
fn when(text: &str) -> String {
    kyb_api::time::parse_timestamp(text).map_or_else(
        || text.to_owned(),
        |at| at.format("%Y-%m-%d %H:%M:%S UTC").to_string(),
    )
}

fn when_or_dash(value: Option<&str>) -> String {
    value
        .filter(|v| !v.trim().is_empty())
        .map_or_else(|| "—".to_owned(), when)
}

/// A section named in Spanish words ([`SectionId::words_es`]), and its name as the
/// service spells it, for small print beside them (an auditor matches it with the JSON
/// and the trail's summaries); a name the desk does not know, or one its words repeat
/// ("Sucursal"), is shown as sent, alone.
fn section_words(section: &str) -> (String, Option<String>) {
    match SectionId::parse(section).words_es() {
        Some(words) if words != section.trim() => (words, Some(section.to_owned())),
        _ => (section.to_owned(), None),
    }
}

/// An entry's result in the auditor's words. An intent is written before a call leaves,
/// when its result is not known; the result is an entry of its own (or, when the answer
/// was lost, none): it is no failure, and must not read as one.
fn result_words(kind: TrailKind, e: &TrailEntry) -> String {
    if e.ok {
        return "correcto".into();
    }
    match outcome_code(kind, e) {
        Some(code) if code == OutcomeCode::INTENT.to_string() => {
            "intención, escrita antes de la llamada; su resultado es otra entrada".into()
        }
        Some(code) => format!("sin éxito: {code}"),
        None => "sin éxito".into(),
    }
}

/// How an auditor checks the dossier without KYB Desk, step by step: each catches what
/// the ones before cannot.
const VERIFY_STEPS: &[&str] = &[
    "1. Las sumas: descomprima el ZIP y, en su carpeta, ejecute «sha256sum -c SHA256SUMS». Las dos líneas deben decir OK; el ZIP debe tener exactamente dossier.json, informe.pdf y SHA256SUMS, una vez cada uno.",
    "2. El informe: este PDF se dibuja solo a partir de dossier.json; su texto («pdftotext -layout informe.pdf -») debe decir lo mismo que el JSON.",
    "3. Cada entrada de la bitácora: el SHA-256 del texto «hashed» de cada entrada de trail.entries es su «hash» («jq -j '.trail.entries[0].hashed' dossier.json | sha256sum»).",
    "4. La cadena: cada entrada y cada eslabón de trail.links nombra en «prevHash» el hash de la anterior, hasta la cabeza (trail.head).",
    "5. La cabeza: en un escritorio, la huella del llavero (trail.anchor) debe ser la de la cabeza; en un equipo, la firma Ed25519 del punto de control (trail.checkpoint) debe verificarse con la llave pública del supervisor, y la bitácora del equipo debe tener la misma entrada con el mismo hash.",
];

fn lines(d: &Dossier) -> Vec<(Style, String)> {
    let mut out = Vec::new();
    let mut push = |style: Style, text: String| out.push((style, text));
    let f = &d.file;
    push(Style::Title, "Expediente para auditoría".into());
    push(
        Style::Body,
        format!(
            "Generado el {} por {} ({})",
            when(&d.generated_at_utc),
            or_dash(Some(&d.generated_by)),
            d.format
        ),
    );

    push(Style::Heading, "Datos del expediente".into());
    push(Style::Body, format!("DocumentId: {}", f.document_id));
    push(
        Style::Body,
        format!("Razón social: {}", or_dash(f.company_name.as_deref())),
    );
    push(
        Style::Body,
        format!("RFC: {}  ·  Flujo: {}", f.rfc, f.flow_id),
    );
    push(
        Style::Body,
        format!("Estatus: {}", or_dash(f.status.as_deref())),
    );
    push(
        Style::Body,
        format!(
            "Creado: {}  ·  Actualizado: {}",
            when_or_dash(f.created_at_utc.as_deref()),
            when_or_dash(f.updated_at_utc.as_deref())
        ),
    );
    for person in &f.people {
        push(
            Style::Body,
            format!(
                "Persona: {} (RFC {}, CURP {})",
                person.name,
                or_dash(person.rfc.as_deref()),
                or_dash(person.curp.as_deref())
            ),
        );
    }
    push(
        Style::Body,
        match &f.detail_fetched_at_utc {
            Some(at) => format!(
                "Detalle versión 2 leído el {} (completo en dossier.json)",
                when(at)
            ),
            None => "Sin detalle versión 2 leído en este escritorio".into(),
        },
    );

    push(Style::Heading, "Decisiones por sección".into());
    if d.sections.is_empty() {
        push(Style::Body, "El seguimiento no nombra secciones.".into());
    }
    for s in &d.sections {
        let (words, service) = section_words(&s.section);
        push(Style::Body, format!("{words} — {}", s.status));
        if let Some(service) = service {
            push(Style::Aside, service);
        }
        if let Some(comment) = &s.comment {
            push(Style::Detail, format!("Comentario: {comment}"));
        }
        let who = match (&s.decided_by, &s.decided_at_utc, s.trail_seq) {
            (Some(by), Some(at), Some(seq)) => {
                format!(
                    "Enviada por {by} el {} (entrada {seq} de la bitácora)",
                    when(at)
                )
            }
            _ => "Sin envío registrado en la bitácora".into(),
        };
        push(Style::Detail, who);
        if let Some(draft) = &s.draft {
            push(Style::Detail, format!("Borrador sin enviar: {draft}"));
        }
    }

    push(Style::Heading, "Hallazgos de la revisión".into());
    if d.findings.is_empty() {
        push(Style::Body, "Ninguno.".into());
    }
    for f in &d.findings {
        let place = match f.section.as_deref().map(section_words) {
            Some((words, _)) => words,
            None => "Sin sección".into(),
        };
        let about = f
            .subject
            .as_deref()
            .map(|s| format!(" · {s}"))
            .unwrap_or_default();
        push(
            Style::Body,
            format!("{place}: {} (riesgo {}){about}", f.words, f.severity),
        );
        if !f.codes.is_empty() {
            push(Style::Detail, f.codes.join(", "));
        }
        if let Some(source) = &f.source {
            push(Style::Aside, format!("Fuente: {source}"));
        }
    }

    push(Style::Heading, "Listas de riesgo".into());
    if d.hits.is_empty() {
        push(Style::Body, "Ninguna coincidencia.".into());
    }
    for h in &d.hits {
        push(
            Style::Body,
            format!(
                "{} en {} v{}, fila {}: «{}», {} % parecido",
                h.party, h.list, h.list_version, h.row, h.listed_name, h.score
            ),
        );
        push(
            Style::Detail,
            match &h.disposition {
                Some(words) => format!("Resuelta: {words}"),
                None => "Sin resolver".into(),
            },
        );
    }

    push(Style::Heading, "Hallazgos reconocidos".into());
    if d.acknowledged.is_empty() {
        push(Style::Body, "Ninguno.".into());
    }
    for a in &d.acknowledged {
        push(
            Style::Body,
            format!("{} — {} (entrada {})", when(&a.at_utc), a.by, a.trail_seq),
        );
        push(Style::Detail, a.summary.clone());
    }

    push(Style::Heading, "Documentos de evidencia (SHA-256)".into());
    if d.documents.is_empty() {
        push(Style::Body, "Ninguno.".into());
    }
    for doc in &d.documents {
        match doc.section.as_deref().map(section_words) {
            Some((words, service)) => {
                push(Style::Body, format!("{} — {words}", doc.name));
                if let Some(service) = service {
                    push(Style::Aside, service);
                }
            }
            None => push(Style::Body, doc.name.clone()),
        }
        match (&doc.sha256, doc.bytes) {
            (Some(hash), Some(bytes)) => {
                push(Style::Detail, format!("sha256 {hash} ({bytes} bytes)"));
                if let Some(member) = &doc.member {
                    push(Style::Detail, format!("Incluido en el ZIP: {member}"));
                }
            }
            _ => push(
                Style::Detail,
                format!("No se obtuvo: {}", or_dash(doc.problem.as_deref())),
            ),
        }
    }

    push(Style::Heading, "Notas".into());
    push(Style::Body, d.notes.statement.clone());
    for note in &d.notes.items {
        push(
            Style::Body,
            format!("{} — {}", when(&note.at_utc), note.author),
        );
        push(Style::Detail, note.text.clone());
    }

    let t = &d.trail;
    push(Style::Heading, "Bitácora del expediente".into());
    push(
        Style::Body,
        match (t.kind, &t.workspace) {
            (TrailKind::Team, Some(w)) => format!("Bitácora del equipo, espacio {w}"),
            (TrailKind::Team, None) => "Bitácora del equipo".into(),
            (TrailKind::Local, _) => "Bitácora local de este escritorio (audit.jsonl)".into(),
        },
    );
    for e in &t.entries {
        let result = result_words(t.kind, e);
        push(
            Style::Body,
            format!(
                "{} · {} · {} · {}",
                e.seq,
                when(&e.at_utc),
                or_dash(Some(&e.by)),
                e.operation
            ),
        );
        push(Style::Detail, format!("{} ({result})", e.summary));
        push(Style::Detail, format!("hash {}", e.hash));
        push(Style::Detail, format!("anterior {}", e.prev_hash));
    }
    push(
        Style::Body,
        format!(
            "Cabeza de la cadena: entrada {}, hash {}",
            t.head.seq, t.head.hash
        ),
    );
    if let Some(anchor) = &t.anchor {
        push(Style::Detail, anchor.clone());
    }
    if let Some(c) = &t.checkpoint {
        push(
            Style::Body,
            format!(
                "Punto de control firmado por {} el {}: entrada {}, hash {}",
                c.signer,
                when(&c.at),
                c.seq,
                c.hash
            ),
        );
        push(Style::Detail, format!("llave pública {}", c.public_key));
        push(Style::Detail, format!("firma {}", c.signature));
    }
    push(Style::Heading, "Cómo verificarlo".into());
    for step in VERIFY_STEPS {
        push(Style::Body, (*step).into());
    }
    out
}

#[cfg(test)]
mod tests {
    use kyb_api::Operation;

    use super::*;
    use crate::audit::anchor::MemoryAnchor;
    use crate::audit::{Action, AuditLog, AuditTarget, NewEntry, Outcome};
    use crate::dossier::fixture::{fixture, fixture_log};
    use crate::dossier::local::trail_entry;

    fn call(ok: bool, code: Option<OutcomeCode>) -> NewEntry {
        NewEntry {
            profile: "Operación".into(),
            agent_email: "begoña@kybdesk.mx".into(),
            action: Action::Service(Operation::Correction),
            target: "DOC".into(),
            about: AuditTarget::File {
                document_id: "DOC".into(),
            },
            summary: "2 secciones".into(),
            outcome: Outcome {
                ok,
                code,
                message: None,
            },
            completes: None,
        }
    }

    #[test]
    fn an_intent_reads_as_one_and_a_failure_as_a_failure() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut dossier = fixture(&fixture_log(dir.path()));
        let log = AuditLog::new(dir.path().join("otro.jsonl"), Box::new(MemoryAnchor::new()));
        let intent = log.intent(call(true, None)).expect("intent");
        log.append(NewEntry {
            completes: Some(intent),
            ..call(true, None)
        })
        .expect("its result");
        let refused = serde_json::from_value(serde_json::json!("unauthorized")).expect("a code");
        log.append(call(false, Some(refused))).expect("a failure");
        let entries = log.entries().expect("entries").entries;
        dossier.trail.entries = entries.iter().map(trail_entry).collect();
        let results: Vec<String> = dossier
            .trail
            .entries
            .iter()
            .map(|e| result_words(TrailKind::Local, e))
            .collect();
        assert_eq!(
            results,
            [
                "intención, escrita antes de la llamada; su resultado es otra entrada",
                "correcto",
                "sin éxito: unauthorized",
            ]
        );
        let text: Vec<String> = lines(&dossier).into_iter().map(|(_, l)| l).collect();
        assert!(text.iter().any(|l| l.ends_with("(correcto)")), "{text:?}");
    }

    #[test]
    fn instants_read_to_the_second_and_sections_in_words() {
        assert_eq!(
            when("2026-11-26T15:30:58.901727906Z"),
            "2026-11-26 15:30:58 UTC"
        );
        assert_eq!(when("2026-11-26T09:30:58-06:00"), "2026-11-26 15:30:58 UTC");
        assert_eq!(when("ayer"), "ayer", "no instant: shown as is");
        assert_eq!(when_or_dash(Some(" ")), "—");
        assert_eq!(
            section_words("ActaConstitutivaObligatorio"),
            (
                "Acta constitutiva (obligatorio)".to_owned(),
                Some("ActaConstitutivaObligatorio".to_owned())
            )
        );
        assert_eq!(section_words("Sucursal"), ("Sucursal".to_owned(), None));
        assert_eq!(
            section_words("CartaCondiciones"),
            ("CartaCondiciones".to_owned(), None)
        );
    }
}

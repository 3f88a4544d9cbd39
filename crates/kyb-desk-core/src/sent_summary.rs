//! One-line summaries of what a state-changing call sent, for the audit log. Built
//! from the request bodies (which never hold the API key) and, for an enrollment link,
//! the record the service created, in Spanish like the rest of what the analyst reads.

use kyb_api::models::file::EnrollmentLink;
use kyb_api::requests::{
    ComplementaryInfoRequest, CorrectionRequest, CreateFileRequest, EnrollmentLinkRequest,
};
use serde::Serialize;
use ts_rs::TS;

fn yes_no(value: Option<bool>, default: bool) -> &'static str {
    if value.unwrap_or(default) {
        "sí"
    } else {
        "no"
    }
}

/// What was asked of the service on creation. The contact's address and phone are
/// personal data of someone outside the desk, so the log says whether each was given
/// and whether the link was to go to it, never the address or the number (the company
/// and its RFC identify the file, as in every other summary).
pub fn create_file(request: &CreateFileRequest) -> String {
    let company = request.company.as_ref();
    format!(
        "FlowID {}; empresa «{}»; RFC {}; {}; {}",
        request.flow_id.trim(),
        company.map_or("", |c| c.company_name.trim()),
        company
            .and_then(|c| c.company_rfc.as_deref())
            .unwrap_or("—"),
        notice(
            "enlace por correo",
            "correo de contacto",
            request.send_email,
            &request.contact_email
        ),
        notice(
            "enlace por SMS",
            "teléfono de contacto",
            request.send_sms,
            &request.contact_phone
        ),
    )
}

/// "enlace por correo: pedido, con correo de contacto" and the like: whether the link
/// was asked to go out this way, and whether the request held a contact for it.
fn notice(channel: &str, contact: &str, asked: Option<bool>, given: &Option<String>) -> String {
    let given = given.as_deref().is_some_and(|c| !c.trim().is_empty());
    match (asked.unwrap_or(false), given) {
        (true, true) => format!("{channel}: pedido, con {contact}"),
        (true, false) => format!("{channel}: pedido, sin {contact}"),
        (false, true) => format!("{channel}: no pedido ({contact} dado)"),
        (false, false) => format!("{channel}: no pedido"),
    }
}

/// Written after the rest of a correction's summary when a rejected section had a
/// comment; [`rejection_reasons`] reads it back.
const REASONS: &str = "; motivos de rechazo: ";

/// The sections and their decisions, and the comments of the rejected ones (the
/// reasons the dashboard counts: what the end user was told to fix), as a JSON list
/// so that any text reads back as written.
pub fn correction(request: &CorrectionRequest) -> String {
    let decisions: Vec<String> = request
        .secciones
        .iter()
        .map(|d| format!("{} {}", d.seccion.trim(), d.estatus.trim()))
        .collect();
    let reasons: Vec<&str> = request
        .secciones
        .iter()
        .filter(|d| is_rejection(&d.estatus))
        .filter_map(|d| d.comentario.as_deref().map(str::trim))
        .filter(|c| !c.is_empty())
        .collect();
    let mut summary = format!(
        "{} secciones ({}); notificar al usuario: {}",
        request.secciones.len(),
        decisions.join(", "),
        yes_no(request.notificar_usuario, true),
    );
    if !reasons.is_empty() {
        summary.push_str(REASONS);
        summary.push_str(&serde_json::to_string(&reasons).unwrap_or_default());
    }
    summary
}

/// A section's decision is a rejection (`Rechazada`, in any case or gender).
pub fn is_rejection(estatus: &str) -> bool {
    estatus.trim().to_lowercase().starts_with("rechazad")
}

/// How many sections a correction's summary rejected, and the reasons it carries
/// (none in summaries written before they were recorded).
pub fn rejections(summary: &str) -> (u32, Vec<String>) {
    let Some((head, tail)) = summary.split_once("; notificar al usuario: ") else {
        return (0, Vec::new());
    };
    let sections = head
        .split_once(" secciones (")
        .and_then(|(_, list)| list.strip_suffix(')'))
        .unwrap_or("");
    let rejected = sections
        .split(", ")
        .filter_map(|d| d.rsplit_once(' '))
        .filter(|(_, estatus)| is_rejection(estatus))
        .count();
    let reasons = tail
        .split_once(REASONS)
        .and_then(|(_, list)| serde_json::from_str(list).ok())
        .unwrap_or_default();
    (u32::try_from(rejected).unwrap_or(u32::MAX), reasons)
}

pub fn complementary_info(request: &ComplementaryInfoRequest) -> String {
    format!(
        "flujo {}; notificar al usuario: {}",
        request.flow_id.trim(),
        // The spec does not show this default; we send what the analyst chose.
        yes_no(request.notificar_usuario, false),
    )
}

/// Names the generated record (`Id`) when there is one. The link itself is not
/// written down: it lets its bearer enroll, and the log is a record, not a vault.
pub fn enrollment_link(request: &EnrollmentLinkRequest, issued: Option<&EnrollmentLink>) -> String {
    let person = request.person_id.trim();
    match issued.and_then(|link| link.id.as_deref()) {
        Some(id) => format!("enlace de enrolamiento para la persona {person}; registro {id}"),
        None => format!("enlace de enrolamiento para la persona {person}"),
    }
}

/// A section and its decision, as a correction's summary names them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct SaidDecision {
    pub section: String,
    pub verdict: String,
}

/// What a correction's summary says, read back from [`correction`]'s words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct SaidCorrection {
    pub decisions: Vec<SaidDecision>,
    pub notify: bool,
    pub reasons: Vec<String>,
}

/// What complementary information's summary says ([`complementary_info`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct SaidComplementary {
    pub flow: String,
    pub notify: bool,
}

/// What an enrollment link's summary says ([`enrollment_link`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
pub struct SaidEnrollmentLink {
    pub person: String,
    pub record: Option<String>,
}

fn said_yes_no(text: &str) -> Option<bool> {
    match text {
        "sí" => Some(true),
        "no" => Some(false),
        _ => None,
    }
}

/// A correction's summary read back; `None` for any other text (an older shape, or one
/// cut at its length limit).
pub fn read_correction(summary: &str) -> Option<SaidCorrection> {
    let (head, tail) = summary.split_once("; notificar al usuario: ")?;
    let list = head
        .split_once(" secciones (")
        .filter(|(count, _)| count.parse::<u32>().is_ok())?
        .1
        .strip_suffix(')')?;
    let (notify, reasons) = match tail.split_once(REASONS) {
        Some((notify, reasons)) => (notify, serde_json::from_str(reasons).ok()?),
        None => (tail, Vec::new()),
    };
    let decisions = list
        .split(", ")
        .filter(|d| !d.trim().is_empty())
        .map(|d| match d.rsplit_once(' ') {
            Some((section, verdict)) => SaidDecision {
                section: section.to_owned(),
                verdict: verdict.to_owned(),
            },
            None => SaidDecision {
                section: d.to_owned(),
                verdict: String::new(),
            },
        })
        .collect();
    Some(SaidCorrection {
        decisions,
        notify: said_yes_no(notify)?,
        reasons,
    })
}

/// Complementary information's summary read back.
pub fn read_complementary(summary: &str) -> Option<SaidComplementary> {
    let (flow, notify) = summary
        .strip_prefix("flujo ")?
        .rsplit_once("; notificar al usuario: ")?;
    Some(SaidComplementary {
        flow: flow.to_owned(),
        notify: said_yes_no(notify)?,
    })
}

/// An enrollment link's summary read back.
pub fn read_enrollment_link(summary: &str) -> Option<SaidEnrollmentLink> {
    let rest = summary.strip_prefix("enlace de enrolamiento para la persona ")?;
    let (person, record) = match rest.split_once("; registro ") {
        Some((person, record)) => (person, Some(record.to_owned())),
        None => (rest, None),
    };
    (!person.is_empty()).then(|| SaidEnrollmentLink {
        person: person.to_owned(),
        record,
    })
}

#[cfg(test)]
mod tests {
    use kyb_api::requests::Company;

    use super::*;

    fn request(
        send_email: Option<bool>,
        email: Option<&str>,
        send_sms: Option<bool>,
        phone: Option<&str>,
    ) -> CreateFileRequest {
        CreateFileRequest {
            flow_id: "flujo-moral".into(),
            company: Some(Company {
                company_name: "Panificadora La Espiga".into(),
                company_rfc: Some("PLE150301AB2".into()),
            }),
            send_email,
            contact_email: email.map(Into::into),
            send_sms,
            contact_phone: phone.map(Into::into),
            ..CreateFileRequest::default()
        }
    }

    #[test]
    fn a_correction_carries_the_rejected_sections_comments_and_they_read_back() {
        use kyb_api::requests::SectionDecision;
        let decision = |seccion: &str, estatus: &str, comentario: Option<&str>| SectionDecision {
            seccion: seccion.into(),
            estatus: estatus.into(),
            comentario: comentario.map(Into::into),
            ..SectionDecision::default()
        };
        let request = CorrectionRequest {
            document_id: "d".into(),
            secciones: vec![
                decision(
                    "ProofAddress",
                    "Rechazada",
                    Some(" Tiene más de tres meses; \"viejo\" "),
                ),
                decision("Opinion", "Aceptada", Some("bien")),
                decision("FiscalCSF", "Rechazada", Some("  ")),
            ],
            ..CorrectionRequest::default()
        };
        let summary = correction(&request);
        assert_eq!(
            summary,
            "3 secciones (ProofAddress Rechazada, Opinion Aceptada, FiscalCSF Rechazada); \
             notificar al usuario: sí; motivos de rechazo: [\"Tiene más de tres meses; \\\"viejo\\\"\"]"
        );
        assert_eq!(
            rejections(&summary),
            (2, vec!["Tiene más de tres meses; \"viejo\"".to_owned()])
        );
        // An older summary: its rejections, no reasons.
        assert_eq!(
            rejections("2 secciones (A Rechazada, B Aceptada); notificar al usuario: no"),
            (1, Vec::new())
        );
        assert_eq!(
            rejections("flujo x; notificar al usuario: no"),
            (0, Vec::new())
        );
        // Read back in words: each decision, the notice, the reasons as written.
        let said = read_correction(&summary).expect("a correction's words");
        assert_eq!(said.decisions.len(), 3);
        assert_eq!(
            said.decisions[0],
            SaidDecision {
                section: "ProofAddress".into(),
                verdict: "Rechazada".into()
            }
        );
        assert!(said.notify);
        assert_eq!(
            said.reasons,
            vec!["Tiene más de tres meses; \"viejo\"".to_owned()]
        );
        // Cut at its length limit, or of another shape: shown as written.
        assert_eq!(read_correction(&summary[..summary.len() - 3]), None);
        assert_eq!(
            read_correction("x secciones (A Aceptada); notificar al usuario: sí"),
            None
        );
        // A reason that holds the summary's own separators reads back whole.
        let tricky = read_correction(
            "2 secciones (Acta Aceptada, Comprobante Rechazada); notificar al usuario: no; \
             motivos de rechazo: [\"x); notificar al usuario: sí\"]",
        )
        .expect("read");
        assert!(!tricky.notify);
        assert_eq!(tricky.reasons, ["x); notificar al usuario: sí"]);
        assert_eq!(tricky.decisions[1].verdict, "Rechazada");
    }

    #[test]
    fn complementary_information_and_an_enrollment_link_read_back_as_written() {
        let complementary = complementary_info(&ComplementaryInfoRequest {
            flow_id: " flujo-sucursales ".into(),
            notificar_usuario: Some(true),
            ..ComplementaryInfoRequest::default()
        });
        assert_eq!(
            read_complementary(&complementary),
            Some(SaidComplementary {
                flow: "flujo-sucursales".into(),
                notify: true
            })
        );
        let link = enrollment_link(
            &EnrollmentLinkRequest {
                person_id: "p-7".into(),
                ..EnrollmentLinkRequest::default()
            },
            None,
        );
        assert_eq!(
            read_enrollment_link(&link),
            Some(SaidEnrollmentLink {
                person: "p-7".into(),
                record: None
            })
        );
        assert_eq!(
            read_enrollment_link("enlace de enrolamiento para la persona p-7; registro r-1"),
            Some(SaidEnrollmentLink {
                person: "p-7".into(),
                record: Some("r-1".into())
            })
        );
        assert_eq!(
            read_complementary("flujo x; notificar al usuario: quizá"),
            None
        );
    }

    #[test]
    fn a_creation_says_what_notice_was_asked_and_whether_a_contact_was_given_never_which() {
        let both = create_file(&request(
            Some(true),
            Some("compras@espiga.mx"),
            Some(true),
            Some("3312345678"),
        ));
        assert_eq!(
            both,
            "FlowID flujo-moral; empresa «Panificadora La Espiga»; RFC PLE150301AB2; \
             enlace por correo: pedido, con correo de contacto; \
             enlace por SMS: pedido, con teléfono de contacto"
        );
        assert!(!both.contains("compras@espiga.mx") && !both.contains("3312345678"));
        // Asked for with no address to send it to: the log says so, not a bare "sí".
        assert!(
            create_file(&request(Some(true), Some("  "), None, None)).ends_with(
                "enlace por correo: pedido, sin correo de contacto; enlace por SMS: no pedido"
            )
        );
        assert!(
            create_file(&request(None, Some("compras@espiga.mx"), Some(false), None)).ends_with(
                "enlace por correo: no pedido (correo de contacto dado); enlace por SMS: no pedido"
            )
        );
    }
}

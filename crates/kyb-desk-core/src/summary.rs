//! One-line summaries of what a state-changing call sent, for the audit log. Built
//! from the request bodies (which never hold the API key) and, for an enrollment link,
//! the record the service created, in Spanish like the rest of what the analyst reads.

use kyb_api::models::file::EnrollmentLink;
use kyb_api::requests::{
    ComplementaryInfoRequest, CorrectionRequest, CreateFileRequest, EnrollmentLinkRequest,
};

fn yes_no(value: Option<bool>, default: bool) -> &'static str {
    if value.unwrap_or(default) {
        "sí"
    } else {
        "no"
    }
}

pub fn create_file(request: &CreateFileRequest) -> String {
    let company = request.company.as_ref();
    format!(
        "FlowID {}; empresa «{}»; RFC {}; correo {}; SMS {}",
        request.flow_id.trim(),
        company.map_or("", |c| c.company_name.trim()),
        company
            .and_then(|c| c.company_rfc.as_deref())
            .unwrap_or("—"),
        yes_no(request.send_email, false),
        yes_no(request.send_sms, false),
    )
}

pub fn correction(request: &CorrectionRequest) -> String {
    let decisions: Vec<String> = request
        .secciones
        .iter()
        .map(|d| format!("{} {}", d.seccion.trim(), d.estatus.trim()))
        .collect();
    format!(
        "{} secciones ({}); notificar al usuario: {}",
        request.secciones.len(),
        decisions.join(", "),
        yes_no(request.notificar_usuario, true),
    )
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

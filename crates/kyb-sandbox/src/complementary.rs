//! Operation 4, complementary information: `POST /expedientes/informacion-complementaria`
//! adds to a file the sections of another flow that the file does not have yet.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use kyb_api::file::{SectionId, SectionStatus};
use kyb_api::requests::ComplementaryInfoRequest;
use kyb_api::validate;
use serde_json::json;

use crate::auth::DetailCaller;
use crate::clock;
use crate::envelope::{Envelope, read_body, validation_failed};
use crate::files::{DynamicForm, Section};
use crate::messages::{self, status};
use crate::state::{AppState, OutboxEvent};

/// The service's default of `notificarUsuario` here is not shown; the sandbox takes
/// true, like the correction request's.
const NOTIFY_BY_DEFAULT: bool = true;

pub const PERSON_TYPE_MISMATCH: &str =
    "El tipo de persona del flujo no coincide con el del expediente.";

pub async fn add_sections(
    State(app): State<AppState>,
    DetailCaller(caller): DetailCaller,
    body: Bytes,
) -> Envelope {
    let mut world = app.lock();
    let request: ComplementaryInfoRequest = read_body(&body);
    let mut failures = validate::complementary_info(&request);
    let flow = world.flow(caller.workspace, &request.flow_id).cloned();
    if !request.flow_id.trim().is_empty() && flow.is_none() {
        failures.push(validate::invalid("flowId"));
    }
    if !failures.is_empty() {
        return validation_failed(failures);
    }
    let Some(flow) = flow else {
        return validation_failed(vec![validate::invalid("flowId")]);
    };
    let Some(file) = world.file(caller.workspace, &request.document_id).cloned() else {
        return Envelope::error(
            StatusCode::NOT_FOUND,
            status::NOT_FOUND,
            messages::DOCUMENT_NOT_FOUND,
        );
    };
    // Rule 4: natural-person files cannot get legal-entity sections and vice versa.
    let file_type = world
        .flow(caller.workspace, &file.flow_id)
        .map(|f| f.person_type);
    if file_type != Some(flow.person_type) {
        return validation_failed(vec![PERSON_TYPE_MISMATCH.to_owned()]);
    }
    // Rules 1 and 5: only missing sections are added; existing ones are untouched.
    let added_sections: Vec<String> = flow
        .sections
        .iter()
        .filter(|id| SectionId::parse(id).limit.is_none())
        .filter(|id| !file.sections.iter().any(|s| s.id.eq_ignore_ascii_case(id)))
        .cloned()
        .collect();
    // Rule 2: a dynamic form whose GUID the file already has is not added; an added
    // form is reported in sectionsAdded by its GUID.
    let added_forms: Vec<DynamicForm> = flow
        .forms
        .iter()
        .filter(|form| !file.forms.iter().any(|have| have.guid == form.guid))
        .cloned()
        .collect();
    let added: Vec<String> = added_sections
        .iter()
        .cloned()
        .chain(added_forms.iter().map(|form| form.guid.to_string()))
        .collect();
    let now = clock::now();
    let notify = request.notificar_usuario.unwrap_or(NOTIFY_BY_DEFAULT) && !added.is_empty();
    if notify {
        let contacts = [
            ("email", file.contact_email.clone()),
            ("sms", file.contact_phone.clone()),
        ];
        for (channel, target) in contacts {
            if let Some(target) = target {
                world.outbox.push(OutboxEvent {
                    at_utc: clock::iso_millis(now),
                    workspace_id: caller.workspace,
                    channel,
                    kind: "complementary_information",
                    target,
                    detail: request.mensaje_adicional.clone(),
                    billable: false,
                });
            }
        }
    }
    if let Some(stored) = world.files.get_mut(&file.document_id) {
        let new_sections = added.len() - added_forms.len();
        stored
            .sections
            .extend(added[..new_sections].iter().map(|id| Section {
                id: id.clone(),
                status: SectionStatus::Pendiente,
                comments: Vec::new(),
            }));
        stored.forms.extend(added_forms.iter().cloned());
        if !added.is_empty() {
            stored.updated = now;
        }
    }
    let message = if added.is_empty() {
        "El expediente ya contiene todas las secciones del flujo.".to_owned()
    } else {
        format!("Se agregaron {} secciones al expediente.", added.len())
    };
    Envelope::new(
        StatusCode::OK,
        status::SUCCESS_LOWER,
        messages::OK_COMPLEMENTARY,
        json!({ "documentId": file.document_id, "sectionsAdded": added, "message": message }),
    )
}

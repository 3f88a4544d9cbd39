//! Operation 6, enrollment link: `POST /enrollment/v1/url` with DocumentId, PersonId,
//! AgentMail; only for a person whose tracking entry has IsEnrollmentAllowed.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use kyb_api::requests::EnrollmentLinkRequest;
use kyb_api::validate;
use serde_json::json;
use uuid::Uuid;

use crate::auth::Caller;
use crate::clock;
use crate::envelope::{Envelope, read_body, validation_failed};
use crate::messages::{self, status};
use crate::state::AppState;

pub async fn enrollment_link(State(app): State<AppState>, caller: Caller, body: Bytes) -> Envelope {
    let mut world = app.lock();
    let request: EnrollmentLinkRequest = read_body(&body);
    let failures = validate::enrollment_link(&request);
    if !failures.is_empty() {
        return validation_failed(failures);
    }
    let serial = world.next_serial();
    let (Ok(document_id), Ok(person_id)) = (
        Uuid::parse_str(request.document_id.trim()),
        Uuid::parse_str(request.person_id.trim()),
    ) else {
        return validation_failed(vec![validate::invalid("DocumentId")]);
    };
    // The Errors table answers a refused enrollment with 403 not_allowed (the
    // operation's own description says 404; the table is the more specific source).
    // A file of another workspace, or a person not in the file, is refused alike.
    let not_allowed = || {
        Envelope::error(
            StatusCode::FORBIDDEN,
            status::NOT_ALLOWED,
            messages::ENROLLMENT_NOT_ALLOWED,
        )
    };
    let Some(file) = world
        .files
        .get_mut(&document_id)
        .filter(|f| f.workspace == caller.workspace)
    else {
        return not_allowed();
    };
    let file_status = file.status.clone();
    let Some(person) = file.persons.iter_mut().find(|p| p.person_id == person_id) else {
        return not_allowed();
    };
    if !person.enrollment_allowed(&file_status) {
        return not_allowed();
    }
    let now = clock::now();
    person.enrollment_status = "Solicitado";
    person.enrollment_request_at = Some(now);
    file.updated = now;
    let id = format!("ENR-{serial:08}");
    Envelope::new(
        StatusCode::OK,
        status::SUCCESS_CAPITAL,
        messages::OK_ENROLLMENT_LINK,
        json!({
            "Id": id,
            "EnrollmentUrl": format!("{}/_enrollment/{id}", app.base_url),
        }),
    )
}

//! Operation 5, tracking: `POST /expedientes/v1/tracking` with FlowID, RFC, AgentMail.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use kyb_api::requests::TrackingRequest;
use kyb_api::validate;

use crate::auth::Caller;
use crate::envelope::{Envelope, read_body, validation_failed};
use crate::messages::{self, status};
use crate::state::AppState;

pub async fn tracking(State(app): State<AppState>, caller: Caller, body: Bytes) -> Envelope {
    let mut world = app.lock();
    let request: TrackingRequest = read_body(&body);
    let mut failures = validate::tracking(&request);
    // An unknown flow is a validation failure ("El FlowId no es válido."), not a 404.
    if !request.flow_id.trim().is_empty()
        && world.flow(caller.workspace, &request.flow_id).is_none()
    {
        failures.push(validate::invalid("FlowId"));
    }
    if !failures.is_empty() {
        return validation_failed(failures);
    }
    // The newest file of that flow and company RFC in the caller's workspace.
    let found = world
        .files_of_company(caller.workspace, &request.flow_id, &request.rfc)
        .max_by_key(|f| f.created);
    match found {
        Some(file) => Envelope::new(
            StatusCode::OK,
            status::SUCCESS_CAPITAL,
            messages::OK_TRACKING,
            file.tracking(),
        ),
        None => Envelope::error(
            StatusCode::NOT_FOUND,
            status::NOT_FOUND,
            messages::FILE_NOT_FOUND_TRACKING,
        ),
    }
}

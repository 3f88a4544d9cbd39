//! Routes under `/_sandbox/` for what the spec leaves out: creating verifications,
//! reading the outbox and the request counters, and tampering with a served file.
//! Every one needs the header `X-Sandbox-Admin: <admin_token>`.

use axum::Json;
use axum::extract::Request;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use kyb_api::verification::VerificationStatus;
use serde::Deserialize;
use serde_json::json;
use uuid::Uuid;

use crate::AppState;
use crate::clock;
use crate::verifications::{NewVerification, create};

pub const ADMIN_HEADER: &str = "X-Sandbox-Admin";

fn refused(code: StatusCode, why: &str) -> Response {
    (code, Json(json!({ "error": why }))).into_response()
}

/// Layered over every admin route: nothing under `/_sandbox/` runs without the token.
pub async fn require_admin(State(app): State<AppState>, request: Request, next: Next) -> Response {
    let given = request
        .headers()
        .get(ADMIN_HEADER)
        .and_then(|v| v.to_str().ok());
    if given == Some(&*app.admin_token) {
        next.run(request).await
    } else {
        refused(
            StatusCode::UNAUTHORIZED,
            "missing or wrong X-Sandbox-Admin header",
        )
    }
}

#[derive(Debug, Deserialize)]
pub struct CreateVerification {
    /// Defaults to the first tenant's workspace.
    pub workspace_id: Option<Uuid>,
    /// Any status of the catalogue; defaults to NoIniciado.
    pub status: Option<String>,
    pub distance_meters: Option<f64>,
    pub external_reference: Option<String>,
}

/// Stands in for the service's verification-creation operation, whose path and
/// payload the spec does not show: answers `Folio` and `ApplicantUrl`.
pub async fn create_verification(
    State(app): State<AppState>,
    Json(body): Json<CreateVerification>,
) -> Response {
    let status = VerificationStatus::parse(body.status.as_deref().unwrap_or("NoIniciado"));
    if let VerificationStatus::Other(raw) = &status {
        return refused(StatusCode::BAD_REQUEST, &format!("unknown status {raw}"));
    }
    let mut world = app.lock();
    let Some(workspace) = body
        .workspace_id
        .or_else(|| world.tenants.first().map(|t| t.workspace_id))
        .filter(|ws| world.tenant(*ws).is_some())
    else {
        return refused(StatusCode::BAD_REQUEST, "unknown workspace_id");
    };
    let new = NewVerification {
        workspace,
        status,
        distance_meters: body.distance_meters.unwrap_or(42.0),
        accuracy: 12.0,
        created: clock::now(),
        external_reference: body
            .external_reference
            .unwrap_or_else(|| "EXT-ADMIN".into()),
        colours: [[40, 90, 160], [200, 180, 120]],
    };
    let folio = create(&mut world, &app.base_url, new);
    let url = world.verifications[&folio].applicant_url.clone();
    Json(json!({ "Folio": folio, "ApplicantUrl": url })).into_response()
}

/// The verification as the sandbox holds it, including its current applicant link.
pub async fn verification(State(app): State<AppState>, Path(folio): Path<String>) -> Response {
    let world = app.lock();
    match world.verifications.get(&folio) {
        Some(v) => Json(json!({
            "WorkspaceId": v.workspace,
            "ApplicantUrl": v.applicant_url,
            "Verification": v,
        }))
        .into_response(),
        None => refused(StatusCode::NOT_FOUND, "no such folio"),
    }
}

/// Notifications recorded instead of sent, oldest first, and how many were billable.
pub async fn outbox(State(app): State<AppState>) -> Response {
    let world = app.lock();
    let billable = world.outbox.iter().filter(|e| e.billable).count();
    Json(json!({ "events": world.outbox, "billable": billable })).into_response()
}

/// Requests received per route ("METHOD /path/{param}").
pub async fn counters(State(app): State<AppState>) -> Response {
    Json(json!(app.lock().counters)).into_response()
}

/// Flips bytes of a served file so its SHA-256 no longer matches what the service
/// reported: a tampered photo.
pub async fn tamper_file(State(app): State<AppState>, Path(name): Path<String>) -> Response {
    let mut world = app.lock();
    match world.served.get_mut(&name) {
        Some(file) => {
            file.bytes.extend_from_slice(b"tampered");
            StatusCode::NO_CONTENT.into_response()
        }
        None => refused(StatusCode::NOT_FOUND, "no such file"),
    }
}

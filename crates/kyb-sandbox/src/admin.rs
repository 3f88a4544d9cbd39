//! Routes under `/_sandbox/` for what the spec leaves out: creating verifications,
//! reading the outbox and the request counters, and tampering with a served file.
//! Every one needs the header `X-Sandbox-Admin: <admin_token>`.

use axum::Json;
use axum::extract::Request;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use kyb_api::file::{DocumentStatus, SectionStatus};
use kyb_api::verification::VerificationStatus;
use serde::Deserialize;
use serde_json::json;
use uuid::Uuid;

use crate::clock;
use crate::faults::Fault;
use crate::state::AppState;
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
        located: body.distance_meters.is_some(),
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

/// Makes a file's detail available in version 1 only, as for a file from before
/// version 2 existed.
pub async fn make_legacy(State(app): State<AppState>, Path(document_id): Path<Uuid>) -> Response {
    let mut world = app.lock();
    if !world.files.contains_key(&document_id) {
        return refused(StatusCode::NOT_FOUND, "no such file");
    }
    world.legacy_details.insert(document_id);
    StatusCode::NO_CONTENT.into_response()
}

fn with_verification(
    app: &AppState,
    folio: &str,
    change: impl FnOnce(&mut crate::state::Verification) -> Result<(), String>,
) -> Response {
    let mut world = app.lock();
    match world.verifications.get_mut(folio) {
        None => refused(StatusCode::NOT_FOUND, "no such folio"),
        Some(v) => match change(v) {
            Ok(()) => Json(json!({ "Verification": &*v })).into_response(),
            Err(why) => refused(StatusCode::BAD_REQUEST, &why),
        },
    }
}

#[derive(Debug, Deserialize)]
pub struct SetVerdict {
    pub verdict: String,
    pub comment: Option<String>,
}

/// Stands in for the verdict operation the spec does not show.
pub async fn set_verdict(
    State(app): State<AppState>,
    Path(folio): Path<String>,
    Json(body): Json<SetVerdict>,
) -> Response {
    const VERDICTS: [&str; 4] = ["Pendiente", "Aprobada", "Rechazada", "Reposicion"];
    with_verification(&app, &folio, |v| {
        let verdict = VERDICTS
            .iter()
            .find(|known| known.eq_ignore_ascii_case(body.verdict.trim()))
            .ok_or_else(|| format!("verdict must be one of {VERDICTS:?}"))?;
        v.verdict = (*verdict).to_owned();
        v.verdict_comment = body.comment.clone();
        Ok(())
    })
}

#[derive(Debug, Deserialize)]
pub struct Advance {
    /// opened, started, completed or expired.
    pub to: String,
}

/// Moves a verification along as its applicant (or the clock) would.
pub async fn advance(
    State(app): State<AppState>,
    Path(folio): Path<String>,
    Json(body): Json<Advance>,
) -> Response {
    let now = clock::now();
    with_verification(&app, &folio, |v| {
        let status = match body.to.trim() {
            "opened" => VerificationStatus::Abierto,
            "started" => VerificationStatus::Iniciado,
            "completed" => VerificationStatus::Completado,
            "expired" => VerificationStatus::Expirado,
            other => {
                return Err(format!(
                    "cannot advance to {other:?}: use opened, started, completed or expired"
                ));
            }
        };
        match status {
            VerificationStatus::Iniciado => v.biometric_status = "Iniciada".into(),
            VerificationStatus::Completado => {
                v.completed_at_utc = clock::iso_seconds(now);
                v.biometric_status = "Completada".into();
            }
            VerificationStatus::Expirado => v.expires_at_utc = clock::iso_seconds(now),
            _ => {}
        }
        v.verification_status = status;
        Ok(())
    })
}

#[derive(Debug, Deserialize)]
pub struct Upload {
    /// passed (the automatic validations approve it) or failed.
    pub outcome: String,
    pub comment: Option<String>,
}

/// The end user uploads a section and the automatic validations run: passed leaves
/// it Completado, failed leaves it Requiere Atención with a comment. A file the user
/// was filling in goes to Pendiente (the review queue) once no section needs the user.
pub async fn upload(
    State(app): State<AppState>,
    Path((document_id, section)): Path<(Uuid, String)>,
    Json(body): Json<Upload>,
) -> Response {
    let passed = match body.outcome.trim() {
        "passed" => true,
        "failed" => false,
        other => {
            return refused(
                StatusCode::BAD_REQUEST,
                &format!("outcome {other:?}: use passed or failed"),
            );
        }
    };
    let mut world = app.lock();
    let Some(file) = world.files.get_mut(&document_id) else {
        return refused(StatusCode::NOT_FOUND, "no such file");
    };
    let Some(target) = file
        .sections
        .iter_mut()
        .find(|s| s.id.eq_ignore_ascii_case(&section))
    else {
        return refused(StatusCode::NOT_FOUND, "the file has no such section");
    };
    if passed {
        target.status = SectionStatus::Completado;
        target.comments.clear();
    } else {
        target.status = SectionStatus::RequiereAtencion;
        target.comments = vec![body.comment.unwrap_or_else(|| {
            "La validación automática no coincide con los datos capturados".into()
        })];
    }
    let user_done = file.sections.iter().all(|s| {
        !matches!(
            s.status,
            SectionStatus::Pendiente | SectionStatus::Rechazado | SectionStatus::RequiereAtencion
        )
    });
    if user_done
        && matches!(
            file.status,
            DocumentStatus::Ingresado | DocumentStatus::CorreccionPorElUsuario
        )
    {
        file.status = DocumentStatus::Pendiente;
    }
    file.updated = clock::now();
    Json(json!({ "DocumentStatus": file.status, "Comments": file.comments() })).into_response()
}

pub async fn faults(State(app): State<AppState>) -> Response {
    Json(json!(app.lock().faults)).into_response()
}

/// Adds a fault (see `faults::Fault`); answers every fault now in force.
pub async fn add_fault(State(app): State<AppState>, Json(fault): Json<Fault>) -> Response {
    if let Err(why) = fault.validate() {
        return refused(StatusCode::BAD_REQUEST, &why);
    }
    let mut world = app.lock();
    world.faults.push(fault);
    Json(json!(world.faults)).into_response()
}

pub async fn clear_faults(State(app): State<AppState>) -> Response {
    app.lock().faults.clear();
    StatusCode::NO_CONTENT.into_response()
}

/// Rebuilds the seeded world: same tenants, keys and identifiers, no outbox, no
/// counters, no faults.
pub async fn reset(State(app): State<AppState>) -> Response {
    let (world, _) = crate::seed::build(app.seed, app.files, &app.base_url, clock::now());
    *app.lock() = world;
    StatusCode::NO_CONTENT.into_response()
}

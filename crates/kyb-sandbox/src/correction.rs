//! Operation 3, correction request: `POST /expedientes/solicitar-correccion`.
//!
//! Its bodies are the envelope's documented exception: `success`, `message`, `data`,
//! `warnings`. The spec does not show its error bodies; the sandbox answers them in
//! the same shape, `success: false`, with the failed rules in `errors`.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use kyb_api::file::{Decision, DocumentStatus};
use kyb_api::requests::CorrectionRequest;
use kyb_api::validate;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::auth::Caller;
use crate::clock;
use crate::detail_data;
use crate::envelope::read_body;
use crate::files::BusinessFile;
use crate::messages;
use crate::state::{AppState, OutboxEvent};

fn failure(code: StatusCode, message: &str, errors: Vec<String>) -> Response {
    let body = json!({
        "success": false, "message": message, "data": Value::Null, "warnings": [], "errors": errors,
    });
    (code, Json(body)).into_response()
}

/// Which kind of entity a decision was applied to; counted in `entidadesAfectadas`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Affected {
    Representative,
    Branch,
    File,
}

/// Which entity a decision concerns: a representative or the branch, matched by id or
/// reference, or else the file as a whole (with a warning when an entity was named).
struct Resolution {
    entities: Vec<Value>,
    affected: Affected,
    warning: Option<String>,
}

fn resolve(file: &BusinessFile, entidad_id: Option<&str>, referencia: Option<&str>) -> Resolution {
    let wanted_id = entidad_id.and_then(|id| Uuid::parse_str(id.trim()).ok());
    let wanted_ref = referencia.map(|r| r.trim().to_lowercase());
    // An id names one entity for certain; the reference is used only without one.
    let matches = |id: Uuid, name: &str| match wanted_id {
        Some(wanted) => wanted == id,
        None => wanted_ref.as_deref() == Some(name.to_lowercase().as_str()),
    };
    let exact = |id: Uuid, name: String, affected| Resolution {
        entities: vec![json!({"id": id, "referencia": name, "coincidencia": "exacta"})],
        affected,
        warning: None,
    };
    if let Some(person) = file
        .persons
        .iter()
        .find(|p| matches(p.person_id, &p.full_name()))
    {
        return exact(
            person.person_id,
            person.full_name(),
            Affected::Representative,
        );
    }
    if let Some((branch_id, branch_name)) = detail_data::branches_of(file)
        .into_iter()
        .find(|(id, name)| matches(*id, name))
    {
        return exact(branch_id, branch_name, Affected::Branch);
    }
    let asked = entidad_id.or(referencia).filter(|s| !s.trim().is_empty());
    Resolution {
        entities: vec![
            json!({"id": file.document_id, "referencia": file.company_name, "coincidencia": "expediente"}),
        ],
        affected: Affected::File,
        warning: asked.map(|a| {
            format!("No se encontró la entidad {a}; la decisión se aplicó al expediente.")
        }),
    }
}

pub async fn request_correction(
    State(app): State<AppState>,
    caller: Caller,
    body: Bytes,
) -> Response {
    let mut world = app.lock();
    let request: CorrectionRequest = read_body(&body);
    let failures = validate::correction(&request);
    if !failures.is_empty() {
        return failure(
            StatusCode::BAD_REQUEST,
            messages::VALIDATION_ERROR,
            failures,
        );
    }
    let Some(file) = world.file(caller.workspace, &request.document_id).cloned() else {
        return failure(
            StatusCode::NOT_FOUND,
            messages::DOCUMENT_NOT_FOUND,
            Vec::new(),
        );
    };
    let unknown: Vec<String> = request
        .secciones
        .iter()
        .filter(|d| {
            !file
                .sections
                .iter()
                .any(|s| s.id.eq_ignore_ascii_case(d.seccion.trim()))
        })
        .map(|d| {
            format!(
                "La sección {} no existe en el expediente.",
                d.seccion.trim()
            )
        })
        .collect();
    if !unknown.is_empty() {
        return failure(StatusCode::BAD_REQUEST, messages::VALIDATION_ERROR, unknown);
    }

    let now = clock::now();
    let stamp = clock::iso_millis(now);
    let (mut accepted, mut rejected) = (0, 0);
    let mut affected = Vec::new();
    let mut warnings = Vec::new();
    let mut sections = Vec::new();
    let mut updated = file.clone();
    for decision in &request.secciones {
        let verdict = Decision::parse(&decision.estatus);
        let Some(new_status) = verdict.section_status() else {
            continue;
        };
        let resolution = resolve(
            &file,
            decision.entidad_id.as_deref(),
            decision.entidad_referencia.as_deref(),
        );
        affected.push(resolution.affected);
        warnings.extend(resolution.warning);
        let is_rejected = matches!(verdict, Decision::Rechazada);
        if is_rejected {
            rejected += 1
        } else {
            accepted += 1
        }
        let comment = decision.comentario.clone().filter(|_| is_rejected);
        if let Some(section) = updated
            .sections
            .iter_mut()
            .find(|s| s.id.eq_ignore_ascii_case(decision.seccion.trim()))
        {
            section.status = new_status;
            section.comments = comment.iter().cloned().collect();
        }
        // The answer names the entity a decision concerns as a string, never null: the
        // reference the request gave, or else the one it resolved to (the file's
        // company when no entity was named).
        let reference = decision.entidad_referencia.clone().unwrap_or_else(|| {
            resolution
                .entities
                .first()
                .and_then(|e| e["referencia"].as_str())
                .map(str::to_owned)
                .unwrap_or_else(|| file.company_name.clone())
        });
        let mut entry = json!({
            "seccion": decision.seccion.trim(),
            "estatus": verdict.as_str(),
            "entidadReferencia": reference,
            "entidadesResueltas": resolution.entities,
            "fechaActualizacion": stamp,
        });
        if let Some(comment) = comment {
            entry["comentario"] = Value::String(comment);
        }
        sections.push(entry);
    }
    let notify = request.notificar_usuario.unwrap_or(true) && rejected > 0;
    let serial = world.next_serial();
    // The spec types linkCorreccion as a string URL, never null. With a section
    // rejected it is a new link to correct it; with none there is nothing to correct,
    // and the link is the file's own end-user link (tracking's GuestUrl).
    let link = if rejected > 0 {
        format!(
            "{}/_guest/{}/correccion?t={serial:06}",
            app.base_url, file.document_id
        )
    } else {
        file.guest_url.clone()
    };
    if rejected > 0 {
        // The operation calls the result "Pendiente de Corrección"; tracking shows the
        // catalogue's name for the same state.
        updated.status = DocumentStatus::CorreccionPorElUsuario;
    }
    updated.updated = now;
    if notify {
        world.outbox.push(OutboxEvent {
            at_utc: stamp.clone(),
            workspace_id: caller.workspace,
            channel: "email",
            kind: "correction_requested",
            target: file.document_id.to_string(),
            detail: request.mensaje_general.clone(),
            billable: false,
        });
    }
    world.files.insert(file.document_id, updated);
    let count = |kind: Affected| affected.iter().filter(|a| **a == kind).count();
    let data = json!({
        "expedienteId": file.document_id,
        "seccionesActualizadas": sections.len(),
        "resumen": {
            "aceptadas": accepted,
            "rechazadas": rejected,
            "entidadesAfectadas": {
                "representantes": count(Affected::Representative),
                "sucursales": count(Affected::Branch),
                "expediente": count(Affected::File),
            },
        },
        "secciones": sections,
        "notificacionEnviada": notify,
        "linkCorreccion": link,
    });
    let body = json!({
        "success": true, "message": messages::OK_CORRECTION, "data": data, "warnings": warnings,
    });
    (StatusCode::OK, Json(body)).into_response()
}

//! Operation 2, file detail: `GET /expedientes/detalle/{id}`, in the format that
//! `X-api-version` selects (1, the default, or 2), with `X-timezone-offset` applied to
//! version 2's timestamps.

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use kyb_api::client::TIMEZONE_OFFSET_SIGN;
use serde_json::{Value, json};

use crate::auth::DetailCaller;
use crate::clock;
use crate::detail_data;
use crate::envelope::{Envelope, validation_failed};
use crate::files::{BusinessFile, PersonType};
use crate::messages::{self, status};
use crate::state::AppState;

use kyb_api::client::{
    API_VERSION_HEADER as VERSION_HEADER, TIMEZONE_OFFSET_HEADER as TIMEZONE_HEADER,
};

/// The schema marker of version 2.
const SCHEMA_VERSION: &str = "2.1";
const SCHEMA_UPDATED: &str = "2026-06-01T00:00:00Z";
const SCHEMA_COMPATIBILITY: &str = ">=2.0 <3.0";

fn header<'h>(headers: &'h HeaderMap, name: &str) -> Option<&'h str> {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|v| !v.is_empty())
}

pub async fn detail(
    State(app): State<AppState>,
    DetailCaller(caller): DetailCaller,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Envelope {
    let world = app.lock();
    // Allowed 1 and 2, default 1; anything else is refused rather than guessed.
    let version = match header(&headers, VERSION_HEADER) {
        None | Some("1") => 1,
        Some("2") => 2,
        Some(_) => return validation_failed(vec![format!("El {VERSION_HEADER} no es válido.")]),
    };
    // "integer (minutes)", counted as the desk counts them (one constant in kyb-api, so
    // both change together if the service is found to count the other way). An
    // integer beyond any real offset is written in UTC rather than refused: the spec
    // sets no range.
    let offset = match header(&headers, TIMEZONE_HEADER).map(str::parse::<i32>) {
        None => 0,
        Some(Ok(minutes)) => TIMEZONE_OFFSET_SIGN.minutes_east(minutes),
        Some(Err(_)) => {
            return validation_failed(vec![format!("El {TIMEZONE_HEADER} no es válido.")]);
        }
    };
    let Some(file) = world.file(caller.workspace, &id) else {
        return Envelope::error(
            StatusCode::NOT_FOUND,
            status::NOT_FOUND,
            messages::DOCUMENT_NOT_FOUND,
        );
    };
    // A file from before version 2 has only version 1, whatever was asked.
    let version = if world.legacy_details.contains(&file.document_id) {
        1
    } else {
        version
    };
    let person_type = world
        .flow(caller.workspace, &file.flow_id)
        .map_or(PersonType::Moral, |f| f.person_type);
    let section_ids = world
        .flow(caller.workspace, &file.flow_id)
        .map(|flow| section_identifiers(file, &flow.sections))
        .unwrap_or_default();
    let data = match version {
        1 => version_1(file, &section_ids),
        _ => version_2(file, person_type, &section_ids, &app.base_url, offset),
    };
    Envelope::new(
        StatusCode::OK,
        status::SUCCESS_CAPITAL,
        messages::OK_DETAIL,
        data,
    )
}

/// `Secciones`: the file's sections, each followed by the limit modifier its flow
/// gives it (`ProofAddressLimit:2` after `ProofAddressObligatorio`).
fn section_identifiers(file: &BusinessFile, flow_sections: &[String]) -> Vec<String> {
    let mut ids: Vec<String> = file.sections.iter().map(|s| s.id.clone()).collect();
    for modifier in flow_sections
        .iter()
        .filter(|id| kyb_api::file::SectionId::parse(id).limit.is_some())
    {
        if !ids.contains(modifier) {
            ids.push(modifier.clone());
        }
    }
    ids
}

/// Version 1: the original format. The spec shows only `documentId`,
/// `sectionsAdded` and `message`; the sandbox adds the basic facts with DD/MM/YYYY
/// dates, as version 1 writes them.
fn version_1(file: &BusinessFile, section_ids: &[String]) -> Value {
    json!({
        "documentId": file.document_id,
        "sectionsAdded": section_ids,
        "message": "Detalle del expediente (formato 1)",
        "cliente": file.company_name,
        "rfc": file.company_rfc,
        "estatus": file.status,
        "fechaCreacion": clock::dd_mm_yyyy(file.created),
        "fechaUltimaModificacion": clock::dd_mm_yyyy(file.updated),
    })
}

fn version_2(
    file: &BusinessFile,
    person_type: PersonType,
    section_ids: &[String],
    base_url: &str,
    tz: i32,
) -> Value {
    let legal_entity = person_type == PersonType::Moral;
    let (entities, documents, forms) = detail_data::content(file, legal_entity, base_url, tz);
    json!({
        "ExpedienteId": file.document_id,
        "TipoPersona": if legal_entity { "Moral" } else { "Fisica" },
        "Tramite": "Alta de cliente empresarial",
        "Secciones": section_ids,
        "Cliente": file.company_name,
        "RFC": file.company_rfc,
        "FechaCreacion": clock::iso_at_offset(file.created, tz),
        "FechaRecibido": clock::iso_at_offset(clock::minutes_after(file.created, 5), tz),
        "FechaUltimaModificacion": clock::iso_at_offset(file.updated, tz),
        "Entidades": entities,
        "Documentos": documents,
        "Adicionales": forms,
        "_Schema": {
            "Version": SCHEMA_VERSION,
            "UltimaActualizacion": SCHEMA_UPDATED,
            "Compatibilidad": SCHEMA_COMPATIBILITY,
        },
    })
}

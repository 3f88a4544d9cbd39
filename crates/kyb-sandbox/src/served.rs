//! `GET /_files/{*name}`: the files the service's data points at. Verification photos
//! are stored (their hash was reported, and an admin route may tamper with them);
//! branch photos and documents are generated on demand, a document from its own entry
//! in the file's detail; the hostile files are fixed.

use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use uuid::Uuid;

use crate::files::PersonType;
use crate::state::AppState;
use crate::{detail_data, documents, hostile, photos};

pub async fn served_file(State(app): State<AppState>, Path(name): Path<String>) -> Response {
    if let Some(file) = app.lock().served.get(&name) {
        return (
            [(header::CONTENT_TYPE, file.content_type)],
            file.bytes.clone(),
        )
            .into_response();
    }
    if let Some(hostile) = name.strip_prefix("hostile/").and_then(hostile::serve) {
        return hostile;
    }
    if name.starts_with("branches/") && name.ends_with(".png") {
        let digest = photos::sha256_hex(name.as_bytes());
        let byte = |i: usize| u8::from_str_radix(&digest[i * 2..i * 2 + 2], 16).unwrap_or(128);
        let png = photos::png([byte(0), byte(1), byte(2)], [byte(3), byte(4), byte(5)]);
        return ([(header::CONTENT_TYPE, "image/png")], png).into_response();
    }
    match document(&app, &name) {
        Some(rendered) => (
            [(header::CONTENT_TYPE, rendered.content_type)],
            rendered.bytes,
        )
            .into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

/// `documents/{document_id}-{stem}`: the file of the detail's document whose
/// `Archivo.URL` names it, drawn from that entry.
fn document(app: &AppState, name: &str) -> Option<documents::Rendered> {
    let id = Uuid::parse_str(name.strip_prefix("documents/")?.get(..36)?).ok()?;
    let (file, legal_entity) = {
        let world = app.lock();
        let file = world.files.get(&id)?.clone();
        let legal_entity = world
            .flow(file.workspace, &file.flow_id)
            .is_none_or(|flow| flow.person_type == PersonType::Moral);
        (file, legal_entity)
    };
    let (_, entries, _) = detail_data::content(&file, legal_entity, &app.base_url, 0);
    let tail = format!("/_files/{name}");
    let entry = entries.as_array()?.iter().find(|entry| {
        entry["Archivo"]["URL"]
            .as_str()
            .is_some_and(|url| url.ends_with(&tail))
    })?;
    documents::render(entry, &file.company_rfc, name)
}

//! Conformance of complementary information (operation 4).

mod common;

use common::{Harness, assert_envelope};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

const PATH: &str = "/expedientes/informacion-complementaria";
const UNAUTHORIZED: &str = "No autorizado - Workspace inválido o API Key incorrecta";

async fn comments(h: &Harness) -> Vec<String> {
    h.example_tracking().await["Comments"]
        .as_array()
        .expect("Comments")
        .iter()
        .map(|c| c.as_str().expect("text").to_owned())
        .collect()
}

#[tokio::test]
async fn only_missing_sections_are_added_and_existing_ones_are_untouched() {
    let h = Harness::start().await;
    let e = h.manifest().examples.clone();
    let before = comments(&h).await;
    let request = json!({"documentId": e.document_id, "flowId": e.flow_id_complementary});
    let (code, body) = h.post(PATH, &request).await;
    assert_eq!(code, StatusCode::OK, "{body}");
    assert_envelope(
        &body,
        200,
        "success",
        "Información complementaria procesada",
    );
    assert_eq!(body["Data"]["documentId"], e.document_id.to_string());
    let added = body["Data"]["sectionsAdded"]
        .as_array()
        .expect("sectionsAdded")
        .clone();
    assert_eq!(
        added[..3],
        json!([
            "BankStatementObligatorio",
            "BankStatementMultiple",
            "PoderesRepresentanteLegal"
        ])
        .as_array()
        .expect("list")[..],
        "ProofAddressObligatorio is already in the file; limit modifiers are not sections"
    );
    assert_eq!(added.len(), 4, "one dynamic form is new: {added:?}");
    assert!(
        uuid::Uuid::parse_str(added[3].as_str().expect("a GUID")).is_ok(),
        "forms are named by GUID"
    );
    let (_, detail) = h.detail_v2(e.document_id).await;
    let forms: Vec<&str> = detail["Data"]["Adicionales"]
        .as_array()
        .expect("Adicionales")
        .iter()
        .map(|f| f["Nombre"].as_str().expect("Nombre"))
        .collect();
    assert_eq!(
        forms,
        [
            "Cuestionario de prevención de lavado de dinero",
            "Solicitud de línea de crédito"
        ],
        "the form the file already had (same GUID) is not added twice"
    );
    assert!(body["Data"]["message"].is_string());
    let after = comments(&h).await;
    assert_eq!(
        &after[..before.len()],
        &before[..],
        "existing sections keep their state"
    );
    assert_eq!(
        &after[before.len()..],
        [
            "BankStatementObligatorio (Pendiente)",
            "BankStatementMultiple (Pendiente)",
            "PoderesRepresentanteLegal (Pendiente)"
        ]
    );
    let (_, again) = h.post(PATH, &request).await;
    assert_eq!(
        again["Data"]["sectionsAdded"],
        json!([]),
        "nothing is missing the second time"
    );
    assert_eq!(
        again["Data"]["message"],
        "El expediente ya contiene todas las secciones del flujo."
    );
}

#[tokio::test]
async fn a_flow_of_the_other_person_type_is_refused() {
    let h = Harness::start().await;
    let e = h.manifest().examples.clone();
    let (code, body) = h
        .post(
            PATH,
            &json!({"documentId": e.document_id, "flowId": e.flow_id_fisica}),
        )
        .await;
    assert_eq!(code, StatusCode::BAD_REQUEST);
    assert_envelope(&body, 400, "bad_request", "Error de validacion");
    assert_eq!(
        body["Data"],
        json!(["El tipo de persona del flujo no coincide con el del expediente."])
    );
}

#[tokio::test]
async fn validation_and_limits() {
    let h = Harness::start().await;
    let (_, body) = h.post(PATH, &json!({})).await;
    assert_eq!(
        body["Data"],
        json!([
            "El campo documentId es obligatorio",
            "El campo flowId es obligatorio"
        ])
    );
    let e = h.manifest().examples.clone();
    let (code, body) = h
        .post(PATH, &json!({"documentId": e.document_id, "flowId": e.flow_id_complementary, "mensajeAdicional": "é".repeat(1001)}))
        .await;
    assert_eq!(code, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["Data"],
        json!(["El mensajeAdicional no debe exceder 1000 caracteres."])
    );
    let (code, _) = h
        .post(PATH, &json!({"documentId": e.document_id, "flowId": e.flow_id_complementary, "mensajeAdicional": "é".repeat(1000)}))
        .await;
    assert_eq!(code, StatusCode::OK);
    let (code, body) = h
        .post(PATH, &json!({"documentId": "0b8f1f4e-2222-4333-8444-955566667777", "flowId": e.flow_id_complementary}))
        .await;
    assert_eq!(code, StatusCode::NOT_FOUND);
    assert_envelope(&body, 404, "not_found", "Documento no encontrado");
}

#[tokio::test]
async fn bad_keys_and_workspaces_get_one_401_with_lowercase_keys() {
    let h = Harness::start().await;
    let m = h.manifest();
    let own = m.tenants[0].workspace_id.to_string();
    let inactive = m.inactive_workspace_id.to_string();
    for (key, ws) in [
        (m.revoked_api_key.as_str(), own.as_str()),
        (m.tenants[0].api_key.as_str(), inactive.as_str()),
    ] {
        let (code, body) = h.call_as(Method::POST, PATH, key, ws).await;
        assert_eq!(code, StatusCode::UNAUTHORIZED);
        assert_eq!(
            body,
            json!({"code": 401, "status": "forbidden", "message": UNAUTHORIZED, "data": Value::Null})
        );
    }
}

#[tokio::test]
async fn the_user_is_notified_where_contact_data_exists() {
    let h = Harness::start().await;
    let e = h.manifest().examples.clone();
    let (_, created) = h
        .post(
            "/expedientes/nuevo",
            &json!({"FlowID": e.flow_id, "Company": {"CompanyName": "Textiles Azteca"},
                    "ContactEmail": "ventas@azteca.mx", "ContactPhone": "3312345678"}),
        )
        .await;
    let document_id = created["Data"]["DocumentId"].clone();
    let (code, _) = h
        .post(PATH, &json!({"documentId": document_id, "flowId": e.flow_id_complementary, "mensajeAdicional": "Suba sus estados de cuenta"}))
        .await;
    assert_eq!(code, StatusCode::OK);
    let outbox = h.admin(Method::GET, "/outbox", None).await;
    let sent: Vec<(String, String)> = outbox["events"]
        .as_array()
        .expect("events")
        .iter()
        .filter(|e| e["kind"] == "complementary_information")
        .map(|e| {
            (
                e["channel"].as_str().expect("channel").to_owned(),
                e["detail"].as_str().expect("detail").to_owned(),
            )
        })
        .collect();
    assert_eq!(
        sent,
        [
            ("email".to_owned(), "Suba sus estados de cuenta".to_owned()),
            ("sms".to_owned(), "Suba sus estados de cuenta".to_owned())
        ]
    );
}

#[tokio::test]
async fn a_server_failure_answers_the_documented_500() {
    let h = Harness::start().await;
    h.admin(
        Method::POST,
        "/faults",
        Some(json!({"route": "POST /expedientes/informacion-complementaria", "error_rate": 1.0})),
    )
    .await;
    let e = h.manifest().examples.clone();
    let (code, body) = h
        .post(
            PATH,
            &json!({"documentId": e.document_id, "flowId": e.flow_id_complementary}),
        )
        .await;
    assert_eq!(code, StatusCode::INTERNAL_SERVER_ERROR);
    assert_envelope(&body, 500, "error", "Error interno del servidor");
}

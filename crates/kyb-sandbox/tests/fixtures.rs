//! The sandbox's answers against the hand-written fixtures in `tests/fixtures/` (see
//! their README): every field name at every depth, and its JSON type.

mod common;

use std::path::Path;

use common::Harness;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

fn fixture(name: &str) -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// Where `live` differs in shape from `spec`.
fn differences(spec: &Value, live: &Value, path: &str) -> Vec<String> {
    match (spec, live) {
        (Value::Null, _) | (_, Value::Null) => Vec::new(),
        (Value::Object(spec), Value::Object(live)) => {
            let mut found = Vec::new();
            for (key, expected) in spec {
                match live.get(key) {
                    None => found.push(format!("{path}.{key}: missing")),
                    Some(actual) => {
                        found.extend(differences(expected, actual, &format!("{path}.{key}")))
                    }
                }
            }
            found.extend(
                live.keys()
                    .filter(|k| !spec.contains_key(*k))
                    .map(|k| format!("{path}.{k}: not in the spec")),
            );
            found
        }
        (Value::Array(spec), Value::Array(live)) => {
            if spec.is_empty() {
                return Vec::new();
            }
            let mut found = Vec::new();
            for (index, element) in live.iter().enumerate() {
                let at = format!("{path}[{index}]");
                let attempts: Vec<Vec<String>> =
                    spec.iter().map(|s| differences(s, element, &at)).collect();
                if attempts.iter().all(|d| !d.is_empty()) {
                    found.extend(
                        attempts
                            .into_iter()
                            .min_by_key(Vec::len)
                            .unwrap_or_default(),
                    );
                }
            }
            if !live.is_empty() {
                for (index, expected) in spec.iter().enumerate() {
                    if live
                        .iter()
                        .all(|element| !differences(expected, element, path).is_empty())
                    {
                        found.push(format!(
                            "{path}: no element like the fixture's element {index}"
                        ));
                    }
                }
            }
            found
        }
        (spec, live) if kind(spec) != kind(live) => {
            vec![format!(
                "{path}: {} in the spec, {} in the answer",
                kind(spec),
                kind(live)
            )]
        }
        _ => Vec::new(),
    }
}

fn assert_matches(name: &str, live: &Value) {
    let found = differences(&fixture(name), live, "$");
    assert!(
        found.is_empty(),
        "{name}:\n  {}\nanswer: {live}",
        found.join("\n  ")
    );
}

#[test]
fn the_shape_check_catches_a_misspelled_or_missing_field() {
    let spec = json!({"Data": {"FlowID": "x", "Items": [{"A": 1}, {"B": true}]}});
    assert!(
        differences(
            &spec,
            &json!({"Data": {"FlowID": "y", "Items": [{"A": 2}, {"B": false}]}}),
            "$"
        )
        .is_empty()
    );
    assert_eq!(
        differences(
            &spec,
            &json!({"Data": {"FlowId": "y", "Items": [{"A": "2"}]}}),
            "$"
        ),
        [
            "$.Data.FlowID: missing",
            "$.Data.Items[0].A: number in the spec, string in the answer",
            "$.Data.Items: no element like the fixture's element 0",
            "$.Data.Items: no element like the fixture's element 1",
            "$.Data.FlowId: not in the spec",
        ]
    );
}

#[tokio::test]
async fn every_operation_answers_the_shape_of_its_fixture() {
    let h = Harness::start().await;
    let e = h.manifest().examples.clone();

    let (code, created) = h
        .post(
            "/expedientes/nuevo",
            &json!({"FlowID": e.flow_id, "Company": {"CompanyName": "Panificadora La Espiga", "CompanyRFC": "PLE150301AB2"},
                    "ExternalID": "CRM-1"}),
        )
        .await;
    assert_eq!(code, StatusCode::OK);
    assert_matches("create-file.json", &created);

    let (_, tracking) = h
        .post(
            "/expedientes/v1/tracking",
            &json!({"FlowID": e.flow_id, "RFC": e.rfc, "AgentMail": "a@b.mx"}),
        )
        .await;
    assert_matches("tracking.json", &tracking);

    let (_, detail) = h.detail_v2(e.document_id).await;
    assert_matches("detail-v2.json", &detail);

    let (_, link) = h
        .post(
            "/enrollment/v1/url",
            &json!({"DocumentId": e.document_id, "PersonId": e.person_id_enrollment_allowed, "AgentMail": "a@b.mx"}),
        )
        .await;
    assert_matches("enrollment-link.json", &link);

    let (_, complementary) = h
        .post(
            "/expedientes/informacion-complementaria",
            &json!({"documentId": e.document_id, "flowId": e.flow_id_complementary}),
        )
        .await;
    assert_matches("complementary-information.json", &complementary);

    let (_, correction) = h
        .post(
            "/expedientes/solicitar-correccion",
            &json!({"documentId": e.document_id, "secciones": [
                {"seccion": "ProofAddressObligatorio", "estatus": "Rechazada", "comentario": "Vencido"},
                {"seccion": "LegalRepresentativeObligatorio", "estatus": "Aceptada", "entidadId": e.person_id_enrollment_allowed},
            ]}),
        )
        .await;
    assert_matches("correction.json", &correction);

    let (_, verification) = h
        .call(
            Method::GET,
            &format!("/verificaciones/{}", h.folio("Completado")),
        )
        .await;
    assert_matches("verification.json", &verification);

    let (_, not_found) = h.call(Method::GET, "/verificaciones/VD-404").await;
    assert_matches("error.json", &not_found);

    let (_, invalid) = h.post("/expedientes/v1/tracking", &json!({})).await;
    assert_matches("error-validation.json", &invalid);

    let m = h.manifest();
    let (_, unauthorized) = h
        .call_as(
            Method::GET,
            &format!("/expedientes/detalle/{}", e.document_id),
            "sk_wrong",
            &m.tenants[0].workspace_id.to_string(),
        )
        .await;
    assert_matches("error-401-lowercase.json", &unauthorized);
}

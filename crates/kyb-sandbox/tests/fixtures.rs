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

/// Where `live` uses a field `spec` lacks, or a field of another type: the check for
/// what the spec lists without an example (any subset of the fields is allowed).
fn unlisted_differences(spec: &Value, live: &Value, path: &str) -> Vec<String> {
    match (spec, live) {
        (Value::Null, _) | (_, Value::Null) => Vec::new(),
        (Value::Object(spec), Value::Object(live)) => live
            .iter()
            .flat_map(|(key, value)| match spec.get(key) {
                None => vec![format!("{path}.{key}: not in the spec")],
                Some(expected) => unlisted_differences(expected, value, &format!("{path}.{key}")),
            })
            .collect(),
        (Value::Array(spec), Value::Array(live)) if !spec.is_empty() => live
            .iter()
            .enumerate()
            .flat_map(|(index, element)| {
                let at = format!("{path}[{index}]");
                spec.iter()
                    .map(|s| unlisted_differences(s, element, &at))
                    .min_by_key(Vec::len)
                    .unwrap_or_default()
            })
            .collect(),
        (spec, live) if kind(spec) != kind(live) => vec![format!(
            "{path}: {} in the spec, {} in the answer",
            kind(spec),
            kind(live)
        )],
        _ => Vec::new(),
    }
}

/// Takes out of a detail the documents of a kind (`TipoDocumento`) the fixture shows
/// no example of (the tax documents, the sandbox's choice where the spec lists no
/// values), and answers where they differ from the spec's Document table: each of
/// their fields must be one of the table's, of its type. Which fields a document of
/// an unseen kind carries is not shown, so none is required.
fn take_unseen_documents(fixture: &Value, detail: &mut Value) -> Vec<String> {
    let examples = fixture["Data"]["Documentos"]
        .as_array()
        .expect("fixture Documentos");
    let seen: Vec<&Value> = examples.iter().map(|d| &d["TipoDocumento"]).collect();
    let mut table = serde_json::Map::new();
    for example in examples {
        for (key, value) in example.as_object().expect("a document") {
            table.entry(key.clone()).or_insert_with(|| value.clone());
        }
    }
    let Some(documents) = detail["Data"]["Documentos"].as_array_mut() else {
        return Vec::new();
    };
    let (listed, unseen): (Vec<Value>, Vec<Value>) = documents
        .drain(..)
        .partition(|d| seen.contains(&&d["TipoDocumento"]));
    *documents = listed;
    unseen
        .iter()
        .enumerate()
        .flat_map(|(index, document)| {
            unlisted_differences(
                &Value::Object(table.clone()),
                document,
                &format!("$.Data.Documentos(unseen kind)[{index}]"),
            )
        })
        .collect()
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

#[test]
fn a_document_of_an_unseen_kind_may_use_only_the_tables_fields() {
    let fixture = json!({"Data": {"Documentos": [
        {"TipoDocumento": "Comprobante", "Fechas": {"Emision": "d", "FechaLimitePago": "d"},
         "Validaciones": [{"Tipo": "Alteracion", "Resultado": true, "DocumentoEditado": false}]},
    ]}});
    let mut detail = json!({"Data": {"Documentos": [
        {"TipoDocumento": "Comprobante"},
        {"TipoDocumento": "Nuevo", "Fechas": {"Emision": "d"}, "Validaciones": [{"Tipo": "X", "Resultado": true}]},
        {"TipoDocumento": "Otro", "Fecha": "d", "Validaciones": [{"Resultado": "si"}]},
    ]}});
    assert_eq!(
        take_unseen_documents(&fixture, &mut detail),
        [
            "$.Data.Documentos(unseen kind)[1].Fecha: not in the spec",
            "$.Data.Documentos(unseen kind)[1].Validaciones[0].Resultado: boolean in the spec, string in the answer",
        ]
    );
    assert_eq!(
        detail["Data"]["Documentos"],
        json!([{"TipoDocumento": "Comprobante"}])
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

    let (_, mut detail) = h.detail_v2(e.document_id).await;
    let unseen = take_unseen_documents(&fixture("detail-v2.json"), &mut detail);
    assert!(unseen.is_empty(), "{}", unseen.join("\n"));
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

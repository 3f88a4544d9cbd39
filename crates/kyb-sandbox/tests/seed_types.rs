//! The spec types almost every answer field plainly ("string", "number", "string (ISO
//! 8601 UTC)") and lets only a few be null ("string or null", "may be null"). Two
//! checks hold the sandbox and docs/openapi.yaml to that: the document admits null
//! beside another type exactly where the spec does, and the sandbox's answers, walked
//! over real HTTP in every state a file or a verification can be in, hold null nowhere
//! else. Every answer here also passes the harness's validation against the document,
//! so a null in a field it types plainly fails there as well.

mod common;

use std::collections::BTreeSet;

use common::{Harness, STATUSES, openapi};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

/// The properties of docs/openapi.yaml that the spec lets be null, as
/// `<component or operationId>.<property>`.
const DOCUMENT_NULLABLE: [&str; 4] = [
    // Creation response: "ExternalId | string or null", "CompanyRfc (string or null)".
    "CreateFile.ExternalId",
    "CreateFile.CompanyRfc",
    // Verification: "VerdictComment | string or null", "GeoSignals | array of string or null".
    "Verification.VerdictComment",
    "Verification.GeoSignals",
];

/// Where an answer may hold null, as a path of member names (`[]` for any element).
const ANSWER_NULLABLE: [&str; 8] = [
    // The envelope: "Data (object, array of strings, or null)"; errors and the resend
    // and cancel successes answer Data null. The lowercase 401 bodies and the
    // correction request's refusals carry the same member as `data`.
    "Data",
    "data",
    "Data.ExternalId",
    "Data.Company.CompanyRfc",
    "Data.VerdictComment",
    "Data.GeoSignals",
    // Biometric validation details: "FechaCallback, FechaNotificacion (…; the last two
    // may be null)".
    "Data.Entidades[].Validaciones[].Detalles.FechaCallback",
    "Data.Entidades[].Validaciones[].Detalles.FechaNotificacion",
];

fn resolve<'a>(doc: &'a Value, schema: &'a Value) -> &'a Value {
    match schema.get("$ref").and_then(Value::as_str) {
        Some(reference) => doc
            .pointer(reference.trim_start_matches('#'))
            .unwrap_or_else(|| panic!("{reference} resolves in docs/openapi.yaml")),
        None => schema,
    }
}

fn only_null(schema: &Value) -> bool {
    schema.get("type") == Some(&json!("null")) || schema.get("const") == Some(&Value::Null)
}

/// A schema that admits null beside some other value.
fn nullable(doc: &Value, schema: &Value) -> bool {
    let schema = resolve(doc, schema);
    let with_null = |list: &Vec<Value>| list.iter().any(Value::is_null) && list.len() > 1;
    let typed = match schema.get("type") {
        Some(Value::Array(types)) => types.contains(&json!("null")) && types.len() > 1,
        _ => false,
    };
    let listed = schema
        .get("enum")
        .and_then(Value::as_array)
        .is_some_and(with_null);
    let branches = ["oneOf", "anyOf"].iter().any(|key| {
        schema.get(*key).and_then(Value::as_array).is_some_and(|b| {
            let nulls = b.iter().filter(|s| only_null(resolve(doc, s))).count();
            (nulls > 0 && nulls < b.len()) || b.iter().any(|s| nullable(doc, s))
        })
    });
    typed || listed || branches
}

/// Every nullable property under `node`, named after its component or operation.
fn nullable_properties(doc: &Value, node: &Value, owner: &str, out: &mut BTreeSet<String>) {
    match node {
        Value::Object(members) => {
            let owner = members
                .get("operationId")
                .and_then(Value::as_str)
                .unwrap_or(owner);
            if let Some(Value::Object(properties)) = members.get("properties") {
                for (name, schema) in properties {
                    if nullable(doc, schema) {
                        out.insert(format!("{owner}.{name}"));
                    }
                }
            }
            for value in members.values() {
                nullable_properties(doc, value, owner, out);
            }
        }
        Value::Array(items) => {
            for item in items {
                nullable_properties(doc, item, owner, out);
            }
        }
        _ => {}
    }
}

#[test]
fn the_contract_admits_null_beside_a_type_exactly_where_the_spec_does() {
    let doc = openapi();
    let mut found = BTreeSet::new();
    for group in ["schemas", "responses"] {
        let components = doc["components"][group]
            .as_object()
            .expect("components in docs/openapi.yaml");
        for (name, component) in components {
            nullable_properties(doc, component, name, &mut found);
        }
    }
    nullable_properties(doc, &doc["paths"], "", &mut found);
    let expected: BTreeSet<String> = DOCUMENT_NULLABLE.iter().map(|s| (*s).to_owned()).collect();
    assert_eq!(found, expected);
}

/// The path of every null in an answer.
fn nulls(value: &Value, path: &str, out: &mut Vec<String>) {
    let join = |name: &str| {
        if path.is_empty() {
            name.to_owned()
        } else {
            format!("{path}.{name}")
        }
    };
    match value {
        Value::Null => out.push(path.to_owned()),
        Value::Array(items) => {
            for item in items {
                nulls(item, &format!("{path}[]"), out);
            }
        }
        Value::Object(members) => {
            for (name, member) in members {
                nulls(member, &join(name), out);
            }
        }
        _ => {}
    }
}

/// Answers of the service's routes, each already checked against docs/openapi.yaml by
/// the harness, with what was asked.
struct Answers<'h> {
    h: &'h Harness,
    seen: Vec<(String, Value)>,
}

impl Answers<'_> {
    async fn get(&mut self, path: &str, headers: &[(&str, &str)]) -> Value {
        let (_, body) = self.h.get(path, headers).await;
        self.seen
            .push((format!("GET {path} {headers:?}"), body.clone()));
        body
    }

    async fn post(&mut self, path: &str, request: Value) -> Value {
        let (_, body) = self.h.post(path, &request).await;
        self.seen
            .push((format!("POST {path} {request}"), body.clone()));
        body
    }

    /// A POST with no body (resend, cancel).
    async fn act(&mut self, path: &str) {
        let (_, body) = self.h.call(Method::POST, path).await;
        self.seen.push((format!("POST {path}"), body));
    }

    async fn verification(&mut self, folio: &str) -> Value {
        self.get(&format!("/verificaciones/{folio}"), &[]).await["Data"].clone()
    }

    async fn tracking(&mut self, flow_id: &str, rfc: &str) -> Value {
        let request = json!({"FlowID": flow_id, "RFC": rfc, "AgentMail": "a@b.mx"});
        self.post("/expedientes/v1/tracking", request).await
    }

    /// Tracking and both detail formats of a file.
    async fn file(&mut self, flow_id: &str, rfc: &str, document_id: &str) {
        self.tracking(flow_id, rfc).await;
        let path = format!("/expedientes/detalle/{document_id}");
        self.get(&path, &[]).await;
        self.get(&path, &[("X-api-version", "2")]).await;
        self.get(
            &path,
            &[("X-api-version", "2"), ("X-timezone-offset", "-360")],
        )
        .await;
    }
}

#[tokio::test]
async fn no_answer_in_any_state_holds_null_where_the_spec_gives_a_plain_type() {
    let h = Harness::start().await;
    let e = h.manifest().examples.clone();
    let workspace = h.manifest().tenants[0].workspace_id;
    let mut a = Answers {
        h: &h,
        seen: Vec::new(),
    };

    // Verifications: one seeded per status of the catalogue, and others the sandbox
    // seeds (a capture to repeat, an altered photo) or is asked to create.
    for status in STATUSES {
        a.verification(&h.folio(status)).await;
    }
    a.verification(&e.altered_photo_folio).await;
    let created = |body: Value| body["Folio"].as_str().expect("a folio").to_owned();
    let fresh = created(
        h.admin(Method::POST, "/verifications", Some(json!({})))
            .await,
    );
    let located = created(
        h.admin(
            Method::POST,
            "/verifications",
            Some(json!({"status": "NoIniciado", "distance_meters": 250.0})),
        )
        .await,
    );
    let expiring = created(
        h.admin(
            Method::POST,
            "/verifications",
            Some(json!({"status": "Enviado"})),
        )
        .await,
    );
    for folio in [&fresh, &located] {
        a.verification(folio).await;
    }
    for step in ["opened", "started", "completed"] {
        let path = format!("/verifications/{fresh}/advance");
        h.admin(Method::POST, &path, Some(json!({"to": step})))
            .await;
        a.verification(&fresh).await;
    }
    let path = format!("/verifications/{fresh}/verdict");
    h.admin(Method::POST, &path, Some(json!({"verdict": "Reposicion"})))
        .await;
    a.verification(&fresh).await;
    let path = format!("/verifications/{expiring}/advance");
    h.admin(Method::POST, &path, Some(json!({"to": "expired"})))
        .await;
    a.verification(&expiring).await;
    a.act(&format!("/verificaciones/{expiring}/reenviar")).await;
    a.verification(&expiring).await;
    for status in ["NoIniciado", "Abierto"] {
        let folio = h.folio(status);
        a.act(&format!("/verificaciones/{folio}/cancelar")).await;
        a.verification(&folio).await;
    }
    a.act("/verificaciones/VD-99999999/cancelar").await;

    // Every seeded file (each status of the catalogue, persons never enrolled, failed
    // and completed), by tracking and both detail formats.
    for file in h.sandbox.files_of(workspace) {
        a.file(&file.flow_id, &file.rfc, &file.document_id.to_string())
            .await;
    }
    // A file just created, with and without its optional RFC and external id.
    let bare = a
        .post(
            "/expedientes/nuevo",
            json!({"FlowID": e.flow_id, "Company": {"CompanyName": "Sin Datos SA de CV"}}),
        )
        .await;
    let bare_id = bare["Data"]["DocumentId"].as_str().expect("an id");
    a.get(
        &format!("/expedientes/detalle/{bare_id}"),
        &[("X-api-version", "2")],
    )
    .await;
    let full = a
        .post(
            "/expedientes/nuevo",
            json!({"FlowID": e.flow_id, "Company": {"CompanyName": "Con Datos SA de CV",
                   "CompanyRFC": "CDA150301AB2"}, "ExternalID": "CRM-1"}),
        )
        .await;
    let full_id = full["Data"]["DocumentId"].as_str().expect("an id");
    a.file(&e.flow_id, "CDA150301AB2", full_id).await;

    // The example file through the operations that change it.
    let document_id = e.document_id.to_string();
    a.post(
        "/enrollment/v1/url",
        json!({"DocumentId": document_id, "PersonId": e.person_id_enrollment_allowed,
               "AgentMail": "a@b.mx"}),
    )
    .await;
    a.file(&e.flow_id, &e.rfc, &document_id).await;
    a.post(
        "/expedientes/informacion-complementaria",
        json!({"documentId": document_id, "flowId": e.flow_id_complementary}),
    )
    .await;
    a.post(
        "/expedientes/solicitar-correccion",
        json!({"documentId": document_id,
               "secciones": [{"seccion": "Sucursal", "estatus": "Aceptada"}]}),
    )
    .await;
    a.post(
        "/expedientes/solicitar-correccion",
        json!({"documentId": document_id, "secciones": [
            {"seccion": "ProofAddressObligatorio", "estatus": "Rechazada", "comentario": "Vencido"},
            {"seccion": "LegalRepresentativeObligatorio", "estatus": "Aceptada",
             "entidadReferencia": "Nadie Conocido"},
        ]}),
    )
    .await;
    a.post(
        "/expedientes/solicitar-correccion",
        json!({"documentId": uuid_of_nothing(), "secciones": [{"seccion": "Sucursal", "estatus": "Aceptada"}]}),
    )
    .await;
    a.file(&e.flow_id, &e.rfc, &document_id).await;
    a.get(&format!("/expedientes/detalle/{}", uuid_of_nothing()), &[])
        .await;

    let allowed: BTreeSet<&str> = ANSWER_NULLABLE.into_iter().collect();
    let mut misplaced = Vec::new();
    let mut allowed_seen = BTreeSet::new();
    for (asked, body) in &a.seen {
        let mut found = Vec::new();
        nulls(body, "", &mut found);
        for path in found {
            if allowed.contains(path.as_str()) {
                allowed_seen.insert(path);
            } else {
                misplaced.push(format!("{asked}: {path}"));
            }
        }
    }
    assert!(
        misplaced.is_empty(),
        "null where the spec gives a plain type:\n{}",
        misplaced.join("\n")
    );
    // The walk meets the nulls the spec allows, so it does look at every member.
    for path in [
        "Data",
        "data",
        "Data.VerdictComment",
        "Data.GeoSignals",
        "Data.ExternalId",
    ] {
        assert!(
            allowed_seen.contains(path),
            "no answer had {path} null: {allowed_seen:?}"
        );
    }
    assert!(a.seen.len() > 150, "{} answers", a.seen.len());
}

/// A well-formed DocumentId no file has.
fn uuid_of_nothing() -> &'static str {
    "00000000-0000-4000-8000-000000000000"
}

#[tokio::test]
async fn before_its_capture_a_verification_says_indeterminado_and_nothing_measured() {
    let h = Harness::start().await;
    for status in ["NoIniciado", "Enviado", "Abierto", "Expirado", "Rechazado"] {
        let (code, body) = h
            .call(Method::GET, &format!("/verificaciones/{}", h.folio(status)))
            .await;
        assert_eq!(code, StatusCode::OK);
        let data = &body["Data"];
        assert_eq!(data["GeoResult"], "Indeterminado", "{status}");
        assert_eq!(data["DistanceMeters"], 0.0, "{status}");
        assert_eq!(data["Accuracy"], 0.0, "{status}");
        assert_eq!(data["CompletedAtUtc"], kyb_sandbox::NOT_YET, "{status}");
        assert_eq!(data["Photos"], json!([]), "{status}");
        let sent = data["SentAtUtc"].as_str().expect("SentAtUtc");
        assert_eq!(
            sent == kyb_sandbox::NOT_YET,
            status == "NoIniciado",
            "{status}: {sent}"
        );
    }
}

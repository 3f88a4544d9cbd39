//! The admin routes under /_sandbox/: what the spec leaves out, and fault injection.

mod common;

use common::{Harness, assert_envelope};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

async fn read(h: &Harness, folio: &str) -> Value {
    h.call(Method::GET, &format!("/verificaciones/{folio}"))
        .await
        .1["Data"]
        .clone()
}

#[tokio::test]
async fn an_error_fault_answers_500_and_the_request_is_still_counted() {
    let h = Harness::start().await;
    let folio = h.folio("Enviado");
    h.admin(
        Method::POST,
        "/faults",
        Some(json!({"route": "GET /verificaciones/{folio}", "error_rate": 1.0})),
    )
    .await;
    let tenant = h.manifest().tenants[0].clone();
    let (code, body) = h
        .call_as_unchecked(
            Method::GET,
            &format!("/verificaciones/{folio}"),
            &tenant.api_key,
            &tenant.workspace_id.to_string(),
        )
        .await;
    assert_eq!(code, StatusCode::INTERNAL_SERVER_ERROR);
    assert_envelope(&body, 500, "error", "Error interno del servidor");
    // Another route is untouched.
    let (code, _) = h
        .call(
            Method::POST,
            &format!("/verificaciones/{}/cancelar", h.folio("Abierto")),
        )
        .await;
    assert_eq!(code, StatusCode::OK);
    h.admin(Method::DELETE, "/faults", None).await;
    let (code, _) = h
        .call(Method::GET, &format!("/verificaciones/{folio}"))
        .await;
    assert_eq!(code, StatusCode::OK);
    let counters = h.admin(Method::GET, "/counters", None).await;
    assert_eq!(counters["GET /verificaciones/{folio}"], 2);
}

#[tokio::test]
async fn a_test_in_the_same_process_adds_faults_and_reads_counters_directly() {
    let h = Harness::start().await;
    let route = "GET /verificaciones/{folio}";
    let fault = kyb_sandbox::Fault {
        route: route.into(),
        error_rate: 1.0,
        error_status: Some(503),
        times: Some(1),
        ..kyb_sandbox::Fault::default()
    };
    h.sandbox.add_fault(fault).expect("a valid fault");
    let bad = kyb_sandbox::Fault {
        route: String::new(),
        ..kyb_sandbox::Fault::default()
    };
    assert!(
        h.sandbox.add_fault(bad).is_err(),
        "refused like the admin route"
    );
    let path = format!("/verificaciones/{}", h.folio("Enviado"));
    let tenant = h.manifest().tenants[0].clone();
    let (first, _) = h
        .call_as_unchecked(
            Method::GET,
            &path,
            &tenant.api_key,
            &tenant.workspace_id.to_string(),
        )
        .await;
    assert_eq!(first, StatusCode::SERVICE_UNAVAILABLE);
    let (second, _) = h.call(Method::GET, &path).await;
    assert_eq!(second, StatusCode::OK, "the fault was for one request");
    assert_eq!(h.sandbox.requests(route), 2);
    h.sandbox
        .add_fault(kyb_sandbox::Fault {
            route: route.into(),
            error_rate: 1.0,
            ..kyb_sandbox::Fault::default()
        })
        .expect("a valid fault");
    h.sandbox.clear_faults();
    assert_eq!(h.call(Method::GET, &path).await.0, StatusCode::OK);
}

#[tokio::test]
async fn dropped_and_malformed_answers() {
    let h = Harness::start().await;
    let folio = h.folio("Enviado");
    let url = format!("{}/verificaciones/{folio}/reenviar", h.manifest().base_url);
    let tenant = h.manifest().tenants[0].clone();
    let send = || {
        h.http
            .post(&url)
            .header(kyb_sandbox::API_KEY_HEADER, &tenant.api_key)
            .header(
                kyb_sandbox::WORKSPACE_HEADER,
                tenant.workspace_id.to_string(),
            )
            .send()
    };
    h.admin(
        Method::POST,
        "/faults",
        Some(json!({"route": "POST /verificaciones/{folio}/reenviar", "drop_rate": 1.0})),
    )
    .await;
    let outcome = match send().await {
        Ok(response) => response.bytes().await.map(|_| ()),
        Err(error) => Err(error),
    };
    assert!(
        outcome.is_err(),
        "the connection is dropped without a complete answer"
    );
    h.admin(Method::DELETE, "/faults", None).await;
    h.admin(
        Method::POST,
        "/faults",
        Some(json!({"route": "*", "malformed_rate": 1.0})),
    )
    .await;
    let response = send().await.expect("an answer");
    assert_eq!(response.status(), StatusCode::OK);
    let text = response.text().await.expect("a body");
    assert!(
        serde_json::from_str::<Value>(&text).is_err(),
        "{text} is not valid JSON"
    );
    let counters = h.admin(Method::GET, "/counters", None).await;
    assert_eq!(
        counters["POST /verificaciones/{folio}/reenviar"], 2,
        "each request counted once"
    );
    let bad = h
        .http
        .post(format!("{}/_sandbox/faults", h.manifest().base_url))
        .header(kyb_sandbox::ADMIN_HEADER, &h.manifest().admin_token)
        .json(&json!({"route": "*", "error_rate": 2.0}))
        .send()
        .await
        .expect("answers");
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn added_latency_delays_the_answer() {
    let h = Harness::start().await;
    h.admin(
        Method::POST,
        "/faults",
        Some(json!({"route": "GET /verificaciones/{folio}", "latency_ms": 150})),
    )
    .await;
    let started = std::time::Instant::now();
    let (code, _) = h
        .call(
            Method::GET,
            &format!("/verificaciones/{}", h.folio("Enviado")),
        )
        .await;
    assert_eq!(code, StatusCode::OK);
    assert!(
        started.elapsed() >= std::time::Duration::from_millis(150),
        "the injected delay was applied"
    );
}

#[tokio::test]
async fn verifications_advance_and_get_verdicts() {
    let h = Harness::start().await;
    let folio = h.folio("Enviado");
    h.admin(
        Method::POST,
        &format!("/verifications/{folio}/advance"),
        Some(json!({"to": "opened"})),
    )
    .await;
    assert_eq!(read(&h, &folio).await["VerificationStatus"], "Abierto");
    h.admin(
        Method::POST,
        &format!("/verifications/{folio}/advance"),
        Some(json!({"to": "completed"})),
    )
    .await;
    let done = read(&h, &folio).await;
    assert_eq!(done["VerificationStatus"], "Completado");
    assert!(done["CompletedAtUtc"].is_string());
    h.admin(
        Method::POST,
        &format!("/verifications/{folio}/verdict"),
        Some(json!({"verdict": "Reposicion", "comment": "Repita la foto de fachada"})),
    )
    .await;
    let judged = read(&h, &folio).await;
    assert_eq!(judged["Verdict"], "Reposicion");
    assert_eq!(judged["VerdictComment"], "Repita la foto de fachada");
    let (code, body) = h
        .call(Method::POST, &format!("/verificaciones/{folio}/cancelar"))
        .await;
    assert_eq!(code, StatusCode::BAD_REQUEST, "completed now: {body}");
}

#[tokio::test]
async fn uploads_run_the_automatic_validations_and_queue_the_file_for_review() {
    let h = Harness::start().await;
    let e = h.manifest().examples.clone();
    let (_, created) = h
        .post("/expedientes/nuevo", &json!({"FlowID": e.flow_id_fisica, "Company": {"CompanyName": "Ana López", "CompanyRFC": "LOAA800101AB1"}}))
        .await;
    let id = created["Data"]["DocumentId"]
        .as_str()
        .expect("DocumentId")
        .to_owned();
    let sections = [
        "PersonaFisica",
        "ProofAddressObligatorio",
        "FiscalCSFObligatorio",
        "ValidacionBiometrica",
    ];
    let failed = h
        .admin(
            Method::POST,
            &format!("/files/{id}/sections/{}/upload", sections[0]),
            Some(json!({"outcome": "failed"})),
        )
        .await;
    assert!(
        failed["Comments"][0]
            .as_str()
            .expect("entry")
            .starts_with("PersonaFisica (Requiere Atención): ")
    );
    let mut last = Value::Null;
    for section in sections {
        last = h
            .admin(
                Method::POST,
                &format!("/files/{id}/sections/{section}/upload"),
                Some(json!({"outcome": "passed"})),
            )
            .await;
    }
    assert_eq!(
        last["DocumentStatus"], "Pendiente",
        "every section passed: the file waits for review"
    );
}

#[tokio::test]
async fn reset_brings_back_the_seeded_world() {
    let h = Harness::start().await;
    let folio = h.folio("Abierto");
    h.call(Method::POST, &format!("/verificaciones/{folio}/cancelar"))
        .await;
    h.call(
        Method::POST,
        &format!("/verificaciones/{}/reenviar", h.folio("Enviado")),
    )
    .await;
    assert_eq!(read(&h, &folio).await["VerificationStatus"], "Rechazado");
    h.admin(Method::POST, "/reset", None).await;
    assert_eq!(read(&h, &folio).await["VerificationStatus"], "Abierto");
    assert_eq!(h.admin(Method::GET, "/outbox", None).await["billable"], 0);
}

#[tokio::test]
async fn latency_after_lets_the_service_act_and_only_delays_the_answer() {
    let h = Harness::start().await;
    let e = h.manifest().examples.clone();
    let route = "POST /expedientes/solicitar-correccion";
    h.admin(
        Method::POST,
        "/faults",
        Some(json!({"route": route, "latency_after_ms": 2000, "times": 1})),
    )
    .await;
    let tenant = h.manifest().tenants[0].clone();
    let impatient = reqwest::Client::builder()
        .timeout(std::time::Duration::from_millis(400))
        .build()
        .expect("client");
    let outcome = impatient
        .post(format!(
            "{}/expedientes/solicitar-correccion",
            h.manifest().base_url
        ))
        .header(kyb_sandbox::API_KEY_HEADER, &tenant.api_key)
        .header(
            kyb_sandbox::WORKSPACE_HEADER,
            tenant.workspace_id.to_string(),
        )
        .json(&json!({
            "documentId": e.document_id,
            "secciones": [{"seccion": "ProofAddressObligatorio", "estatus": "Rechazada",
                           "comentario": "Ilegible"}],
        }))
        .send()
        .await;
    let error = outcome.expect_err("the answer comes after the client gave up");
    assert!(error.is_timeout(), "{error}");
    assert_eq!(h.sandbox.requests(route), 1);
    // The correction was made all the same.
    let file = h.example_tracking().await;
    assert_eq!(file["DocumentStatus"], "Corrección por el Usuario");
    let comments = file["Comments"].to_string();
    assert!(
        comments.contains("ProofAddressObligatorio (Rechazado): Ilegible"),
        "{comments}"
    );
}

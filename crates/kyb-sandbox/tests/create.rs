//! Conformance of create file (operation 1), over real HTTP against a running sandbox.

mod common;

use common::{Harness, assert_envelope};
use reqwest::StatusCode;
use serde_json::{Value, json};

const TRIAL_LIMIT: &str =
    "Se alcanzó el número máximo de intentos permitidos en la versión de prueba.";

fn request(h: &Harness) -> Value {
    json!({
        "FlowID": h.manifest().examples.flow_id,
        "Company": {"CompanyName": "Panificadora La Espiga S.A. de C.V.", "CompanyRFC": "PLE150301AB2"},
        "ExternalID": "CRM-1",
        "ClientName": "Grupo Espiga",
        "SendEmail": true,
        "ContactEmail": "contacto@espiga.mx",
        "SendSms": true,
        "ContactPhone": "5512345678",
    })
}

#[tokio::test]
async fn a_created_file_answers_the_creation_shape_and_joins_tracking() {
    let h = Harness::start().await;
    let (code, body) = h.post("/expedientes/nuevo", &request(&h)).await;
    assert_eq!(code, StatusCode::OK, "{body}");
    assert_eq!(body["Code"], 200);
    assert_eq!(
        body["Status"], "success",
        "create answers with a lowercase s"
    );
    let data = &body["Data"];
    for field in [
        "DocumentId",
        "Url",
        "ExternalId",
        "ClientId",
        "ClientName",
        "Company",
    ] {
        assert!(data.get(field).is_some(), "Data lacks {field}");
    }
    assert_eq!(data["ExternalId"], "CRM-1");
    assert_eq!(data["ClientName"], "Grupo Espiga");
    assert_eq!(
        data["Company"]["CompanyName"],
        "Panificadora La Espiga S.A. de C.V."
    );
    assert_eq!(data["Company"]["CompanyRfc"], "PLE150301AB2");
    assert!(data["Company"]["CompanyId"].is_string());

    let (code, tracking) = h
        .post(
            "/expedientes/v1/tracking",
            &json!({"FlowID": h.manifest().examples.flow_id, "RFC": "PLE150301AB2", "AgentMail": "a@b.mx"}),
        )
        .await;
    assert_eq!(code, StatusCode::OK);
    assert_eq!(tracking["Data"]["DocumentId"], data["DocumentId"]);
    assert_eq!(tracking["Data"]["DocumentStatus"], "Ingresado");
    assert!(
        tracking["Data"]["Comments"]
            .as_array()
            .expect("Comments")
            .iter()
            .all(|c| c.as_str().is_some_and(|c| c.ends_with("(Pendiente)"))),
        "a new file's sections are all pending"
    );

    let outbox = h.admin(reqwest::Method::GET, "/outbox", None).await;
    let channels: Vec<&str> = outbox["events"]
        .as_array()
        .expect("events")
        .iter()
        .filter(|e| e["kind"] == "file_created")
        .map(|e| e["channel"].as_str().expect("channel"))
        .collect();
    assert_eq!(channels, ["email", "sms"]);
    assert_eq!(outbox["billable"], 0);
}

#[tokio::test]
async fn create_validation_lists_every_failed_rule() {
    let h = Harness::start().await;
    let (code, body) = h.post("/expedientes/nuevo", &json!({})).await;
    assert_eq!(code, StatusCode::BAD_REQUEST);
    assert_envelope(&body, 400, "bad_request", "Error de validacion");
    assert_eq!(
        body["Data"],
        json!(["El campo FlowId es obligatorio", "Company es obligatorio."])
    );

    let mut bad = request(&h);
    bad["FlowID"] = json!("unknown-flow");
    bad["ClientId"] = json!("3b0c7a52-0000-4000-8000-000000000000");
    bad["ContactPhone"] = json!("123");
    let (_, body) = h.post("/expedientes/nuevo", &bad).await;
    assert_eq!(
        body["Data"],
        json!([
            "El ContactPhone no es válido.",
            "El FlowId no es válido.",
            "El ClientId no es válido."
        ])
    );
}

#[tokio::test]
async fn the_trial_tenant_is_refused_past_its_attempts() {
    let h = Harness::start().await;
    let trial = h.manifest().trial.clone();
    // The trial workspace has its own copy of the main flow.
    let body =
        json!({"FlowID": h.manifest().examples.flow_id, "Company": {"CompanyName": "Prueba"}});
    let post = |body: Value| {
        let http = h.http.clone();
        let url = format!("{}/expedientes/nuevo", h.manifest().base_url);
        let (key, ws) = (trial.api_key.clone(), trial.workspace_id.to_string());
        async move {
            let response = http
                .post(url)
                .header(kyb_sandbox::API_KEY_HEADER, key)
                .header(kyb_sandbox::WORKSPACE_HEADER, ws)
                .json(&body)
                .send()
                .await
                .expect("answers");
            (
                response.status(),
                response.json::<Value>().await.expect("JSON"),
            )
        }
    };
    for attempt in 1..=trial.attempts {
        let (code, answer) = post(body.clone()).await;
        assert_eq!(code, StatusCode::OK, "attempt {attempt}: {answer}");
    }
    let (code, answer) = post(body).await;
    assert_eq!(code, StatusCode::BAD_REQUEST);
    assert_envelope(&answer, 400, "bad_request", "Error de validacion");
    assert_eq!(answer["Data"], json!([TRIAL_LIMIT]));
}

#[tokio::test]
async fn asking_to_notify_without_a_contact_creates_the_file_and_notifies_no_one() {
    let h = Harness::start().await;
    // The spec makes no contact required by SendEmail or SendSms: a blank address is
    // none. A given address must be one (the client's rule, kyb_api::validate): what is
    // not is refused, and creates nothing.
    let mut request = request(&h);
    let fields = request.as_object_mut().expect("an object");
    fields.remove("ContactPhone");
    fields.insert("ContactEmail".into(), json!(""));
    let (code, body) = h.post("/expedientes/nuevo", &request).await;
    assert_eq!(code, StatusCode::OK, "{body}");
    let mut odd_email = self::request(&h);
    odd_email["ContactEmail"] = json!("ventas en la tienda");
    let (code, body) = h.post("/expedientes/nuevo", &odd_email).await;
    assert_eq!(code, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["Data"], json!(["El ContactEmail no es válido."]));
    let (code, body) = h.post("/expedientes/nuevo", &self::request(&h)).await;
    assert_eq!(code, StatusCode::OK, "{body}");

    let outbox = h.admin(reqwest::Method::GET, "/outbox", None).await;
    let targets: Vec<(&str, &str)> = outbox["events"]
        .as_array()
        .expect("events")
        .iter()
        .filter(|e| e["kind"] == "file_created")
        .map(|e| {
            (
                e["channel"].as_str().expect("channel"),
                e["target"].as_str().expect("target"),
            )
        })
        .collect();
    // The first file had no contact, so it notified no one; the refused one, no one;
    // the last, both.
    assert_eq!(
        targets,
        [("email", "contacto@espiga.mx"), ("sms", "5512345678")]
    );
}

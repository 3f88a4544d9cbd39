//! Conformance of tracking (operation 5) and the enrollment link (operation 6), over
//! real HTTP against a running sandbox.

mod common;

use common::{Harness, KEY_DENIED, WORKSPACE_INVALID, assert_envelope};
use kyb_api::file::SectionComment;
use reqwest::StatusCode;
use serde_json::{Value, json};

const AGENT: &str = "ana.analista@kybdesk.mx";

fn tracking_body(h: &Harness) -> Value {
    let e = &h.manifest().examples;
    json!({"FlowID": e.flow_id, "RFC": e.rfc, "AgentMail": AGENT})
}

#[tokio::test]
async fn tracking_returns_the_file_with_every_field_and_comments_built_from_sections() {
    let h = Harness::start().await;
    let (code, body) = h.post("/expedientes/v1/tracking", &tracking_body(&h)).await;
    assert_eq!(code, StatusCode::OK);
    assert_eq!(body["Code"], 200);
    assert_eq!(
        body["Status"], "Success",
        "tracking answers with a capital S"
    );
    let data = &body["Data"];
    for field in [
        "DocumentId",
        "CompanyRfc",
        "CompanyName",
        "GuestUrl",
        "ChannelName",
        "DocumentStatus",
        "Comments",
        "CreatedAtUtc",
        "UpdatedAtUtc",
        "Person",
    ] {
        assert!(data.get(field).is_some(), "Data lacks {field}");
    }
    assert_eq!(
        data["DocumentId"],
        h.manifest().examples.document_id.to_string()
    );
    assert_eq!(data["CompanyRfc"], h.manifest().examples.rfc.as_str());
    assert_eq!(data["DocumentStatus"], "En Revisión");
    let comments = data["Comments"].as_array().expect("Comments");
    assert!(!comments.is_empty());
    for entry in comments {
        let text = entry.as_str().expect("a string");
        let parsed =
            SectionComment::parse(text).unwrap_or_else(|| panic!("{text} is Section (Status)"));
        assert!(
            !matches!(parsed.status, kyb_api::file::SectionStatus::Other(_)),
            "{text}"
        );
        assert!(
            !parsed.section.contains("Limit:"),
            "limit modifiers are not tracked sections"
        );
    }
    let persons = data["Person"].as_array().expect("Person");
    let person_fields = [
        "PersonId",
        "FullName",
        "Email",
        "Rfc",
        "Curp",
        "FaceKeyId",
        "EnrollmentRequestAtUtc",
        "CallbackAtUtc",
        "NotificationAtUtc",
        "EnrollmentStatus",
        "EnrollmentReason",
        "IsCompleted",
        "IsEnrollmentAllowed",
    ];
    for person in persons {
        for field in person_fields {
            assert!(person.get(field).is_some(), "Person lacks {field}");
        }
    }
    let allowed = h
        .manifest()
        .examples
        .person_id_enrollment_allowed
        .to_string();
    let denied = h
        .manifest()
        .examples
        .person_id_enrollment_denied
        .to_string();
    let find = |id: &str| {
        persons
            .iter()
            .find(|p| p["PersonId"] == id)
            .expect("person listed")
    };
    assert_eq!(find(&allowed)["IsEnrollmentAllowed"], true);
    assert_eq!(find(&denied)["IsEnrollmentAllowed"], false);
}

#[tokio::test]
async fn tracking_validation_lists_every_failed_rule() {
    let h = Harness::start().await;
    let (code, body) = h.post("/expedientes/v1/tracking", &json!({})).await;
    assert_eq!(code, StatusCode::BAD_REQUEST);
    assert_envelope(&body, 400, "bad_request", "Error de validacion");
    assert_eq!(
        body["Data"],
        json!([
            "El campo FlowId es obligatorio",
            "El campo RFC es obligatorio",
            "El campo AgentMail es obligatorio"
        ])
    );
    let (_, body) = h
        .post(
            "/expedientes/v1/tracking",
            &json!({"FlowID": "no-such-flow", "RFC": "abc", "AgentMail": "x@"}),
        )
        .await;
    assert_eq!(
        body["Data"],
        json!([
            "El RFC no es válido.",
            "El AgentMail no es válido.",
            "El FlowId no es válido."
        ])
    );
}

#[tokio::test]
async fn tracking_of_an_unknown_rfc_is_not_found() {
    let h = Harness::start().await;
    let mut request = tracking_body(&h);
    request["RFC"] = json!("ZZZ991231AB1");
    let (code, body) = h.post("/expedientes/v1/tracking", &request).await;
    assert_eq!(code, StatusCode::NOT_FOUND);
    assert_envelope(&body, 404, "not_found", "Expediente no encontrado");
    assert_eq!(body["Data"], Value::Null);
}

#[tokio::test]
async fn tracking_and_enrollment_refuse_bad_keys_and_workspaces() {
    let h = Harness::start().await;
    let m = h.manifest();
    for path in ["/expedientes/v1/tracking", "/enrollment/v1/url"] {
        let (code, body) = h
            .call_as(
                reqwest::Method::POST,
                path,
                &m.revoked_api_key,
                &m.tenants[0].workspace_id.to_string(),
            )
            .await;
        assert_eq!(code, StatusCode::UNAUTHORIZED, "{path}");
        assert_envelope(&body, 401, "forbidden", KEY_DENIED);
        let (code, body) = h
            .call_as(
                reqwest::Method::POST,
                path,
                &m.tenants[0].api_key,
                &m.inactive_workspace_id.to_string(),
            )
            .await;
        assert_eq!(code, StatusCode::FORBIDDEN, "{path}");
        assert_envelope(&body, 403, "forbidden", WORKSPACE_INVALID);
    }
}

#[tokio::test]
async fn an_enrollment_link_is_issued_only_where_enrollment_is_allowed() {
    let h = Harness::start().await;
    let e = h.manifest().examples.clone();
    let (code, body) = h
        .post(
            "/enrollment/v1/url",
            &json!({"DocumentId": e.document_id, "PersonId": e.person_id_enrollment_allowed, "AgentMail": AGENT}),
        )
        .await;
    assert_eq!(code, StatusCode::OK, "{body}");
    assert_eq!(body["Status"], "Success");
    assert!(body["Data"]["Id"].as_str().is_some_and(|id| !id.is_empty()));
    assert!(
        body["Data"]["EnrollmentUrl"]
            .as_str()
            .is_some_and(|u| u.starts_with("http"))
    );
    // Tracking now shows the request.
    let (_, tracking) = h.post("/expedientes/v1/tracking", &tracking_body(&h)).await;
    let person = tracking["Data"]["Person"]
        .as_array()
        .expect("Person")
        .iter()
        .find(|p| p["PersonId"] == e.person_id_enrollment_allowed.to_string())
        .expect("listed")
        .clone();
    assert_eq!(person["EnrollmentStatus"], "Solicitado");
    assert!(person["EnrollmentRequestAtUtc"].is_string());

    let (code, body) = h
        .post(
            "/enrollment/v1/url",
            &json!({"DocumentId": e.document_id, "PersonId": e.person_id_enrollment_denied, "AgentMail": AGENT}),
        )
        .await;
    assert_eq!(code, StatusCode::FORBIDDEN);
    assert_envelope(&body, 403, "not_allowed", "Enrolamiento no permitido");
}

#[tokio::test]
async fn enrollment_link_validation_uses_the_spec_messages() {
    let h = Harness::start().await;
    let (code, body) = h
        .post(
            "/enrollment/v1/url",
            &json!({"DocumentId": "42", "AgentMail": AGENT}),
        )
        .await;
    assert_eq!(code, StatusCode::BAD_REQUEST);
    assert_envelope(&body, 400, "bad_request", "Error de validacion");
    assert_eq!(
        body["Data"],
        json!([
            "El DocumentId no es válido.",
            "El campo PersonId es obligatorio"
        ])
    );
}

#[tokio::test]
async fn the_generator_scales_to_ten_thousand_files() {
    let config = kyb_sandbox::SandboxConfig {
        files: 10_000,
        ..kyb_sandbox::SandboxConfig::default()
    };
    let h = Harness::start_with(config).await;
    let (code, body) = h.post("/expedientes/v1/tracking", &tracking_body(&h)).await;
    assert_eq!(code, StatusCode::OK);
    assert_eq!(
        body["Data"]["DocumentId"],
        h.manifest().examples.document_id.to_string()
    );
}

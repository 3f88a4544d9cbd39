//! Conformance of operations 7–9 (read, resend, cancel a verification), over real HTTP
//! against a running sandbox. Expected texts are copied from the spec's Errors table.

mod common;

use chrono::{DateTime, Utc};
use common::{Harness, KEY_DENIED, STATUSES, WORKSPACE_INVALID, assert_envelope};
use kyb_sandbox::{Manifest, Sandbox, SandboxConfig};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

const NOT_FOUND: &str = "Verificación no encontrada";
#[tokio::test]
async fn every_seeded_folio_reads_with_every_field_of_the_spec() {
    let h = Harness::start().await;
    let fields = [
        "Folio",
        "ExternalReference",
        "VerificationStatus",
        "Verdict",
        "VerdictComment",
        "Modality",
        "ProductName",
        "ProductKey",
        "CreatedAtUtc",
        "SentAtUtc",
        "CompletedAtUtc",
        "ExpiresAtUtc",
        "GeoResult",
        "DistanceMeters",
        "Accuracy",
        "GeoIntegrity",
        "GeoSignals",
        "BiometricStatus",
        "Photos",
    ];
    for status in STATUSES {
        let folio = h.folio(status);
        let (code, body) = h
            .call(Method::GET, &format!("/verificaciones/{folio}"))
            .await;
        assert_eq!(code, StatusCode::OK);
        assert_eq!(body["Code"], 200);
        assert_eq!(body["Status"], "Success");
        let data = body["Data"].as_object().expect("Data is an object");
        for field in fields {
            assert!(data.contains_key(field), "{status}: Data lacks {field}");
        }
        assert!(
            !data.contains_key("ApplicantUrl"),
            "the query never returns ApplicantUrl"
        );
        assert_eq!(data["Folio"], folio.as_str());
        assert_eq!(data["VerificationStatus"], status);
        assert_eq!(data["Modality"], "Domiciliar");
        // Before the visit was captured there is no place to judge: Indeterminado, and
        // nothing measured (the spec's types are a string and numbers, never null).
        if !matches!(status, "Iniciado" | "Completado" | "SuspendidaPorRiesgo") {
            assert_eq!(data["GeoResult"], "Indeterminado", "{status}");
            for field in ["DistanceMeters", "Accuracy"] {
                assert_eq!(data[field], 0.0, "{status}: {field}");
            }
            continue;
        }
        let geo = data["GeoResult"].as_str().expect("GeoResult");
        let distance = data["DistanceMeters"].as_f64().expect("DistanceMeters");
        let expected = if distance <= 100.0 {
            "Consistente"
        } else if distance > 500.0 {
            "Inconsistente"
        } else {
            "Indeterminado"
        };
        assert_eq!(geo, expected, "{status}: {distance} m");
    }
}

#[tokio::test]
async fn authentication_failures_answer_with_the_spec_texts() {
    let h = Harness::start().await;
    let m = h.manifest();
    let folio = h.folio("Enviado");
    let own_ws = m.tenants[0].workspace_id.to_string();
    let other_ws = m.tenants[1].workspace_id.to_string();
    let inactive = m.inactive_workspace_id.to_string();
    let operations = [
        (Method::GET, format!("/verificaciones/{folio}")),
        (Method::POST, format!("/verificaciones/{folio}/reenviar")),
        (Method::POST, format!("/verificaciones/{folio}/cancelar")),
    ];
    for (method, path) in operations {
        for key in ["", "sk_unknown", m.revoked_api_key.as_str()] {
            let (code, body) = h.call_as(method.clone(), &path, key, &own_ws).await;
            assert_eq!(code, StatusCode::UNAUTHORIZED, "{path}, key {key:?}");
            assert_envelope(&body, 401, "forbidden", KEY_DENIED);
            assert_eq!(body["Data"], Value::Null);
        }
        for workspace in [inactive.as_str(), other_ws.as_str(), "not-a-uuid", ""] {
            let (code, body) = h
                .call_as(method.clone(), &path, &m.tenants[0].api_key, workspace)
                .await;
            assert_eq!(
                code,
                StatusCode::FORBIDDEN,
                "{path}, workspace {workspace:?}"
            );
            assert_envelope(&body, 403, "forbidden", WORKSPACE_INVALID);
        }
    }
    // None of the refused calls changed anything.
    assert_eq!(h.billable().await, 0);
}

#[tokio::test]
async fn another_workspaces_folio_is_not_found_like_an_unknown_one() {
    let h = Harness::start().await;
    let other = h.manifest().examples.other_tenant_folio.clone();
    for folio in [other.as_str(), "VD-99999999"] {
        for (method, suffix) in [
            (Method::GET, ""),
            (Method::POST, "/reenviar"),
            (Method::POST, "/cancelar"),
        ] {
            let (code, body) = h
                .call(method, &format!("/verificaciones/{folio}{suffix}"))
                .await;
            assert_eq!(code, StatusCode::NOT_FOUND, "{folio}{suffix}");
            assert_envelope(&body, 404, "not_found", NOT_FOUND);
        }
    }
    // Its owner reads it.
    let t = &h.manifest().tenants[1];
    let (code, _) = h
        .call_as(
            Method::GET,
            &format!("/verificaciones/{other}"),
            &t.api_key,
            &t.workspace_id.to_string(),
        )
        .await;
    assert_eq!(code, StatusCode::OK);
}

#[tokio::test]
async fn resend_is_accepted_only_in_its_four_statuses_and_each_one_is_billed() {
    let h = Harness::start().await;
    for status in STATUSES {
        let folio = h.folio(status);
        let before = h.billable().await;
        let old_link = h
            .admin(Method::GET, &format!("/verifications/{folio}"), None)
            .await["ApplicantUrl"]
            .clone();
        let (code, body) = h
            .call(Method::POST, &format!("/verificaciones/{folio}/reenviar"))
            .await;
        if ["Enviado", "Abierto", "Iniciado", "Expirado"].contains(&status) {
            assert_eq!(code, StatusCode::OK, "{status}");
            assert_eq!(body["Status"], "Success");
            assert_eq!(body["Data"], Value::Null);
            assert_eq!(
                h.billable().await,
                before + 1,
                "{status}: one billable message"
            );
            let now = h
                .admin(Method::GET, &format!("/verifications/{folio}"), None)
                .await;
            assert_ne!(
                now["ApplicantUrl"], old_link,
                "{status}: the previous link is invalidated"
            );
            assert_eq!(now["Verification"]["VerificationStatus"], "Enviado");
        } else {
            assert_eq!(code, StatusCode::BAD_REQUEST, "{status}");
            assert_envelope(
                &body,
                400,
                "bad_request",
                "La solicitud no admite reenvío en su estatus actual.",
            );
            assert_eq!(h.billable().await, before, "{status}: nothing billed");
        }
    }
}

#[tokio::test]
async fn an_expired_verification_is_revived_with_a_renewed_validity() {
    let h = Harness::start().await;
    let folio = h.folio("Expirado");
    let (_, before) = h
        .call(Method::GET, &format!("/verificaciones/{folio}"))
        .await;
    let expired_at = before["Data"]["ExpiresAtUtc"]
        .as_str()
        .expect("ExpiresAtUtc")
        .to_owned();
    h.call(Method::POST, &format!("/verificaciones/{folio}/reenviar"))
        .await;
    let (_, after) = h
        .call(Method::GET, &format!("/verificaciones/{folio}"))
        .await;
    assert_eq!(after["Data"]["VerificationStatus"], "Enviado");
    // ISO 8601 UTC strings of one format order as the instants they name.
    assert!(
        after["Data"]["ExpiresAtUtc"]
            .as_str()
            .expect("ExpiresAtUtc")
            > expired_at.as_str()
    );
}

#[tokio::test]
async fn cancel_is_refused_for_a_completed_or_ended_verification() {
    let h = Harness::start().await;
    for status in STATUSES {
        let folio = h.folio(status);
        let (code, body) = h
            .call(Method::POST, &format!("/verificaciones/{folio}/cancelar"))
            .await;
        if ["Completado", "Expirado", "Rechazado"].contains(&status) {
            assert_eq!(code, StatusCode::BAD_REQUEST, "{status}");
            assert_envelope(&body, 400, "bad_request", "No se pudo cancelar.");
        } else {
            assert_eq!(code, StatusCode::OK, "{status}");
            assert_eq!(body["Data"], Value::Null);
            let (_, read) = h
                .call(Method::GET, &format!("/verificaciones/{folio}"))
                .await;
            assert_eq!(
                read["Data"]["VerificationStatus"], "Rechazado",
                "{status} is cancelled"
            );
            let (again, _) = h
                .call(Method::POST, &format!("/verificaciones/{folio}/cancelar"))
                .await;
            assert_eq!(
                again,
                StatusCode::BAD_REQUEST,
                "{status}: a cancelled one cannot be cancelled again"
            );
        }
    }
}

#[tokio::test]
async fn photo_hashes_are_the_sha256_of_the_served_bytes_until_tampered() {
    let h = Harness::start().await;
    let folio = h.folio("Completado");
    let (_, body) = h
        .call(Method::GET, &format!("/verificaciones/{folio}"))
        .await;
    let photos = body["Data"]["Photos"].as_array().expect("Photos").clone();
    assert!(!photos.is_empty(), "a completed verification has photos");
    let sha = |bytes: &[u8]| {
        Sha256::digest(bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect::<String>()
    };
    for photo in &photos {
        let url = photo["Url"].as_str().expect("Url");
        let bytes = h.download(url).await;
        assert_eq!(&bytes[..4], b"\x89PNG");
        assert_eq!(photo["HashSha256"], sha(&bytes), "{url}");
    }
    let url = photos[0]["Url"].as_str().expect("Url");
    let name = url.split("/_files/").nth(1).expect("a served file");
    h.admin(Method::POST, &format!("/tamper/{name}"), None)
        .await;
    let bytes = h.download(url).await;
    assert_ne!(
        photos[0]["HashSha256"],
        sha(&bytes),
        "tampering changes the bytes"
    );
}

#[tokio::test]
async fn the_seeded_altered_photo_no_longer_matches_its_hash() {
    let h = Harness::start().await;
    let folio = h.manifest().examples.altered_photo_folio.clone();
    let (_, body) = h
        .call(Method::GET, &format!("/verificaciones/{folio}"))
        .await;
    assert_eq!(body["Data"]["VerificationStatus"], "Completado");
    let photos = body["Data"]["Photos"].as_array().expect("Photos").clone();
    let mut matches = Vec::new();
    for photo in &photos {
        let bytes = h.download(photo["Url"].as_str().expect("Url")).await;
        assert_eq!(&bytes[..4], b"\x89PNG", "still a picture");
        let digest: String = Sha256::digest(&bytes)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        matches.push(photo["HashSha256"] == digest.as_str());
    }
    assert_eq!(matches, [true, false], "the interior photo was altered");
}

#[tokio::test]
async fn admin_creates_a_verification_the_tenant_can_read() {
    let h = Harness::start().await;
    let created = h
        .admin(
            Method::POST,
            "/verifications",
            Some(json!({"status": "Abierto", "distance_meters": 250.0})),
        )
        .await;
    let folio = created["Folio"].as_str().expect("Folio");
    assert!(
        created["ApplicantUrl"]
            .as_str()
            .expect("ApplicantUrl")
            .starts_with("http")
    );
    let (code, body) = h
        .call(Method::GET, &format!("/verificaciones/{folio}"))
        .await;
    assert_eq!(code, StatusCode::OK);
    assert_eq!(body["Data"]["VerificationStatus"], "Abierto");
    assert_eq!(
        body["Data"]["GeoResult"], "Indeterminado",
        "250 m is in the unassigned band"
    );
    let counters = h.admin(Method::GET, "/counters", None).await;
    assert_eq!(counters["GET /verificaciones/{folio}"], 1);
}

#[tokio::test]
async fn admin_routes_need_the_admin_token() {
    let h = Harness::start().await;
    let response = h
        .http
        .get(format!("{}/_sandbox/outbox", h.manifest().base_url))
        .send()
        .await
        .expect("the sandbox answers");
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn the_same_seed_gives_the_same_world() {
    let a = Sandbox::start(SandboxConfig::default())
        .await
        .expect("starts");
    let b = Sandbox::start(SandboxConfig::default())
        .await
        .expect("starts");
    let c = Sandbox::start(SandboxConfig {
        seed: 8,
        ..SandboxConfig::default()
    })
    .await
    .expect("starts");
    let view = |m: &Manifest| {
        let mut v = serde_json::to_value(m).expect("manifest serializes");
        v["base_url"] = Value::Null;
        v
    };
    assert_eq!(view(&a.manifest), view(&b.manifest));
    assert_ne!(view(&a.manifest)["tenants"], view(&c.manifest)["tenants"]);
}

#[tokio::test]
async fn every_seeded_verification_expires_after_it_was_created_and_is_sent_after_it() {
    let h = Harness::start().await;
    for status in STATUSES {
        let folio = h.folio(status);
        let (_, body) = h
            .call(Method::GET, &format!("/verificaciones/{folio}"))
            .await;
        let data = &body["Data"];
        let at = |field: &str| {
            data[field]
                .as_str()
                .map(|t| t.parse::<DateTime<Utc>>().expect("an instant"))
        };
        let created = at("CreatedAtUtc").expect("CreatedAtUtc");
        let expires = at("ExpiresAtUtc").expect("ExpiresAtUtc");
        assert!(
            expires > created,
            "{status}: expires {expires} before {created}"
        );
        let sent = at("SentAtUtc").expect("SentAtUtc");
        if status == "NoIniciado" {
            assert_eq!(data["SentAtUtc"], kyb_sandbox::NOT_YET, "not sent yet");
        } else {
            assert!(sent >= created, "{status}: sent before it was created");
        }
        if status == "Expirado" {
            assert!(expires < Utc::now(), "an expired one is past its expiry");
        }
    }
}

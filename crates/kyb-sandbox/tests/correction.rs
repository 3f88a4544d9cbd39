//! Conformance of the correction request (operation 3), whose body is the envelope's
//! documented exception: success, message, data, warnings.

mod common;

use common::Harness;
use reqwest::StatusCode;
use serde_json::{Value, json};

const PATH: &str = "/expedientes/solicitar-correccion";

#[tokio::test]
async fn a_rejection_records_decisions_notifies_and_returns_the_file_to_the_user() {
    let h = Harness::start().await;
    let e = h.manifest().examples.clone();
    let (code, body) = h
        .post(
            PATH,
            &json!({
                "documentId": e.document_id,
                "secciones": [
                    {"seccion": "ProofAddressObligatorio", "estatus": "Rechazada",
                     "comentario": "El comprobante está vencido: súbalo de nuevo (máx. 3 meses)"},
                    {"seccion": "LegalRepresentativeObligatorio", "estatus": "Aceptada",
                     "entidadId": e.person_id_enrollment_allowed},
                ],
                "mensajeGeneral": "Gracias por su paciencia",
            }),
        )
        .await;
    assert_eq!(code, StatusCode::OK, "{body}");
    assert_eq!(body["success"], true);
    assert!(body["message"].is_string());
    assert_eq!(body["warnings"], json!([]));
    assert!(body.get("Code").is_none(), "not the usual envelope");
    let data = &body["data"];
    assert_eq!(data["expedienteId"], e.document_id.to_string());
    assert_eq!(data["seccionesActualizadas"], 2);
    assert_eq!(
        data["resumen"],
        json!({"aceptadas": 1, "rechazadas": 1, "entidadesAfectadas": {"representantes": 1, "sucursales": 0, "expediente": 1}})
    );
    assert_eq!(data["notificacionEnviada"], true);
    assert!(
        data["linkCorreccion"]
            .as_str()
            .is_some_and(|l| l.starts_with("http"))
    );
    let sections = data["secciones"].as_array().expect("secciones");
    assert_eq!(sections[0]["estatus"], "Rechazada");
    assert_eq!(
        sections[0]["comentario"],
        "El comprobante está vencido: súbalo de nuevo (máx. 3 meses)"
    );
    assert_eq!(
        sections[0]["entidadesResueltas"][0]["coincidencia"],
        "expediente"
    );
    assert!(sections[0]["fechaActualizacion"].is_string());
    assert!(
        sections[1].get("comentario").is_none(),
        "comments only for rejected sections"
    );
    assert_eq!(
        sections[1]["entidadesResueltas"][0]["coincidencia"],
        "exacta"
    );
    assert_eq!(
        sections[1]["entidadesResueltas"][0]["id"],
        e.person_id_enrollment_allowed.to_string()
    );

    let file = h.example_tracking().await;
    assert_eq!(file["DocumentStatus"], "Corrección por el Usuario");
    let comments: Vec<&str> = file["Comments"]
        .as_array()
        .expect("Comments")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(comments.contains(&"ProofAddressObligatorio (Rechazado): El comprobante está vencido: súbalo de nuevo (máx. 3 meses)"), "{comments:?}");
    assert!(
        comments.contains(&"LegalRepresentativeObligatorio (Aceptado)"),
        "{comments:?}"
    );

    let outbox = h.admin(reqwest::Method::GET, "/outbox", None).await;
    let sent: Vec<&Value> = outbox["events"]
        .as_array()
        .expect("events")
        .iter()
        .filter(|e| e["kind"] == "correction_requested")
        .collect();
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0]["detail"], "Gracias por su paciencia");
}

#[tokio::test]
async fn acceptances_alone_notify_nobody_and_keep_the_file_status() {
    let h = Harness::start().await;
    let e = h.manifest().examples.clone();
    let (code, body) = h
        .post(PATH, &json!({"documentId": e.document_id, "secciones": [{"seccion": "Sucursal", "estatus": "Aceptada"}]}))
        .await;
    assert_eq!(code, StatusCode::OK);
    assert_eq!(body["data"]["notificacionEnviada"], false);
    // Nothing to correct: the link is the file's own end-user link, never null.
    let file = h.example_tracking().await;
    assert_eq!(body["data"]["linkCorreccion"], file["GuestUrl"]);
    assert_eq!(file["DocumentStatus"], "En Revisión");
}

#[tokio::test]
async fn any_branch_of_a_file_with_many_is_resolved_exactly() {
    let h = Harness::start().await;
    let id = h.manifest().examples.large_document_id;
    let (_, detail) = h.detail_v2(id).await;
    let last = detail["Data"]["Entidades"]
        .as_array()
        .expect("Entidades")
        .iter()
        .rfind(|entity| entity["Tipo"] == "Sucursal")
        .expect("branches")
        .clone();
    assert_ne!(last["Referencia"], "Sucursal Matriz");
    let (code, body) = h
        .post(
            PATH,
            &json!({"documentId": id, "secciones": [
                {"seccion": "Sucursal", "estatus": "Aceptada", "entidadReferencia": last["Referencia"]},
            ]}),
        )
        .await;
    assert_eq!(code, StatusCode::OK, "{body}");
    let resolved = &body["data"]["secciones"][0]["entidadesResueltas"][0];
    assert_eq!(resolved["id"], last["Id"]);
    assert_eq!(resolved["coincidencia"], "exacta");
    assert_eq!(body["warnings"], json!([]));
}

#[tokio::test]
async fn a_branch_named_by_its_detail_id_or_reference_is_resolved_exactly() {
    let h = Harness::start().await;
    let e = h.manifest().examples.clone();
    let (_, detail) = h.detail_v2(e.document_id).await;
    let branch = detail["Data"]["Entidades"]
        .as_array()
        .expect("Entidades")
        .iter()
        .find(|entity| entity["Tipo"] == "Sucursal")
        .expect("a legal entity's file has a branch")
        .clone();
    let (code, body) = h
        .post(
            PATH,
            &json!({"documentId": e.document_id, "secciones": [
                {"seccion": "Sucursal", "estatus": "Aceptada", "entidadId": branch["Id"]},
                {"seccion": "Sucursal", "estatus": "Aceptada", "entidadReferencia": branch["Referencia"]},
            ]}),
        )
        .await;
    assert_eq!(code, StatusCode::OK, "{body}");
    assert_eq!(
        body["data"]["resumen"]["entidadesAfectadas"],
        json!({"representantes": 0, "sucursales": 2, "expediente": 0})
    );
    for section in body["data"]["secciones"].as_array().expect("secciones") {
        let resolved = &section["entidadesResueltas"][0];
        assert_eq!(resolved["id"], branch["Id"], "{section}");
        assert_eq!(resolved["coincidencia"], "exacta");
    }
    assert_eq!(body["warnings"], json!([]));
}

#[tokio::test]
async fn notificar_usuario_false_records_the_rejection_without_notifying() {
    let h = Harness::start().await;
    let e = h.manifest().examples.clone();
    let (_, body) = h
        .post(
            PATH,
            &json!({"documentId": e.document_id, "notificarUsuario": false,
                    "secciones": [{"seccion": "Sucursal", "estatus": "Rechazada", "comentario": "Foto borrosa"}]}),
        )
        .await;
    assert_eq!(body["data"]["notificacionEnviada"], false);
    let outbox = h.admin(reqwest::Method::GET, "/outbox", None).await;
    assert!(
        outbox["events"]
            .as_array()
            .expect("events")
            .iter()
            .all(|e| e["kind"] != "correction_requested")
    );
    assert_eq!(
        h.example_tracking().await["DocumentStatus"],
        "Corrección por el Usuario"
    );
}

#[tokio::test]
async fn limits_are_enforced_and_reported_in_the_same_shape() {
    let h = Harness::start().await;
    let doc = h.manifest().examples.document_id;
    let cases = [
        (
            json!([]),
            "Se requieren entre 1 y 50 secciones; se enviaron 0.",
        ),
        (
            json!(
                (0..51)
                    .map(|_| json!({"seccion": "Sucursal", "estatus": "Aceptada"}))
                    .collect::<Vec<_>>()
            ),
            "Se requieren entre 1 y 50 secciones; se enviaron 51.",
        ),
        (
            json!([{"seccion": "Sucursal", "estatus": "Rechazada"}]),
            "El comentario es obligatorio para rechazar la sección Sucursal.",
        ),
        (
            json!([{"seccion": "Sucursal", "estatus": "Rechazada", "comentario": "ñ".repeat(501)}]),
            "El comentario de la sección Sucursal no debe exceder 500 caracteres.",
        ),
        (
            json!([{"seccion": "NoExiste", "estatus": "Aceptada"}]),
            "La sección NoExiste no existe en el expediente.",
        ),
    ];
    for (secciones, expected) in cases {
        let (code, body) = h
            .post(PATH, &json!({"documentId": doc, "secciones": secciones}))
            .await;
        assert_eq!(code, StatusCode::BAD_REQUEST, "{expected}");
        assert_eq!(body["success"], false);
        assert_eq!(body["errors"], json!([expected]));
    }
    let (code, body) = h
        .post(
            PATH,
            &json!({"documentId": doc, "secciones": [{"seccion": "Sucursal", "estatus": "Aceptada"}],
                    "mensajeGeneral": "ñ".repeat(1001)}),
        )
        .await;
    assert_eq!(code, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"],
        json!(["El mensajeGeneral no debe exceder 1000 caracteres."])
    );
    let (code, body) = h
        .post(PATH, &json!({"documentId": "no-uuid", "secciones": [{"seccion": "Sucursal", "estatus": "Aceptada"}]}))
        .await;
    assert_eq!(code, StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"], json!(["El documentId no es válido."]));
    // Exactly 500 characters (1000 for the general message) and 50 sections pass.
    let fifty: Vec<Value> = (0..50)
        .map(|_| json!({"seccion": "Sucursal", "estatus": "Rechazada", "comentario": "ñ".repeat(500)}))
        .collect();
    let (code, body) = h
        .post(
            PATH,
            &json!({"documentId": doc, "secciones": fifty, "mensajeGeneral": "ñ".repeat(1000)}),
        )
        .await;
    assert_eq!(code, StatusCode::OK, "{body}");
    assert_eq!(
        h.example_tracking().await["DocumentStatus"],
        "Corrección por el Usuario"
    );
}

#[tokio::test]
async fn an_unknown_document_is_not_found() {
    let h = Harness::start().await;
    let (code, body) = h
        .post(
            PATH,
            &json!({"documentId": "7d0c6c1e-1111-4222-8333-944455556666",
                    "secciones": [{"seccion": "Sucursal", "estatus": "Aceptada"}]}),
        )
        .await;
    assert_eq!(code, StatusCode::NOT_FOUND);
    assert_eq!(body["success"], false);
    assert_eq!(body["message"], "Documento no encontrado");
}

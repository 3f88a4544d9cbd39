//! Conformance of the file detail (operation 2) in both formats.

mod common;

use common::{Harness, assert_envelope};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

fn keys(value: &Value) -> Vec<&str> {
    value
        .as_object()
        .map(|o| o.keys().map(String::as_str).collect())
        .unwrap_or_default()
}

fn assert_has(value: &Value, fields: &[&str], what: &str) {
    for field in fields {
        assert!(
            value.get(field).is_some(),
            "{what} lacks {field}; has {:?}",
            keys(value)
        );
    }
}

fn is_dd_mm_yyyy(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 10
        && b[2] == b'/'
        && b[5] == b'/'
        && text.chars().filter(char::is_ascii_digit).count() == 8
}

#[tokio::test]
async fn version_1_is_the_default_with_dd_mm_yyyy_dates() {
    let h = Harness::start().await;
    let id = h.manifest().examples.document_id;
    let (code, body) = h.get(&format!("/expedientes/detalle/{id}"), &[]).await;
    assert_eq!(code, StatusCode::OK);
    assert_eq!(body["Code"], 200);
    let data = &body["Data"];
    assert_has(
        data,
        &["documentId", "sectionsAdded", "message"],
        "version 1 Data",
    );
    assert_eq!(data["documentId"], id.to_string());
    assert!(
        is_dd_mm_yyyy(data["fechaCreacion"].as_str().expect("fechaCreacion")),
        "{data}"
    );
    let (_, explicit) = h
        .get(
            &format!("/expedientes/detalle/{id}"),
            &[("X-api-version", "1")],
        )
        .await;
    assert_eq!(explicit["Data"]["documentId"], data["documentId"]);
}

#[tokio::test]
async fn a_file_from_before_version_2_answers_version_1_when_asked_for_2() {
    let h = Harness::start().await;
    let id = h.manifest().examples.document_id;
    let path = format!("/expedientes/detalle/{id}");
    let (_, before) = h.get(&path, &[("X-api-version", "2")]).await;
    assert_eq!(before["Data"]["ExpedienteId"], id.to_string());
    h.admin(reqwest::Method::POST, &format!("/legacy/{id}"), None)
        .await;
    let (code, after) = h.get(&path, &[("X-api-version", "2")]).await;
    assert_eq!(code, StatusCode::OK);
    assert_eq!(after["Data"]["documentId"], id.to_string());
    assert!(after["Data"].get("_Schema").is_none(), "{after}");
    assert!(after["Data"].get("ExpedienteId").is_none(), "{after}");
}

#[tokio::test]
async fn version_2_carries_every_field_of_the_spec() {
    let h = Harness::start().await;
    let id = h.manifest().examples.document_id;
    let (code, body) = h.detail_v2(id).await;
    assert_eq!(code, StatusCode::OK, "{body}");
    let d = &body["Data"];
    assert_has(
        d,
        &[
            "ExpedienteId",
            "TipoPersona",
            "Tramite",
            "Secciones",
            "Cliente",
            "RFC",
            "FechaCreacion",
            "FechaRecibido",
            "FechaUltimaModificacion",
            "Entidades",
            "Documentos",
            "Adicionales",
            "_Schema",
        ],
        "version 2 Data",
    );
    assert_eq!(d["ExpedienteId"], id.to_string());
    assert_eq!(d["TipoPersona"], "Moral");
    assert!(
        d["FechaCreacion"]
            .as_str()
            .expect("FechaCreacion")
            .ends_with('Z'),
        "UTC without an offset header"
    );
    assert_has(
        &d["_Schema"],
        &["Version", "UltimaActualizacion", "Compatibilidad"],
        "_Schema",
    );
    let sections: Vec<&str> = d["Secciones"]
        .as_array()
        .expect("Secciones")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(sections.contains(&"ProofAddressLimit:2"), "{sections:?}");

    let entities = d["Entidades"].as_array().expect("Entidades");
    let representative = entities
        .iter()
        .find(|e| e["Tipo"] == "Representante")
        .expect("a representative");
    assert_has(
        representative,
        &["Tipo", "Referencia", "Id", "Datos", "Validaciones"],
        "Representante",
    );
    assert_has(
        &representative["Datos"],
        &[
            "Nombre",
            "ApellidoPaterno",
            "ApellidoMaterno",
            "CURP",
            "RFC",
            "Nacionalidad",
            "PaisOrigen",
            "Correo",
            "Celular",
        ],
        "Representante.Datos",
    );
    let validations = representative["Validaciones"]
        .as_array()
        .expect("Validaciones");
    let by_type = |t: &str| {
        validations
            .iter()
            .find(|v| v["Tipo"] == t)
            .unwrap_or_else(|| panic!("{t} validation"))
    };
    for v in validations {
        assert_has(
            v,
            &["Tipo", "Entidad", "Resultado", "Estatus", "Detalles"],
            "EntityValidation",
        );
    }
    assert_has(
        &by_type("Curp")["Detalles"],
        &[
            "CURP",
            "Nombres",
            "PrimerApellido",
            "SegundoApellido",
            "FechaNacimiento",
            "Sexo",
            "EntidadNacimiento",
            "Nacionalidad",
            "StatusCURP",
        ],
        "Curp.Detalles",
    );
    assert_has(
        &by_type("ListaNominal")["Detalles"],
        &[
            "CIC",
            "ClaveElector",
            "NumeroEmision",
            "DistritoFederal",
            "DistritoLocal",
            "NumeroOCR",
            "AnioRegistro",
            "AnioEmision",
            "VigenciaHasta",
            "Estado",
            "Comentarios",
        ],
        "ListaNominal.Detalles",
    );
    assert_has(
        &by_type("Biometrico")["Detalles"],
        &[
            "NombreCompleto",
            "RFC",
            "CURP",
            "Email",
            "StatusOperation",
            "FechaSolicitud",
            "FechaCallback",
            "FechaNotificacion",
        ],
        "Biometrico.Detalles",
    );

    let branch = entities
        .iter()
        .find(|e| e["Tipo"] == "Sucursal")
        .expect("a branch");
    assert_has(
        &branch["Datos"],
        &[
            "NombreComercial",
            "Telefono",
            "Extension",
            "Telefono2",
            "ImagenesInteriores",
            "ImagenesExteriores",
        ],
        "Sucursal.Datos",
    );
    let photo = branch["Datos"]["ImagenesInteriores"][0]
        .as_str()
        .expect("a photo URL");
    let bytes = h.download(photo).await;
    assert_eq!(&bytes[..4], b"\x89PNG");

    let documents = d["Documentos"].as_array().expect("Documentos");
    let proof = documents
        .iter()
        .find(|x| x["TipoDocumento"] == "Comprobante")
        .expect("a proof of address");
    assert_has(
        proof,
        &[
            "Categoria",
            "Contexto",
            "Referencia",
            "ReferenciaId",
            "TipoDocumento",
            "Subtipo",
            "NombreTitular",
            "Direccion",
            "Fechas",
            "Validaciones",
            "Archivo",
        ],
        "proof of address",
    );
    assert_has(
        &proof["Direccion"],
        &[
            "Completa",
            "Calle",
            "NumeroExterior",
            "NumeroInterior",
            "Colonia",
            "Ciudad",
            "Municipio",
            "Estado",
            "CodigoPostal",
        ],
        "Direccion",
    );
    assert_has(&proof["Fechas"], &["Emision", "FechaLimitePago"], "Fechas");
    let alteration = &proof["Validaciones"][0];
    assert_eq!(alteration["Tipo"], "Alteracion");
    assert_has(
        alteration,
        &[
            "Resultado",
            "Estatus",
            "DocumentoEditado",
            "NivelRiesgo",
            "Indicadores",
        ],
        "Alteracion",
    );
    let pdf_url = proof["Archivo"]["URL"].as_str().expect("Archivo.URL");
    let pdf = h.download(pdf_url).await;
    assert!(pdf.starts_with(b"%PDF-"));

    let deed = documents
        .iter()
        .find(|x| x["TipoDocumento"] == "ActaConstitutiva")
        .expect("an incorporation deed");
    assert_has(
        deed,
        &[
            "AnalisisGeneral",
            "Representantes",
            "ObjetoSocial",
            "ObjetoSocialAnalisis",
            "OrganosInternos",
            "Archivo",
        ],
        "deed",
    );
    assert_has(
        &deed["AnalisisGeneral"],
        &[
            "EsActa",
            "Libro",
            "NumeroEscrituraPublica",
            "NombreNotario",
            "NumeroNotario",
            "EntidadFederativaNotario",
            "FechaInstrumento",
            "DomicilioSocial",
            "CapitalMinimo",
            "FechaInscripcion",
            "FolioMercantil",
            "RazonDenominacionSociedad",
            "FechaConstitucion",
            "Duracion",
        ],
        "AnalisisGeneral",
    );
    for power in [
        "ObligadoSolidario",
        "Aval",
        "Fianza",
        "Hipoteca",
        "AperturarCuentas",
        "Financiamiento",
        "OperacionesCredito",
        "TitulosCredito",
    ] {
        assert_has(
            &deed["ObjetoSocialAnalisis"][power],
            &["Valor", "Fundamento"],
            power,
        );
    }
    let shareholders = deed["OrganosInternos"]["Accionistas"]
        .as_array()
        .expect("Accionistas");
    let total: f64 = shareholders
        .iter()
        .map(|s| s["Porcentaje"].as_f64().expect("Porcentaje"))
        .sum();
    assert!(
        (total - 100.0).abs() < 1e-9,
        "shareholders add up to 100, got {total}"
    );
    assert_has(
        &deed["OrganosInternos"]["Administracion"],
        &["RegimenAdministracion", "Integrantes"],
        "Administracion",
    );
    assert_has(
        &deed["OrganosInternos"]["OrganoVigilancia"],
        &["TipoOrganoVigilancia", "Nombre", "Nacionalidad", "RFC"],
        "OrganoVigilancia",
    );

    let form = &d["Adicionales"][0];
    assert_has(
        form,
        &["Tipo", "Nombre", "Version", "Secciones"],
        "AdditionalForm",
    );
    assert_has(
        &form["Secciones"][0]["Preguntas"][0],
        &["Orden", "Texto", "Tipo", "Valor"],
        "question",
    );

    let (_, again) = h.detail_v2(id).await;
    assert_eq!(again, body, "the same file reads the same");
}

#[tokio::test]
async fn the_timezone_offset_applies_to_version_2() {
    let h = Harness::start().await;
    let id = h.manifest().examples.document_id;
    let path = format!("/expedientes/detalle/{id}");
    let (_, body) = h
        .get(
            &path,
            &[("X-api-version", "2"), ("X-timezone-offset", "-360")],
        )
        .await;
    assert!(
        body["Data"]["FechaCreacion"]
            .as_str()
            .expect("FechaCreacion")
            .ends_with("-06:00"),
        "{}",
        body["Data"]["FechaCreacion"]
    );
    // The spec sets no range: an integer no zone has is not refused, and is written
    // in UTC.
    let (code, body) = h
        .get(
            &path,
            &[("X-api-version", "2"), ("X-timezone-offset", "100000")],
        )
        .await;
    assert_eq!(code, StatusCode::OK, "{body}");
    assert!(
        body["Data"]["FechaCreacion"]
            .as_str()
            .is_some_and(|at| at.ends_with('Z')),
        "{}",
        body["Data"]["FechaCreacion"]
    );
    let (code, body) = h
        .get(
            &path,
            &[("X-api-version", "2"), ("X-timezone-offset", "soon")],
        )
        .await;
    assert_eq!(code, StatusCode::BAD_REQUEST);
    assert_eq!(body["Data"], json!(["El X-timezone-offset no es válido."]));
    let (code, body) = h.get(&path, &[("X-api-version", "3")]).await;
    assert_eq!(code, StatusCode::BAD_REQUEST);
    assert_eq!(body["Data"], json!(["El X-api-version no es válido."]));
}

#[tokio::test]
async fn a_natural_person_file_has_no_branch_nor_deed() {
    let h = Harness::start().await;
    let e = h.manifest().examples.clone();
    let (_, created) = h
        .post(
            "/expedientes/nuevo",
            &json!({"FlowID": e.flow_id_fisica, "Company": {"CompanyName": "Ana López"}}),
        )
        .await;
    let id = created["Data"]["DocumentId"]
        .as_str()
        .expect("DocumentId")
        .to_owned();
    let (_, body) = h.detail_v2(id).await;
    assert_eq!(body["Data"]["TipoPersona"], "Fisica");
    assert!(
        body["Data"]["Entidades"]
            .as_array()
            .expect("Entidades")
            .iter()
            .all(|x| x["Tipo"] != "Sucursal")
    );
    assert!(
        body["Data"]["Documentos"]
            .as_array()
            .expect("Documentos")
            .iter()
            .all(|x| x["TipoDocumento"] != "ActaConstitutiva")
    );
}

#[tokio::test]
async fn unknown_or_foreign_files_are_not_found_and_bad_keys_get_the_lowercase_401() {
    let h = Harness::start().await;
    let (code, body) = h
        .get(
            "/expedientes/detalle/9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d",
            &[],
        )
        .await;
    assert_eq!(code, StatusCode::NOT_FOUND);
    assert_envelope(&body, 404, "not_found", "Documento no encontrado");
    let m = h.manifest();
    let path = format!("/expedientes/detalle/{}", m.examples.document_id);
    let (code, body) = h
        .call_as(
            Method::GET,
            &path,
            &m.tenants[1].api_key,
            &m.tenants[1].workspace_id.to_string(),
        )
        .await;
    assert_eq!(code, StatusCode::NOT_FOUND, "another workspace's file");
    assert_eq!(body["Message"], "Documento no encontrado");
    let (code, body) = h
        .call_as(
            Method::GET,
            &path,
            "sk_wrong",
            &m.tenants[0].workspace_id.to_string(),
        )
        .await;
    assert_eq!(code, StatusCode::UNAUTHORIZED);
    assert_eq!(
        body,
        json!({"code": 401, "status": "forbidden", "message": "No autorizado - Workspace inválido o API Key incorrecta", "data": null})
    );
}

#[tokio::test]
async fn the_large_example_has_fifty_entities_and_two_hundred_documents_that_name_them() {
    let h = Harness::start().await;
    let id = h.manifest().examples.large_document_id;
    let (code, body) = h.detail_v2(id).await;
    assert_eq!(code, StatusCode::OK, "{body}");
    let data = &body["Data"];
    assert_eq!(data["RFC"], h.manifest().examples.large_rfc.as_str());
    let entities = data["Entidades"].as_array().expect("Entidades");
    let of_kind = |kind: &str| entities.iter().filter(|e| e["Tipo"] == kind).count();
    assert_eq!(
        (
            entities.len(),
            of_kind("Representante"),
            of_kind("Sucursal")
        ),
        (50, 20, 30)
    );
    let mut references: Vec<&str> = entities
        .iter()
        .filter(|e| e["Tipo"] == "Sucursal")
        .map(|e| e["Referencia"].as_str().expect("Referencia"))
        .collect();
    references.sort_unstable();
    references.dedup();
    assert_eq!(references.len(), 30, "branch references are distinct");
    let documents = data["Documentos"].as_array().expect("Documentos");
    assert_eq!(documents.len(), 200);
    for document in documents.iter().filter(|d| d["Contexto"] == "Sucursal") {
        let owner = entities
            .iter()
            .find(|e| e["Id"] == document["ReferenciaId"])
            .unwrap_or_else(|| panic!("{document} names no entity"));
        assert_eq!(owner["Tipo"], "Sucursal");
        let reference = owner["Referencia"].as_str().expect("Referencia");
        assert!(
            document["Referencia"]
                .as_str()
                .is_some_and(|r| r.ends_with(reference)),
            "{document}"
        );
    }
}

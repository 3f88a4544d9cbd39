//! The validation rules, as a caller meets them: every failed rule at once, in the
//! service's wording.

use kyb_api::requests::{
    Company, ComplementaryInfoRequest, CorrectionRequest, CreateFileRequest, EnrollmentLinkRequest,
    SectionDecision, TrackingRequest, normalize_rfc,
};
use kyb_api::validate::{self, Failure, Rule};

const DOC: &str = "6f1c2a0e-8b9d-4c3e-9a7f-2d5b8e1c4a90";

#[test]
fn tracking_reports_every_missing_field_with_the_spec_wording() {
    assert_eq!(
        validate::tracking(&TrackingRequest::default()),
        [
            "El campo FlowId es obligatorio",
            "El campo RFC es obligatorio",
            "El campo AgentMail es obligatorio"
        ]
    );
    let bad = TrackingRequest {
        flow_id: "F1".into(),
        rfc: "abc".into(),
        agent_mail: "ana@".into(),
    };
    assert_eq!(
        validate::tracking(&bad),
        ["El RFC no es válido.", "El AgentMail no es válido."]
    );
    let good = TrackingRequest {
        flow_id: "F1".into(),
        rfc: "ABC010203XY9".into(),
        agent_mail: "ana.lopez@example.mx".into(),
    };
    assert!(validate::tracking(&good).is_empty());
}

#[test]
fn rfcs_of_legal_entities_and_natural_persons() {
    for ok in [
        "ABC010203XY9",
        "MOPR850101AB1",
        "ÑAB991231ZZ0",
        "A&B000101AAA",
    ] {
        assert!(validate::is_rfc(ok), "{ok} is an RFC");
    }
    for bad in [
        "abc010203XY9",
        "ABC011303XY9",
        "ABC010200XY9",
        "AB0102031XY9",
        "ABC010203XY",
        "",
    ] {
        assert!(!validate::is_rfc(bad), "{bad} is not an RFC");
    }
}

#[test]
fn enrollment_link_needs_uuids_and_a_valid_agent_mail() {
    let request = EnrollmentLinkRequest {
        document_id: "123".into(),
        person_id: String::new(),
        agent_mail: "x".into(),
    };
    assert_eq!(
        validate::enrollment_link(&request),
        [
            "El DocumentId no es válido.",
            "El campo PersonId es obligatorio",
            "El AgentMail no es válido."
        ]
    );
}

#[test]
fn create_file_needs_a_company_and_checks_contacts() {
    assert_eq!(
        validate::create_file(&CreateFileRequest::default()),
        ["El campo FlowId es obligatorio", "Company es obligatorio."]
    );
    let request = CreateFileRequest {
        flow_id: "F1".into(),
        company: Some(Company {
            company_name: " ".into(),
            company_rfc: Some("XX".into()),
        }),
        contact_phone: Some("55 1234 5678".into()),
        ..CreateFileRequest::default()
    };
    assert_eq!(
        validate::create_file(&request),
        [
            "El campo CompanyName es obligatorio",
            "El RFC no es válido.",
            "El ContactPhone no es válido."
        ]
    );
    let ok = CreateFileRequest {
        flow_id: "F1".into(),
        company: Some(Company {
            company_name: "Tortillería La Güera".into(),
            company_rfc: None,
        }),
        send_sms: Some(true),
        contact_phone: Some("5512345678".into()),
        ..CreateFileRequest::default()
    };
    assert!(validate::create_file(&ok).is_empty());
}

#[test]
fn asking_to_notify_needs_no_contact_but_a_given_email_must_be_an_address() {
    // The spec only says ContactEmail is used when SendEmail is true and that SMS go to
    // ContactPhone: neither flag makes a contact required. A given address must be one
    // (ours: nothing else carries the notification), placed on its field.
    let request = CreateFileRequest {
        flow_id: "F1".into(),
        company: Some(Company {
            company_name: "Tortillería La Güera".into(),
            company_rfc: None,
        }),
        send_email: Some(true),
        send_sms: Some(true),
        ..CreateFileRequest::default()
    };
    assert!(validate::create_file(&request).is_empty());
    for good in ["ventas@laguera.mx", " compras.norte@sub.laguera.com.mx "] {
        let with = CreateFileRequest {
            contact_email: Some(good.into()),
            ..request.clone()
        };
        assert!(validate::create_file(&with).is_empty(), "{good}");
    }
    for bad in [
        "no-es-correo",
        "ventas en la tienda",
        "@laguera.mx",
        "ventas@laguera",
        "ventas@@laguera.mx",
        "ventas@laguera..mx",
        "ven tas@laguera.mx",
    ] {
        let with = CreateFileRequest {
            contact_email: Some(bad.into()),
            ..request.clone()
        };
        assert_eq!(
            validate::create_file_failures(&with),
            [Failure::new("ContactEmail", Rule::Invalid)],
            "{bad}"
        );
        assert_eq!(
            validate::create_file(&with),
            ["El ContactEmail no es válido."]
        );
    }
    // A blank address is no address given.
    let blank = CreateFileRequest {
        contact_email: Some("  ".into()),
        ..request
    };
    assert!(validate::create_file(&blank).is_empty());
}

#[test]
fn an_rfc_typed_in_lower_case_is_checked_and_sent_in_upper_case() {
    assert_eq!(normalize_rfc("  ple150301ab2 "), "PLE150301AB2");
    assert_eq!(normalize_rfc("ñab991231zz0"), "ÑAB991231ZZ0");
    let tracking = TrackingRequest {
        flow_id: "F1".into(),
        rfc: " ple150301ab2".into(),
        agent_mail: "ana.lopez@example.mx".into(),
    };
    // As typed, the SAT's format refuses it; as the client sends it, it passes.
    assert_eq!(validate::tracking(&tracking), ["El RFC no es válido."]);
    let sent = tracking.normalized();
    assert_eq!(sent.rfc, "PLE150301AB2");
    assert!(validate::tracking(&sent).is_empty());

    let create = CreateFileRequest {
        flow_id: "F1".into(),
        company: Some(Company {
            company_name: "Panificadora La Espiga".into(),
            company_rfc: Some("ple150301ab2 ".into()),
        }),
        ..CreateFileRequest::default()
    };
    assert_eq!(validate::create_file(&create), ["El RFC no es válido."]);
    let sent = create.normalized();
    assert_eq!(
        sent.company.as_ref().and_then(|c| c.company_rfc.as_deref()),
        Some("PLE150301AB2")
    );
    assert!(validate::create_file(&sent).is_empty());
    // A blank RFC is no RFC: the optional field is left out.
    let blank = CreateFileRequest {
        company: Some(Company {
            company_name: "Panificadora La Espiga".into(),
            company_rfc: Some("  ".into()),
        }),
        ..create
    };
    let json = serde_json::to_value(blank.normalized()).expect("serializes");
    assert_eq!(
        json["Company"],
        serde_json::json!({"CompanyName": "Panificadora La Espiga"})
    );
}

fn decision(seccion: &str, estatus: &str, comentario: Option<String>) -> SectionDecision {
    SectionDecision {
        seccion: seccion.into(),
        estatus: estatus.into(),
        comentario,
        ..SectionDecision::default()
    }
}

#[test]
fn correction_limits_count_characters_not_bytes() {
    // 500 accented characters are 1000 bytes and still within the limit.
    let at_limit = "é".repeat(500);
    let over = "é".repeat(501);
    let request = CorrectionRequest {
        document_id: DOC.into(),
        secciones: vec![
            decision("ProofAddress", "Rechazada", Some(at_limit)),
            decision("TaxInformations", "Rechazada", Some(over)),
            decision("LegalRepresentative", "Rechazada", None),
            decision("Sucursal", "Aceptado", None),
        ],
        notificar_usuario: None,
        mensaje_general: Some("ñ".repeat(1001)),
    };
    assert_eq!(
        validate::correction(&request),
        [
            "El comentario de la sección TaxInformations no debe exceder 500 caracteres.",
            "El comentario es obligatorio para rechazar la sección LegalRepresentative.",
            "El estatus de la sección Sucursal debe ser Aceptada o Rechazada.",
            "El mensajeGeneral no debe exceder 1000 caracteres."
        ]
    );
}

#[test]
fn correction_takes_one_to_fifty_sections() {
    let with = |n: usize| CorrectionRequest {
        document_id: DOC.into(),
        secciones: (0..n)
            .map(|i| decision(&format!("S{i}"), "Aceptada", None))
            .collect(),
        ..CorrectionRequest::default()
    };
    assert_eq!(
        validate::correction(&with(0)),
        ["Se requieren entre 1 y 50 secciones; se enviaron 0."]
    );
    assert!(validate::correction(&with(1)).is_empty());
    assert!(validate::correction(&with(50)).is_empty());
    assert_eq!(
        validate::correction(&with(51)),
        ["Se requieren entre 1 y 50 secciones; se enviaron 51."]
    );
}

#[test]
fn complementary_information_rules() {
    let request = ComplementaryInfoRequest {
        document_id: String::new(),
        flow_id: String::new(),
        notificar_usuario: None,
        mensaje_adicional: Some("a".repeat(1000)),
    };
    assert_eq!(
        validate::complementary_info(&request),
        [
            "El campo documentId es obligatorio",
            "El campo flowId es obligatorio"
        ]
    );
    let long = ComplementaryInfoRequest {
        document_id: DOC.into(),
        flow_id: "F".into(),
        notificar_usuario: None,
        mensaje_adicional: Some("a".repeat(1001)),
    };
    assert_eq!(
        validate::complementary_info(&long),
        ["El mensajeAdicional no debe exceder 1000 caracteres."]
    );
}

#[test]
fn wire_names_match_the_spec_casing() {
    let json = serde_json::to_value(TrackingRequest {
        flow_id: "F".into(),
        rfc: "R".into(),
        agent_mail: "a@b.c".into(),
    })
    .expect("serializes");
    assert_eq!(
        json,
        serde_json::json!({"FlowID": "F", "RFC": "R", "AgentMail": "a@b.c"})
    );
    let json = serde_json::to_value(decision("Sucursal", "Rechazada", Some("x".into())))
        .expect("serializes");
    assert_eq!(
        json,
        serde_json::json!({"seccion": "Sucursal", "estatus": "Rechazada", "comentario": "x"})
    );
    let json = serde_json::to_value(ComplementaryInfoRequest {
        document_id: DOC.into(),
        flow_id: "F".into(),
        notificar_usuario: Some(false),
        mensaje_adicional: None,
    })
    .expect("serializes");
    assert_eq!(
        json,
        serde_json::json!({"documentId": DOC, "flowId": "F", "notificarUsuario": false})
    );
}

#[test]
fn folios_are_letters_digits_dashes_and_underscores() {
    for ok in ["VD-00000005", "vd_1", "A", &"9".repeat(64), " VD-1 "] {
        assert!(validate::folio(ok).is_empty(), "{ok}");
    }
    assert_eq!(validate::folio("  "), ["El campo Folio es obligatorio"]);
    for bad in [
        ".",
        "..",
        "/",
        "VD/1",
        "VD 1",
        "VD%2F1",
        "%2e%2e",
        "VD-1?x",
        "VD-1#",
        "VD-Ñ1",
        &"9".repeat(65),
    ] {
        assert_eq!(validate::folio(bad), ["El Folio no es válido."], "{bad:?}");
    }
}

#[test]
fn each_failure_names_its_field_rule_and_limit() {
    use validate::LIMITS;
    let create = CreateFileRequest {
        flow_id: " ".into(),
        company: Some(Company {
            company_name: String::new(),
            company_rfc: Some("XX".into()),
        }),
        contact_phone: Some("55".into()),
        ..CreateFileRequest::default()
    };
    assert_eq!(
        validate::create_file_failures(&create),
        [
            Failure::new("FlowId", Rule::Required),
            Failure::new("CompanyName", Rule::Required),
            Failure::new("RFC", Rule::Invalid),
            Failure::new("ContactPhone", Rule::Invalid),
        ]
    );
    assert_eq!(
        validate::create_file_failures(&CreateFileRequest::default())[1],
        Failure::new("Company", Rule::Required)
    );
    let correction = CorrectionRequest {
        document_id: "no".into(),
        secciones: vec![
            decision("ProofAddress", "Rechazada", Some("é".repeat(501))),
            decision(" ", "Aceptada", None),
            SectionDecision {
                entidad_id: Some("x".into()),
                ..decision("Sucursal", "aceptada", None)
            },
            decision("TaxInformations", "Rechazada", Some(" ".into())),
        ],
        notificar_usuario: None,
        mensaje_general: Some("ñ".repeat(1001)),
    };
    assert_eq!(
        validate::correction_failures(&correction),
        [
            Failure::new("documentId", Rule::Invalid),
            Failure::new("comentario", Rule::TooLong)
                .with_limit(500)
                .in_section("ProofAddress"),
            Failure::new("seccion", Rule::Required).at_position(2),
            Failure::new("estatus", Rule::NotAVerdict).in_section("Sucursal"),
            Failure::new("entidadId", Rule::Invalid).in_section("Sucursal"),
            Failure::new("comentario", Rule::Required).in_section("TaxInformations"),
            Failure::new("mensajeGeneral", Rule::TooLong).with_limit(1000),
        ]
    );
    let counted = |n: usize| CorrectionRequest {
        document_id: DOC.into(),
        secciones: vec![decision("S", "Aceptada", None); n],
        ..CorrectionRequest::default()
    };
    assert_eq!(
        validate::correction_failures(&counted(0)),
        [Failure::new("secciones", Rule::TooFew)
            .with_limit(LIMITS.sections_min)
            .with_sent(0)]
    );
    assert_eq!(
        validate::correction_failures(&counted(51)),
        [Failure::new("secciones", Rule::TooMany)
            .with_limit(LIMITS.sections_max)
            .with_sent(51)]
    );
    let complementary = ComplementaryInfoRequest {
        document_id: DOC.into(),
        flow_id: "F".into(),
        notificar_usuario: None,
        mensaje_adicional: Some("a".repeat(1001)),
    };
    assert_eq!(
        validate::complementary_info_failures(&complementary),
        [Failure::new("mensajeAdicional", Rule::TooLong).with_limit(1000)]
    );
    assert_eq!(
        validate::enrollment_link_failures(&EnrollmentLinkRequest::default()),
        [
            Failure::new("DocumentId", Rule::Required),
            Failure::new("PersonId", Rule::Required),
            Failure::new("AgentMail", Rule::Required),
        ]
    );
    assert_eq!(
        validate::tracking_failures(&TrackingRequest {
            flow_id: "F".into(),
            rfc: "abc".into(),
            agent_mail: "ana@".into(),
        }),
        [
            Failure::new("RFC", Rule::Invalid),
            Failure::new("AgentMail", Rule::Invalid),
        ]
    );
    assert_eq!(
        validate::folio_failures("VD/1"),
        [Failure::new("Folio", Rule::Invalid)]
    );
    assert_eq!(
        validate::document_id_failures("DocumentId", ""),
        [Failure::new("DocumentId", Rule::Required)]
    );
    // In words, each failure is the message the check has always given.
    assert_eq!(
        validate::messages(&validate::correction_failures(&correction)),
        validate::correction(&correction)
    );
}

#[test]
fn the_limits_cross_as_one_value() {
    assert_eq!(
        serde_json::to_value(validate::LIMITS).expect("serializes"),
        serde_json::json!({
            "sectionsMin": 1, "sectionsMax": 50, "commentMaxChars": 500,
            "messageMaxChars": 1000, "phoneDigits": 10, "folioMaxChars": 64
        })
    );
    assert_eq!(validate::SECCIONES_MAX, 50);
    assert_eq!(validate::COMENTARIO_MAX_CHARS, 500);
    assert_eq!(validate::MENSAJE_MAX_CHARS, 1000);
    assert_eq!(validate::PHONE_DIGITS, 10);
    assert_eq!(validate::FOLIO_MAX_CHARS, 64);
}

#[test]
fn a_rejection_is_sent_as_the_spec_spells_it() {
    assert_eq!(validate::REJECTED, "Rechazada");
}

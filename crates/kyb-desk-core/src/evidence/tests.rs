use kyb_api::file::SectionId;
use kyb_api::models::detail::DetailV2;
use serde_json::json;

use super::*;

/// Every section identifier the spec lists (detail, version 2).
const SPEC_SECTIONS: [&str; 27] = kyb_api::file::LISTED_IN_SPEC;

const REP: &str = "5a4e3c2b-1d0f-4e9a-8b7c-6d5e4f3a2b1c";
const BRANCH: &str = "7b4e3c2b-1d0f-4e9a-8b7c-6d5e4f3a2b1d";

/// A file as the spec shapes it: a representative whose face did not match, whose
/// credential the voter list did not find and whose name the CURP authority spells
/// otherwise; a branch with photos and its own proof of address; an edited proof of
/// address; a deed whose shares add up to 90; a negative compliance opinion.
fn detail() -> DetailV2 {
    serde_json::from_value(json!({
        "ExpedienteId": "2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10",
        "Secciones": SPEC_SECTIONS,
        "Entidades": [
            {
                "Tipo": "Representante", "Referencia": "María Hernández López", "Id": REP,
                "Datos": { "Nombre": "María", "ApellidoPaterno": "Hernández", "ApellidoMaterno": "López",
                           "CURP": "HELM800101MDFRPR03", "RFC": "HELM800101AB5" },
                "Validaciones": [
                    { "Tipo": "Curp", "Entidad": "RENAPO", "Resultado": true, "Estatus": "Validado",
                      "Detalles": { "CURP": "HELM800101MDFRPR03", "Nombres": "MARIANA", "PrimerApellido": "HERNANDEZ",
                                    "SegundoApellido": "LOPEZ", "FechaNacimiento": "1980-01-02" } },
                    { "Tipo": "ListaNominal", "Entidad": "INE", "Resultado": false, "Estatus": "No encontrado" },
                    { "Tipo": "Biometrico", "Entidad": "Proveedor", "Resultado": false, "Estatus": "Completado",
                      "Detalles": { "StatusOperation": "Completado" } }
                ]
            },
            {
                "Tipo": "Sucursal", "Referencia": "Sucursal Matriz", "Id": BRANCH,
                "Datos": { "NombreComercial": "La Espiga", "ImagenesInteriores": ["https://files.example.mx/i1.png"],
                           "ImagenesExteriores": ["https://files.example.mx/e1.png", ""] }
            }
        ],
        "Documentos": [
            { "Categoria": "Domicilio", "Contexto": "Expediente", "Referencia": "Comprobante de domicilio",
              "TipoDocumento": "Comprobante",
              "Validaciones": [{ "Tipo": "Alteracion", "Resultado": false, "DocumentoEditado": true, "NivelRiesgo": "Alto",
                                 "Indicadores": [{ "Codigo": "FONT-02" }, { "Codigo": "EDIT-01" }] }],
              "Archivo": { "URL": "https://files.example.mx/comprobante.pdf" } },
            { "Categoria": "Domicilio", "Contexto": "Sucursal", "Referencia": "Sucursal Matriz", "ReferenciaId": BRANCH,
              "TipoDocumento": "Comprobante", "Validaciones": [{ "Tipo": "Alteracion", "Resultado": true, "NivelRiesgo": "Bajo", "DocumentoEditado": false }],
              "Archivo": { "URL": "https://files.example.mx/sucursal.png" } },
            { "Categoria": "Legal", "Contexto": "Expediente", "Referencia": "Acta constitutiva", "TipoDocumento": "ActaConstitutiva",
              "AnalisisGeneral": { "EsActa": true },
              "OrganosInternos": { "Accionistas": [{ "Nombre": "A", "Porcentaje": 60 }, { "Nombre": "B", "Porcentaje": "30 %" }] },
              "Archivo": { "URL": "https://files.example.mx/acta.pdf" } },
            { "Categoria": "Fiscal", "TipoDocumento": "OpinionCumplimiento", "Referencia": "Opinión de cumplimiento",
              "Validaciones": [{ "Tipo": "Opinion", "Resultado": false, "Estatus": "Negativa" }],
              "Archivo": null }
        ]
    }))
    .expect("a detail")
}

/// Today fixed, and the policy's defaults.
fn ctx() -> CheckContext {
    CheckContext {
        today: chrono::NaiveDate::from_ymd_opt(2026, 12, 4).expect("a date"),
        rules: crate::policy::checks::CheckRules::default(),
        screening: None,
    }
}

fn kinds(evidence: &FileEvidence, section: &str) -> Vec<FindingKind> {
    evidence
        .section(section)
        .unwrap_or_else(|| panic!("{section} has evidence"))
        .findings
        .iter()
        .map(|f| f.kind)
        .collect()
}

#[test]
fn every_section_the_spec_lists_has_its_rule_or_no_evidence_known() {
    for raw in SPEC_SECTIONS {
        let rule = EvidenceRule::of(&SectionId::parse(raw));
        let expected_none = raw.starts_with("Asamblea");
        assert_eq!(
            rule == EvidenceRule::NoneKnown,
            expected_none,
            "{raw}: {rule:?}"
        );
    }
    let evidence = gather(Some(&detail()), None, &ctx(), |url| url.to_owned());
    // Limit suffixes are no sections of their own; every other identifier is there.
    assert_eq!(evidence.sections.len(), SPEC_SECTIONS.len() - 2);
    assert!(evidence.section("ProofAddressLimit:2").is_none());
}

#[test]
fn an_unknown_or_malformed_section_never_fails_and_has_no_evidence_known() {
    let mut odd = detail();
    odd.secciones = vec![
        "SeccionNueva".into(),
        "".into(),
        "   ".into(),
        "Limit:".into(),
        "ñ".repeat(500),
        "ProofAddressLimit:x".into(),
    ];
    let evidence = gather(Some(&odd), None, &ctx(), |url| url.to_owned());
    let nueva = evidence.section("SeccionNueva").expect("listed");
    assert_eq!(nueva.rule, EvidenceRule::NoneKnown);
    assert!(nueva.documents.is_empty() && nueva.findings.is_empty());
    // No detail at all (a file with version 1 only): tracking's sections, none known.
    let bare = gather(None, None, &ctx(), |url| url.to_owned());
    assert!(bare.sections.is_empty());
    assert_eq!(bare.summary, RiskSummary::default());
}

#[test]
fn the_edited_proof_of_address_is_a_high_finding_that_asks_for_an_acknowledgement() {
    let evidence = gather(Some(&detail()), None, &ctx(), |url| url.to_owned());
    let proof = evidence.section("ProofAddressObligatorio").expect("there");
    assert_eq!(proof.rule, EvidenceRule::ProofOfAddress);
    // The file's own proof, not the branch's.
    assert_eq!(proof.documents, vec![0]);
    assert_eq!(proof.findings[0].kind, FindingKind::DocumentEdited);
    assert_eq!(proof.findings[0].severity, Severity::High);
    assert_eq!(proof.findings[0].codes, vec!["FONT-02", "EDIT-01"]);
    assert!(proof.needs_acknowledgement);
    assert_eq!(
        evidence.documents[0].file.as_deref(),
        Some("https://files.example.mx/comprobante.pdf")
    );
}

#[test]
fn a_person_s_failed_checks_and_mismatches_land_on_the_sections_that_judge_them() {
    let evidence = gather(Some(&detail()), None, &ctx(), |url| url.to_owned());
    // The representative's section: the voter list and the name the CURP authority
    // spells otherwise, with the birth date the CURP encodes (2 fields).
    let person = kinds(&evidence, "LegalRepresentativeObligatorio");
    assert_eq!(
        person,
        vec![FindingKind::NotOnVoterList, FindingKind::NameMismatch]
    );
    let mismatch = &evidence
        .section("LegalRepresentativeObligatorio")
        .expect("there")
        .findings[1];
    assert_eq!((mismatch.count, mismatch.entity), (2, Some(0)));
    // The biometric section: the face that did not match, though its status says done.
    assert_eq!(
        kinds(&evidence, "ValidacionBiometrica"),
        vec![FindingKind::FaceMismatch]
    );
    assert!(
        evidence
            .section("ValidacionBiometrica")
            .expect("there")
            .needs_acknowledgement
    );
    // The powers section names the representatives without judging them again.
    assert!(kinds(&evidence, "PoderesRepresentanteLegal").is_empty());
    assert_eq!(
        evidence
            .section("PoderesRepresentanteLegal")
            .expect("there")
            .entities,
        vec![0]
    );
}

#[test]
fn the_branch_has_its_photos_and_proof_and_the_deed_its_shares() {
    let evidence = gather(Some(&detail()), None, &ctx(), |url| format!("h:{url}"));
    let branch = evidence.section("Sucursal").expect("there");
    assert_eq!(
        (branch.rule, &branch.entities, &branch.documents),
        (EvidenceRule::Branch, &vec![1], &vec![1])
    );
    // Empty addresses are no photos.
    assert_eq!(
        evidence.entities[1].photos,
        vec![
            "h:https://files.example.mx/i1.png",
            "h:https://files.example.mx/e1.png"
        ]
    );
    let deed = evidence
        .section("ActaConstitutivaObligatorio")
        .expect("there");
    assert!(deed.deed);
    assert_eq!(
        kinds(&evidence, "ActaConstitutivaObligatorio"),
        vec![FindingKind::SharesDoNotAddUp]
    );
    // The opinion is negative and has no file; tax information covers it too.
    assert_eq!(
        kinds(&evidence, "OpinionObligatorio"),
        vec![FindingKind::OpinionNegative, FindingKind::NoFile]
    );
    assert_eq!(
        kinds(&evidence, "TaxInformations")[0],
        FindingKind::OpinionNegative
    );
    // No tax certificate, no bank statement in this file: said, at low severity.
    assert_eq!(
        kinds(&evidence, "CertificadoSAT"),
        vec![FindingKind::NoDocument]
    );
    assert_eq!(
        kinds(&evidence, "BankStatement"),
        vec![FindingKind::NoDocument]
    );
}

#[test]
fn the_summary_counts_each_thing_found_once_however_many_sections_show_it() {
    let evidence = gather(Some(&detail()), None, &ctx(), |url| url.to_owned());
    let s = evidence.summary;
    // The negative opinion shows in its own section and in tax information: once.
    let opinions = evidence
        .sections
        .iter()
        .flat_map(|x| &x.findings)
        .filter(|f| f.kind == FindingKind::OpinionNegative)
        .count();
    assert_eq!(opinions, 2);
    let mut distinct = std::collections::HashSet::new();
    for section in &evidence.sections {
        for f in &section.findings {
            let own = (f.document.is_none() && f.entity.is_none()).then_some(&section.section);
            distinct.insert((f.kind, f.document, f.entity, own));
        }
    }
    assert_eq!(s.high + s.medium + s.low, distinct.len() as u32);
    assert_eq!(s.level, Some(Severity::High));
    assert_eq!(
        s.sections_flagged,
        evidence
            .sections
            .iter()
            .filter(|x| !x.findings.is_empty())
            .count() as u32
    );
}

#[test]
fn a_flagged_document_no_section_covers_is_said_at_the_file_s_level() {
    let mut odd = detail();
    odd.documentos.push(
        serde_json::from_value(json!({
            "TipoDocumento": "INE", "Referencia": "Credencial del representante",
            "Validaciones": [{ "Tipo": "Alteracion", "DocumentoEditado": true, "NivelRiesgo": "Alto",
                               "Indicadores": [{ "Codigo": "EDIT-01" }] }],
            "Archivo": null
        }))
        .expect("a document"),
    );
    let evidence = gather(Some(&odd), None, &ctx(), |url| url.to_owned());
    let unassigned: Vec<FindingKind> = evidence.unassigned.iter().map(|f| f.kind).collect();
    // Its alteration, not its missing file (nobody reviews it as a section's document).
    assert_eq!(unassigned, vec![FindingKind::DocumentEdited]);
    assert_eq!(evidence.unassigned[0].document, Some(4));
    let before = gather(Some(&detail()), None, &ctx(), |url| url.to_owned()).summary;
    assert_eq!(evidence.summary.high, before.high + 1);
}

#[test]
fn an_entity_offers_at_most_its_share_of_photos() {
    let mut many = detail();
    let photos: Vec<String> = (0..1000)
        .map(|n| format!("https://files.example.mx/{n}.png"))
        .collect();
    many.entidades[1]
        .datos
        .as_mut()
        .expect("data")
        .imagenes_interiores = photos;
    let evidence = gather(Some(&many), None, &ctx(), |url| url.to_owned());
    assert_eq!(evidence.entities[1].photos.len(), MAX_PHOTOS);
    assert_eq!(
        evidence.entities[1].more_photos,
        1000 + 1 - MAX_PHOTOS as u32
    );
}

#[test]
fn names_are_compared_without_accents_case_or_blanks() {
    assert_eq!(checks::fold("  JOSÉ   Ñúñez "), "jose nunez");
    assert_eq!(
        checks::birth_date_of_curp("helm800101mdfrpr09").as_deref(),
        Some("1980-01-01")
    );
    assert_eq!(
        checks::birth_date_of_curp("HELM050101MDFRPRA9").as_deref(),
        Some("2005-01-01")
    );
    assert_eq!(checks::birth_date_of_curp("corto"), None);
}

/// A representative as the detail's screens show one, checked by the CURP authority.
fn checked_representative(details: serde_json::Value) -> kyb_api::models::detail::Entity {
    serde_json::from_value(json!({
        "Tipo": "Representante", "Referencia": "María", "Id": "1",
        "Datos": { "Nombre": "María José", "ApellidoPaterno": "Hernández", "ApellidoMaterno": "López",
                   "CURP": "HELM850101MDFRPR09", "RFC": "HELM850101AB1" },
        "Validaciones": [{ "Tipo": "Curp", "Entidad": "RENAPO", "Resultado": true, "Estatus": "ok", "Detalles": details }]
    }))
    .expect("an entity")
}

#[test]
fn the_same_name_in_other_case_accents_or_spacing_is_no_difference() {
    let same = checked_representative(json!({
        "Nombres": "MARIA  JOSE", "PrimerApellido": "HERNANDEZ", "SegundoApellido": "LOPEZ",
        "CURP": "helm850101mdfrpr09", "FechaNacimiento": "1985-01-01"
    }));
    assert_eq!(checks::mismatches(&same), vec![]);
}

#[test]
fn each_differing_field_is_named_with_both_values_and_its_source() {
    let differs = checked_representative(json!({
        "Nombres": "MARIA", "PrimerApellido": "HERNANDEZ",
        "CURP": "HELM850101MDFRPR08", "FechaNacimiento": "1985-02-01"
    }));
    let found: Vec<(CheckedField, String, String, String)> = checks::mismatches(&differs)
        .into_iter()
        .map(|m| (m.field, m.entered, m.authority, m.source))
        .collect();
    assert_eq!(
        found,
        vec![
            (
                CheckedField::Nombre,
                "María José".into(),
                "MARIA".into(),
                "Curp".into()
            ),
            (
                CheckedField::Curp,
                "HELM850101MDFRPR09".into(),
                "HELM850101MDFRPR08".into(),
                "Curp".into()
            ),
            (
                CheckedField::FechaNacimiento,
                "1985-01-01".into(),
                "1985-02-01".into(),
                "Curp".into()
            ),
        ]
    );
    assert_eq!(checks::mismatched_fields(&checks::mismatches(&differs)), 3);
}

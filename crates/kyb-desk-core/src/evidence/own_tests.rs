//! The desk's own checks as findings: identifiers, the file's documents against each
//! other, and the deed's owners. The identifiers are the SAT's and RENAPO's published
//! examples (`kyb_api::identifiers::tests`) or broken from them by hand.

use serde_json::{Value, json};

use super::*;
use crate::policy::checks::CheckRules;

fn ctx() -> CheckContext {
    CheckContext {
        today: chrono::NaiveDate::from_ymd_opt(2026, 12, 4).expect("a date"),
        rules: CheckRules::default(),
        screening: None,
    }
}

const SECTIONS: [&str; 3] = ["LegalRepresentative", "ActaConstitutiva", "ProofAddress"];

/// A company "Escuela Kemper Urgate" (the SAT's test RFC EKU9003173C9, constituted 17
/// March 1990) with one representative, Gloria Hernández García (RENAPO's worked
/// example), a deed and a proof of address.
fn file(shareholders: Value, deed: Value, person: Value, proof: Value) -> DetailV2 {
    let mut analysis = json!({ "EsActa": true, "RazonDenominacionSociedad": "ESCUELA KEMPER URGATE, S.A. DE C.V.",
                               "FechaConstitucion": "17 de marzo de 1990" });
    if let (Some(a), Some(d)) = (analysis.as_object_mut(), deed.as_object()) {
        a.extend(d.clone());
    }
    let mut data = json!({ "Nombre": "Gloria", "ApellidoPaterno": "Hernández", "ApellidoMaterno": "García",
                           "CURP": "HEGG560427MVZRRL04", "RFC": "HEGG560427AB3" });
    if let (Some(a), Some(p)) = (data.as_object_mut(), person.as_object()) {
        a.extend(p.clone());
    }
    let mut receipt = json!({ "TipoDocumento": "Comprobante", "Contexto": "Expediente", "Referencia": "Recibo de luz",
                              "NombreTitular": "Escuela Kemper Urgate SA de CV", "Fechas": { "Emision": "2026-11-02" },
                              "Archivo": { "URL": "https://files.example.mx/luz.pdf" } });
    if let (Some(a), Some(p)) = (receipt.as_object_mut(), proof.as_object()) {
        a.extend(p.clone());
    }
    serde_json::from_value(json!({
        "ExpedienteId": "2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10",
        "Secciones": SECTIONS,
        "Cliente": "Escuela Kemper Urgate",
        "RFC": "EKU9003173C9",
        "Entidades": [{ "Tipo": "Representante", "Referencia": "Gloria", "Datos": data }],
        "Documentos": [
            { "TipoDocumento": "ActaConstitutiva", "Referencia": "Acta", "AnalisisGeneral": analysis,
              "OrganosInternos": { "Accionistas": shareholders,
                                    "Administracion": { "RegimenAdministracion": "Consejo de Administración",
                                                        "Integrantes": [{ "Nombre": "Gloria Hernández García", "RFC": "HEGG560427AB3" }] },
                                    "OrganoVigilancia": { "TipoOrganoVigilancia": "Comisario", "Nombre": "Luis Ruiz" } },
              "Archivo": { "URL": "https://files.example.mx/acta.pdf" } },
            receipt
        ]
    }))
    .expect("a detail")
}

fn two_owners() -> Value {
    json!([
        { "Nombre": "Gloria Hernández García", "RFC": "HEGG560427AB3", "Porcentaje": 90,
          "CapitalFijo": 45000, "CapitalVariable": "$45,000.00", "Total": 90000 },
        { "Nombre": "Luis Ruiz", "Porcentaje": "10 %", "CapitalFijo": 5000, "CapitalVariable": 5000, "Total": 10000 }
    ])
}

fn kinds(evidence: &FileEvidence, section: &str) -> Vec<FindingKind> {
    evidence
        .section(section)
        .map(|s| s.findings.iter().map(|f| f.kind).collect())
        .unwrap_or_default()
}

fn own(evidence: &FileEvidence) -> Vec<(String, FindingKind)> {
    evidence
        .sections
        .iter()
        .flat_map(|s| s.findings.iter().map(move |f| (s.section.clone(), f.kind)))
        .chain(evidence.unassigned.iter().map(|f| (String::new(), f.kind)))
        .filter(|(_, k)| source_of(*k).is_some())
        .collect()
}

#[test]
fn a_consistent_file_has_no_finding_of_the_desks_own() {
    let detail = file(two_owners(), json!({}), json!({}), json!({}));
    let evidence = gather(Some(&detail), None, &ctx(), |u| u.to_owned());
    assert_eq!(own(&evidence), vec![]);
}

#[test]
fn identifiers_broken_by_hand_are_findings_on_the_persons_section() {
    // Another last digit of each, and an RFC of another birth date.
    let detail = file(
        two_owners(),
        json!({}),
        json!({ "CURP": "HEGG560427MVZRRL05", "RFC": "HEGG560428AB1" }),
        json!({}),
    );
    let evidence = gather(Some(&detail), None, &ctx(), |u| u.to_owned());
    let person = kinds(&evidence, "LegalRepresentative");
    assert!(
        person.contains(&FindingKind::IdentifierCheckDigit),
        "{person:?}"
    );
    assert!(person.contains(&FindingKind::RfcCurpDisagree), "{person:?}");
    let section = evidence.section("LegalRepresentative").expect("there");
    let curp = section
        .findings
        .iter()
        .find(|f| f.codes.first().map(String::as_str) == Some("CURP"))
        .expect("the CURP's finding");
    // A CURP's wrong digit weighs more than an RFC's (the SAT issued some of those).
    assert_eq!((curp.severity, curp.entity), (Severity::Medium, Some(0)));
    assert_eq!(
        curp.codes,
        vec!["CURP", "HEGG560427MVZRRL05", "check_digit"]
    );
    assert!(curp.source.as_deref().is_some_and(|s| s.contains("RENAPO")));
    // Not on the deed, nor twice.
    assert!(!kinds(&evidence, "ActaConstitutiva").contains(&FindingKind::IdentifierCheckDigit));
}

#[test]
fn a_curp_of_other_names_than_renapos_is_a_finding() {
    let detail = file(
        two_owners(),
        json!({}),
        json!({ "Nombre": "Graciela", "ApellidoPaterno": "Rodríguez" }),
        json!({}),
    );
    let evidence = gather(Some(&detail), None, &ctx(), |u| u.to_owned());
    let f = evidence
        .section("LegalRepresentative")
        .and_then(|s| {
            s.findings
                .iter()
                .find(|f| f.kind == FindingKind::CurpNamesDisagree)
        })
        .expect("the names' finding");
    assert_eq!(f.codes, vec!["HEGG560427MVZRRL04", "ROGG"]);
}

#[test]
fn the_deed_against_the_company_rfc_and_name() {
    let detail = file(
        two_owners(),
        json!({ "FechaConstitucion": "1990-03-18", "RazonDenominacionSociedad": "Comercializadora Fantasma SA de CV" }),
        json!({}),
        json!({}),
    );
    let evidence = gather(Some(&detail), None, &ctx(), |u| u.to_owned());
    let deed = kinds(&evidence, "ActaConstitutiva");
    assert!(deed.contains(&FindingKind::CompanyRfcDate), "{deed:?}");
    assert!(deed.contains(&FindingKind::DeedCompanyName), "{deed:?}");
    // The legal form and case alone are no difference (the consistent file above).
}

#[test]
fn a_proof_of_someone_else_and_older_than_the_policy_allows() {
    let detail = file(
        two_owners(),
        json!({}),
        json!({}),
        json!({ "NombreTitular": "Pedro Páramo", "Fechas": { "Emision": "2026-08-31" } }),
    );
    let evidence = gather(Some(&detail), None, &ctx(), |u| u.to_owned());
    assert_eq!(
        kinds(&evidence, "ProofAddress"),
        vec![FindingKind::ProofHolder, FindingKind::ProofStale]
    );
    // A representative's name is a holder the file knows; four months is within a
    // policy of six.
    let mut lenient = ctx();
    lenient.rules.proof_of_address_max_months = 6;
    let detail = file(
        two_owners(),
        json!({}),
        json!({}),
        json!({ "NombreTitular": "GLORIA HERNANDEZ GARCIA", "Fechas": { "Emision": "2026-08-31" } }),
    );
    let evidence = gather(Some(&detail), None, &lenient, |u| u.to_owned());
    assert_eq!(kinds(&evidence, "ProofAddress"), vec![]);
}

#[test]
fn the_owners_arithmetic_and_a_shareholder_that_is_a_company() {
    let detail = file(
        json!([
            { "Nombre": "Gloria Hernández García", "Porcentaje": 60, "CapitalFijo": 30000, "CapitalVariable": 20000, "Total": 60000 },
            { "Nombre": "Inversiones Fantasma SA de CV", "RFC": "IFA150301AB4", "Porcentaje": 30, "CapitalFijo": 20000, "CapitalVariable": 10000, "Total": 30000 }
        ]),
        json!({}),
        json!({}),
        json!({}),
    );
    let evidence = gather(Some(&detail), None, &ctx(), |u| u.to_owned());
    let deed = evidence.section("ActaConstitutiva").expect("there");
    let found: Vec<(FindingKind, Option<&str>)> = deed
        .findings
        .iter()
        .map(|f| (f.kind, f.subject.as_deref()))
        .collect();
    // 60 + 30 is not 100; 30,000 + 20,000 is not 60,000; 60,000 of 90,000 is 66.67 %,
    // not 60; the company's owners are unknown.
    for expected in [
        (FindingKind::SharesDoNotAddUp, Some("Acta")),
        (
            FindingKind::CapitalDoesNotAddUp,
            Some("Gloria Hernández García"),
        ),
        (
            FindingKind::CapitalDisagreesWithShares,
            Some("Gloria Hernández García"),
        ),
        (
            FindingKind::CompanyShareholder,
            Some("Inversiones Fantasma SA de CV"),
        ),
    ] {
        assert!(found.contains(&expected), "{expected:?} in {found:?}");
    }
    // Two shareholders' findings of one kind count twice in the summary.
    let ownership = evidence.ownership.as_ref().expect("the deed's owners");
    assert_eq!(ownership.total_percent, Some(90.0));
    assert!(ownership.owners[1].company);
}

#[test]
fn controllers_are_those_at_or_over_the_policys_threshold() {
    let detail = file(
        json!([
            { "Nombre": "A", "Porcentaje": 70 }, { "Nombre": "B", "Porcentaje": 15 },
            { "Nombre": "C", "Porcentaje": 14.99 }, { "Nombre": "D", "Porcentaje": "0.01" }
        ]),
        json!({}),
        json!({}),
        json!({}),
    );
    let controls = |threshold: u32| {
        let mut c = ctx();
        c.rules.owner_threshold_percent = threshold;
        let evidence = gather(Some(&detail), None, &c, |u| u.to_owned());
        let ownership = evidence.ownership.expect("owners");
        ownership
            .owners
            .iter()
            .filter(|o| o.controls)
            .map(|o| o.name.clone())
            .collect::<Vec<_>>()
    };
    // The CFF's 15 % (the default) and the banks' 25 %.
    assert_eq!(controls(15), vec!["A", "B"]);
    assert_eq!(controls(25), vec!["A"]);
    let detail_officers = gather(Some(&detail), None, &ctx(), |u| u.to_owned())
        .ownership
        .expect("owners");
    assert_eq!(
        detail_officers.administrators[0].rfc.as_deref(),
        Some("HEGG560427AB3")
    );
    assert_eq!(
        detail_officers.oversight[0].role.as_deref(),
        Some("Comisario")
    );
}

//! Every failed check of a section's evidence as a [`Finding`] with its severity:
//!
//! | Finding | Severity |
//! |---|---|
//! | a document edited (`DocumentoEditado`), a negative compliance opinion, a face that did not match, a credential not on the voter list, a CURP the authority did not validate | high |
//! | an alteration risk rated high without an edit | high |
//! | an alteration risk rated medium, another failed document or entity check, a deed that is not one, shares that do not add up, fields that differ from an authority's, tracking's "Requiere Atención" | medium |
//! | a biometric validation still pending, a document without a file, a section with none of its documents | low |

use kyb_api::file::SectionStatus;
use kyb_api::models::detail::{DetailV2, Document, ValidationKind};

use super::checks::{self, Verdict, fold, mismatched_fields};
use super::rules::{Covered, EvidenceRule};
use super::{EntityEvidence, Finding, FindingKind, OwnFinding, Severity, Target};

fn finding(kind: FindingKind, severity: Severity) -> Finding {
    Finding::new(kind, severity)
}

pub(super) fn of_section(
    rule: EvidenceRule,
    covered: &Covered,
    detail: &DetailV2,
    entities: &[EntityEvidence],
    own: &[OwnFinding],
    status: Option<&SectionStatus>,
) -> Vec<Finding> {
    let mut found = Vec::new();
    for &index in &covered.documents {
        if let Some(doc) = detail.documentos.get(index as usize) {
            found.extend(of_document_at(index, doc, rule));
        }
    }
    // The desk's own checks: a document's in the sections that judge it (the deed's
    // in its own section, not again in the powers'), a person's in the person's.
    for (target, f) in own {
        let shown = match *target {
            Target::Document(index) => {
                covered.documents.contains(&index)
                    && matches!(rule, EvidenceRule::Deed | EvidenceRule::ProofOfAddress)
            }
            Target::Entity(index) => {
                covered.entities.contains(&index) && rule == EvidenceRule::Person
            }
            Target::File => false,
        };
        if !shown {
            continue;
        }
        let mut f = f.clone();
        match *target {
            Target::Document(index) => {
                f.document = Some(index);
                let doc = &detail.documentos[index as usize];
                f.subject = f.subject.or_else(|| {
                    doc.referencia
                        .clone()
                        .or_else(|| doc.tipo_documento.clone())
                });
            }
            Target::Entity(index) => {
                f.entity = Some(index);
                f.subject = detail.entidades[index as usize].referencia.clone();
            }
            Target::File => {}
        }
        found.push(f);
    }
    if rule.expects_documents() && covered.documents.is_empty() {
        found.push(finding(FindingKind::NoDocument, Severity::Low));
    }
    for &index in &covered.entities {
        let Some(entity) = detail.entidades.get(index as usize) else {
            continue;
        };
        let checks = entities.get(index as usize);
        for mut f in of_entity(entity, checks, rule) {
            f.entity = Some(index);
            f.subject = entity.referencia.clone();
            found.push(f);
        }
    }
    if status == Some(&SectionStatus::RequiereAtencion) {
        let mut f = finding(FindingKind::AutomaticCheckFailed, Severity::Medium);
        f.codes = vec![SectionStatus::RequiereAtencion.as_str().to_owned()];
        found.push(f);
    }
    // Most severe first; among equals, in the order found.
    found.sort_by_key(|f| std::cmp::Reverse(f.severity));
    found
}

/// The failed checks of documents no section covers (missing files aside: a document
/// nobody reviews is no missing evidence).
pub(super) fn of_unassigned(
    detail: &DetailV2,
    covered: &std::collections::HashSet<u32>,
) -> Vec<Finding> {
    let mut found = Vec::new();
    for (index, doc) in detail.documentos.iter().enumerate() {
        let index = index as u32;
        if covered.contains(&index) {
            continue;
        }
        found.extend(
            of_document_at(index, doc, EvidenceRule::NoneKnown)
                .filter(|f| f.kind != FindingKind::NoFile),
        );
    }
    found.sort_by_key(|f| std::cmp::Reverse(f.severity));
    found
}

/// A document's findings, each naming the document (its index in `Documentos`, its
/// reference or else its kind).
fn of_document_at(index: u32, doc: &Document, rule: EvidenceRule) -> impl Iterator<Item = Finding> {
    of_document(doc, rule).into_iter().map(move |mut f| {
        f.document = Some(index);
        // A shareholder's finding names the shareholder; the others their document.
        f.subject = f.subject.or_else(|| {
            doc.referencia
                .clone()
                .or_else(|| doc.tipo_documento.clone())
        });
        f
    })
}

fn of_document(doc: &Document, rule: EvidenceRule) -> Vec<Finding> {
    let mut found = Vec::new();
    for validation in &doc.validaciones {
        let kind = fold(validation.tipo.as_deref().unwrap_or_default());
        let codes: Vec<String> = validation
            .indicadores
            .iter()
            .filter_map(|i| i.codigo.clone())
            .collect();
        if kind == "alteracion" {
            let risk = validation.nivel_riesgo.as_deref().map(fold);
            if validation.documento_editado == Some(true) {
                let mut f = finding(FindingKind::DocumentEdited, Severity::High);
                f.codes = codes;
                found.push(f);
            } else if let Some(severity) = match risk.as_deref() {
                Some("alto") => Some(Severity::High),
                Some("medio") => Some(Severity::Medium),
                _ => None,
            } {
                let mut f = finding(FindingKind::AlterationRisk, severity);
                f.codes = codes;
                f.codes.extend(validation.nivel_riesgo.clone());
                found.push(f);
            } else if validation.resultado == Some(false) {
                let mut f = finding(FindingKind::DocumentCheckFailed, Severity::Medium);
                f.codes = codes;
                found.push(f);
            }
        } else if validation.resultado == Some(false) {
            let opinion = kind == "opinion" || rule == EvidenceRule::ComplianceOpinion;
            let mut f = if opinion {
                finding(FindingKind::OpinionNegative, Severity::High)
            } else {
                finding(FindingKind::DocumentCheckFailed, Severity::Medium)
            };
            f.codes = validation
                .tipo
                .iter()
                .chain(validation.estatus.iter())
                .cloned()
                .collect();
            found.push(f);
        }
    }
    if let Some(analysis) = &doc.analisis_general
        && analysis.es_acta == Some(false)
        && matches!(rule, EvidenceRule::Deed | EvidenceRule::Powers)
    {
        found.push(finding(FindingKind::NotADeed, Severity::Medium));
    }
    if matches!(rule, EvidenceRule::Deed)
        && let Some(bodies) = &doc.organos_internos
    {
        found.extend(super::owners::findings(bodies));
    }
    let has_file = doc
        .archivo
        .as_ref()
        .and_then(|a| a.url.as_deref())
        .is_some_and(|u| !u.trim().is_empty());
    if !has_file {
        found.push(finding(FindingKind::NoFile, Severity::Low));
    }
    found
}

fn of_entity(
    entity: &kyb_api::models::detail::Entity,
    checks: Option<&EntityEvidence>,
    rule: EvidenceRule,
) -> Vec<Finding> {
    let mut found = Vec::new();
    // Only the person's and the biometric sections judge a person: the powers section
    // shows the representatives for who holds which power, not for their checks.
    if !matches!(rule, EvidenceRule::Person | EvidenceRule::Biometrics) {
        return found;
    }
    let biometric_only = rule == EvidenceRule::Biometrics;
    for validation in &entity.validaciones {
        let is_biometric = validation.tipo == Some(ValidationKind::Biometrico);
        // The biometric section judges the biometrics; the person's sections the rest.
        if is_biometric != biometric_only {
            continue;
        }
        let verdict = checks::verdict(validation);
        let status: Vec<String> = validation.estatus.iter().cloned().collect();
        let f = match (verdict, validation.tipo.as_ref()) {
            (Verdict::Failed, Some(ValidationKind::Biometrico)) => {
                finding(FindingKind::FaceMismatch, Severity::High)
            }
            (Verdict::Pending, Some(ValidationKind::Biometrico)) => {
                finding(FindingKind::BiometricPending, Severity::Low)
            }
            (Verdict::Failed, Some(ValidationKind::ListaNominal)) => {
                finding(FindingKind::NotOnVoterList, Severity::High)
            }
            (Verdict::Failed, Some(ValidationKind::Curp)) => {
                finding(FindingKind::CurpNotValid, Severity::High)
            }
            (Verdict::Failed, _) => {
                let mut f = finding(FindingKind::EntityCheckFailed, Severity::Medium);
                f.codes
                    .extend(validation.tipo.as_ref().map(|t| t.as_str().to_owned()));
                f
            }
            _ => continue,
        };
        let mut f = f;
        f.codes.extend(status);
        found.push(f);
    }
    if !biometric_only && let Some(checks) = checks {
        let count = mismatched_fields(&checks.mismatches);
        if count > 0 {
            let mut f = finding(FindingKind::NameMismatch, Severity::Medium);
            f.count = count;
            found.push(f);
        }
    }
    found
}

//! A file's findings and risk-list hits as the dossier writes them: every one, in
//! Spanish words (the dossier is a Spanish document, whatever the window's language),
//! with what it concerns, the service's codes and the rule's source; the hits with the
//! analyst's disposition.

use super::model::{FindingRecord, HitRecord};
use crate::evidence::{FileEvidence, FindingKind, Severity};
use crate::screening::screen::{Hit, PartyRole};

pub fn kind_words(kind: FindingKind) -> &'static str {
    use FindingKind::*;
    match kind {
        DocumentEdited => "Documento editado",
        AlterationRisk => "Riesgo de alteración",
        OpinionNegative => "Opinión de cumplimiento negativa",
        DocumentCheckFailed => "Validación del documento fallida",
        NotADeed => "No parece un acta constitutiva",
        SharesDoNotAddUp => "Las acciones no suman 100 %",
        FaceMismatch => "El rostro no coincide",
        BiometricPending => "Biometría pendiente",
        NotOnVoterList => "No está en la lista nominal",
        CurpNotValid => "CURP no validada",
        EntityCheckFailed => "Validación fallida",
        NameMismatch => "Diferencias con la autoridad",
        AutomaticCheckFailed => "Falló la validación automática",
        NoFile => "Sin archivo",
        NoDocument => "Sin documento",
        IdentifierMalformed => "RFC o CURP con formato inválido",
        IdentifierCheckDigit => "Dígito verificador incorrecto",
        RfcCurpDisagree => "El RFC y la CURP no coinciden",
        CurpNamesDisagree => "La CURP no corresponde al nombre",
        CompanyRfcDate => "La fecha del RFC no es la de constitución",
        DeedCompanyName => "La razón social del acta no es la de la empresa",
        ProofHolder => "El titular del comprobante no es la empresa ni un representante",
        ProofStale => "Comprobante de domicilio vencido",
        CapitalDoesNotAddUp => "Capital fijo más variable no da el total",
        CapitalDisagreesWithShares => "El capital no corresponde al porcentaje",
        CompanyShareholder => "Accionista persona moral: dueños desconocidos",
        WatchlistHit => "En lista de riesgo",
        DocumentUnreadable => "Documento que no se puede mostrar",
    }
}

pub fn severity_words(severity: Severity) -> &'static str {
    match severity {
        Severity::High => "alto",
        Severity::Medium => "medio",
        Severity::Low => "bajo",
    }
}

fn role_words(role: PartyRole) -> &'static str {
    match role {
        PartyRole::Company => "la empresa",
        PartyRole::Shareholder => "accionista",
        PartyRole::Administrator => "administrador",
        PartyRole::Oversight => "órgano de vigilancia",
        PartyRole::Representative => "representante",
    }
}

/// Every finding of every section, then those of no section, each once.
pub fn findings(evidence: &FileEvidence) -> Vec<FindingRecord> {
    let mut out: Vec<FindingRecord> = Vec::new();
    let all = evidence
        .sections
        .iter()
        .flat_map(|s| s.findings.iter().map(move |f| (Some(s.section.clone()), f)))
        .chain(evidence.unassigned.iter().map(|f| (None, f)));
    for (section, f) in all {
        let record = FindingRecord {
            section,
            severity: severity_words(f.severity).to_owned(),
            words: kind_words(f.kind).to_owned(),
            subject: f.subject.clone(),
            codes: if f.kind == FindingKind::DocumentUnreadable {
                f.codes
                    .iter()
                    .map(|c| crate::evidence::unreadable::words_es(c))
                    .collect()
            } else {
                f.codes.clone()
            },
            source: f.source.clone(),
        };
        if !out.contains(&record) {
            out.push(record);
        }
    }
    out
}

pub fn hits(hits: &[Hit]) -> Vec<HitRecord> {
    hits.iter()
        .map(|h| HitRecord {
            list: h.list.publisher().to_owned(),
            list_version: h.list_version,
            row: h.row.clone(),
            listed_name: h.listed_name.clone(),
            score: h.score,
            party: format!(
                "{} ({})",
                h.party,
                h.roles
                    .iter()
                    .map(|r| role_words(*r))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            disposition: h.disposition.as_ref().map(|d| {
                format!(
                    "{}, por {} el {}: {}",
                    d.verdict.words(),
                    d.by,
                    d.at,
                    d.reason
                )
            }),
        })
        .collect()
}

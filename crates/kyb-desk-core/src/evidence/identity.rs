//! The desk's own checks of who a file says it is: each identifier against its issuer's
//! rules (`kyb_api::identifiers`), and the file's documents against each other. Each
//! is a finding for the analyst, never a refusal; the rule's source is in
//! [`super::source_of`].
//!
//! | Check | Finding | Severity |
//! |---|---|---|
//! | an RFC or CURP outside its issuer's layout | `identifier_malformed` | medium |
//! | an RFC's check digit wrong (the SAT has issued some) | `identifier_check_digit` | low |
//! | a CURP's check digit wrong | `identifier_check_digit` | medium |
//! | a person's RFC and CURP differ in their first ten characters | `rfc_curp_disagree` | medium |
//! | the CURP's letters are not those of the names the CURP authority returned | `curp_names_disagree` | medium |
//! | the company's RFC date is not the deed's `FechaConstitucion` | `company_rfc_date` | medium |
//! | the deed's `RazonDenominacionSociedad` is not the file's company | `deed_company_name` | medium |
//! | the proof of address's `NombreTitular` is neither the company nor a representative | `proof_holder` | medium |
//! | the proof of address was issued longer before the file was received than the policy allows | `proof_stale` | medium |

use chrono::{Months, NaiveDate};
use kyb_api::identifiers::{IdProblem, curp, rfc};
use kyb_api::models::detail::{DetailV2, Document, Entity, EntityKind, ValidationKind};
use kyb_api::time::WireDate;

use super::checks::fold;
use super::rules::{self, EvidenceRule};
use super::{Finding, FindingKind, OwnFinding, Severity, Target};
use crate::policy::checks::CheckRules;
use crate::screening::names::same_party;

/// What the checks compare against: today, the policy's limits, and the imported lists
/// with the analyst's dispositions (none: nothing is screened).
#[derive(Clone)]
pub struct CheckContext {
    pub today: NaiveDate,
    pub rules: CheckRules,
    pub screening: Option<Screening>,
}

#[derive(Clone)]
pub struct Screening {
    pub lists: crate::screening::store::Lists,
    pub dispositions: Vec<crate::screening::dispositions::Disposition>,
}

impl CheckContext {
    pub fn now(rules: CheckRules) -> Self {
        Self {
            today: chrono::Local::now().date_naive(),
            rules,
            screening: None,
        }
    }
}

fn problem_code(problem: IdProblem) -> &'static str {
    match problem {
        IdProblem::Length => "length",
        IdProblem::Shape => "shape",
        IdProblem::Date => "date",
        IdProblem::ForbiddenWord => "forbidden_word",
        IdProblem::Homoclave => "homoclave",
        IdProblem::CheckDigit => "check_digit",
        IdProblem::Sex => "sex",
        IdProblem::State => "state",
    }
}

/// The findings of one identifier: `label` is "RFC" or "CURP", the codes its value and
/// what it breaks.
fn of_identifier(
    label: &str,
    value: &str,
    problems: &[IdProblem],
    digit_severity: Severity,
) -> Option<Finding> {
    let (kind, severity) = match problems {
        [] => return None,
        [IdProblem::CheckDigit] => (FindingKind::IdentifierCheckDigit, digit_severity),
        _ => (FindingKind::IdentifierMalformed, Severity::Medium),
    };
    let mut f = Finding::new(kind, severity);
    f.codes = [label.to_owned(), value.to_owned()]
        .into_iter()
        .chain(problems.iter().map(|p| problem_code(*p).to_owned()))
        .collect();
    Some(f)
}

fn present(value: Option<&String>) -> Option<&str> {
    value.map(|v| v.trim()).filter(|v| !v.is_empty())
}

/// A representative's identifiers, and how they agree with each other and with the CURP
/// authority's answer.
fn of_person(entity: &Entity) -> Vec<Finding> {
    let mut found = Vec::new();
    let Some(data) = &entity.datos else {
        return found;
    };
    let rfc = present(data.rfc.as_ref()).map(rfc::check);
    let curp = present(data.curp.as_ref()).map(curp::check);
    if let Some(check) = &rfc {
        found.extend(of_identifier(
            "RFC",
            &check.rfc,
            &check.problems,
            Severity::Low,
        ));
    }
    if let Some(check) = &curp {
        found.extend(of_identifier(
            "CURP",
            &check.curp,
            &check.problems,
            Severity::Medium,
        ));
    }
    if let (Some(r), Some(c)) = (&rfc, &curp)
        && let (Some(rk), Some(ck)) = (r.person_key(), c.person_key())
        && rk != ck
    {
        let mut f = Finding::new(FindingKind::RfcCurpDisagree, Severity::Medium);
        f.codes = vec![r.rfc.clone(), c.curp.clone()];
        found.push(f);
    }
    // RENAPO's own spelling of the names, where it answered; else what was entered.
    let authority = entity
        .validaciones
        .iter()
        .filter(|v| v.tipo == Some(ValidationKind::Curp))
        .find_map(|v| v.detalles.as_ref())
        .filter(|d| present(d.primer_apellido.as_ref()).is_some());
    let names = match authority {
        Some(d) => (
            d.nombres.clone(),
            d.primer_apellido.clone(),
            d.segundo_apellido.clone(),
        ),
        None => (
            data.nombre.clone(),
            data.apellido_paterno.clone(),
            data.apellido_materno.clone(),
        ),
    };
    if let (Some(c), (Some(given), Some(first), second)) = (&curp, names)
        && c.problems
            .iter()
            .all(|p| !matches!(p, IdProblem::Length | IdProblem::Shape))
    {
        let expected = curp::name_letters(&given, &first, second.as_deref().unwrap_or(""));
        if !given.trim().is_empty() && !c.curp.starts_with(&expected) {
            let mut f = Finding::new(FindingKind::CurpNamesDisagree, Severity::Medium);
            f.codes = vec![c.curp.clone(), expected];
            found.push(f);
        }
    }
    found
}

/// A deed's date as written: `YYYY-MM-DD`, `DD/MM/YYYY`, or in words ("1 de marzo de
/// 2015").
fn deed_date(raw: &str) -> Option<NaiveDate> {
    if let Some(date) = WireDate::parse(raw).date() {
        return Some(date);
    }
    const MONTHS: [&str; 12] = [
        "enero",
        "febrero",
        "marzo",
        "abril",
        "mayo",
        "junio",
        "julio",
        "agosto",
        "septiembre",
        "octubre",
        "noviembre",
        "diciembre",
    ];
    let words: Vec<String> = fold(raw)
        .split_whitespace()
        .filter(|w| *w != "de" && *w != "del")
        .map(str::to_owned)
        .collect();
    let [day, month, year] = words.as_slice() else {
        return None;
    };
    let month = MONTHS.iter().position(|m| m == month)? as u32 + 1;
    NaiveDate::from_ymd_opt(year.parse().ok()?, month, day.parse().ok()?)
}

/// The company's RFC, and the deed and proofs of address against the file.
fn of_company(detail: &DetailV2, ctx: &CheckContext) -> Vec<(Target, Finding)> {
    let mut found = Vec::new();
    let company = present(detail.cliente.as_ref());
    let company_rfc = present(detail.rfc.as_ref()).map(rfc::check);
    let deed = detail.documentos.iter().position(rules::is_deed);
    let company_target = deed.map_or(Target::File, |i| Target::Document(i as u32));
    if let Some(check) = &company_rfc {
        found.extend(
            of_identifier("RFC", &check.rfc, &check.problems, Severity::Low)
                .map(|f| (company_target, f)),
        );
    }
    for (index, doc) in detail.documentos.iter().enumerate() {
        let target = Target::Document(index as u32);
        if rules::is_deed(doc) {
            found.extend(
                of_deed(doc, company, company_rfc.as_ref(), ctx)
                    .into_iter()
                    .map(|f| (target, f)),
            );
        } else if rules::covered(EvidenceRule::ProofOfAddress, detail)
            .documents
            .contains(&(index as u32))
        {
            found.extend(of_proof(doc, detail, ctx).into_iter().map(|f| (target, f)));
        }
    }
    found
}

fn of_deed(
    doc: &Document,
    company: Option<&str>,
    company_rfc: Option<&rfc::RfcCheck>,
    ctx: &CheckContext,
) -> Vec<Finding> {
    let mut found = Vec::new();
    let Some(analysis) = &doc.analisis_general else {
        return found;
    };
    if let (Some(check), Some(raw)) = (company_rfc, present(analysis.fecha_constitucion.as_ref()))
        && check.holder == Some(rfc::Holder::Company)
        && let (Some(rfc_date), Some(founded)) = (check.date(ctx.today), deed_date(raw))
        && rfc_date != founded
    {
        let mut f = Finding::new(FindingKind::CompanyRfcDate, Severity::Medium);
        f.codes = vec![check.rfc.clone(), raw.to_owned()];
        found.push(f);
    }
    if let (Some(company), Some(named)) = (
        company,
        present(analysis.razon_denominacion_sociedad.as_ref()),
    ) && !same_party(company, named)
    {
        let mut f = Finding::new(FindingKind::DeedCompanyName, Severity::Medium);
        f.codes = vec![named.to_owned(), company.to_owned()];
        found.push(f);
    }
    found
}

fn representatives(detail: &DetailV2) -> Vec<String> {
    detail
        .entidades
        .iter()
        .filter(|e| e.tipo == Some(EntityKind::Representante))
        .filter_map(|e| {
            let d = e.datos.as_ref()?;
            let name = [&d.nombre, &d.apellido_paterno, &d.apellido_materno]
                .into_iter()
                .flatten()
                .map(String::as_str)
                .collect::<Vec<_>>()
                .join(" ");
            (!name.trim().is_empty()).then_some(name)
        })
        .chain(
            detail
                .documentos
                .iter()
                .flat_map(|d| &d.representantes)
                .filter_map(|r| r.nombre_representante.clone()),
        )
        .collect()
}

fn of_proof(doc: &Document, detail: &DetailV2, ctx: &CheckContext) -> Vec<Finding> {
    let mut found = Vec::new();
    if let Some(holder) = present(doc.nombre_titular.as_ref()) {
        let company = present(detail.cliente.as_ref());
        let known = company.is_some_and(|c| same_party(c, holder))
            || representatives(detail)
                .iter()
                .any(|r| same_party(r, holder));
        if !known {
            let mut f = Finding::new(FindingKind::ProofHolder, Severity::Medium);
            f.codes = vec![holder.to_owned()];
            found.push(f);
        }
    }
    let months = ctx.rules.proof_of_address_max_months;
    if let Some(issued) = doc
        .fechas
        .as_ref()
        .and_then(|f| f.emision.as_ref())
        .and_then(WireDate::date)
        && let Some(limit) = ctx.today.checked_sub_months(Months::new(months))
        && issued < limit
    {
        let mut f = Finding::new(FindingKind::ProofStale, Severity::Medium);
        f.codes = vec![issued.to_string(), months.to_string()];
        found.push(f);
    }
    found
}

/// Every finding of the desk's identity checks, each on what it concerns.
pub(super) fn own_findings(detail: &DetailV2, ctx: &CheckContext) -> Vec<OwnFinding> {
    let mut found: Vec<OwnFinding> = detail
        .entidades
        .iter()
        .enumerate()
        .filter(|(_, e)| e.tipo == Some(EntityKind::Representante))
        .flat_map(|(i, e)| {
            of_person(e)
                .into_iter()
                .map(move |f| (Target::Entity(i as u32), f))
        })
        .collect();
    found.extend(of_company(detail, ctx));
    found
}

#[cfg(test)]
mod tests {
    use super::deed_date;
    use chrono::NaiveDate;

    #[test]
    fn a_deed_date_is_read_in_numbers_or_in_words() {
        let expected = NaiveDate::from_ymd_opt(2015, 3, 1);
        assert_eq!(deed_date("2015-03-01"), expected);
        assert_eq!(deed_date("01/03/2015"), expected);
        assert_eq!(deed_date("1 de Marzo de 2015"), expected);
        assert_eq!(deed_date("primero de marzo"), None);
    }
}

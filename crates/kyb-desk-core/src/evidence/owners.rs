//! Who owns and runs the company, from the deed's `OrganosInternos`: the shareholders
//! with their capital, those who control it at or over the policy's threshold
//! ([`crate::policy::checks`] cites the rules that set it), the administrators and the
//! supervisory body. The arithmetic's failures are findings on the deed:
//!
//! | Check | Finding | Severity |
//! |---|---|---|
//! | the percentages do not add up to 100 | `shares_do_not_add_up` | medium |
//! | a shareholder's fixed plus variable capital is not its total | `capital_does_not_add_up` | medium |
//! | a shareholder's share of the capital is not its percentage | `capital_disagrees_with_shares` | medium |
//! | a shareholder is itself a company (a 12-character RFC): its owners are unknown | `company_shareholder` | medium |

use kyb_api::identifiers::rfc::{self, Holder};
use kyb_api::models::Scalar;
use kyb_api::models::detail::{DetailV2, InternalBodies};
use serde::Serialize;
use ts_rs::TS;

use super::checks::{percent_of, shares_add_up};
use super::rules;
use super::{Finding, FindingKind, Severity};

/// Amounts and percentages are compared to the cent and the hundredth.
const TOLERANCE: f64 = 0.01;
/// A percentage written to one decimal is within this of the capital's share.
const PERCENT_TOLERANCE: f64 = 0.05;

#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Owner {
    pub name: String,
    pub rfc: Option<String>,
    pub percent: Option<f64>,
    pub fixed: Option<f64>,
    pub variable: Option<f64>,
    pub total: Option<f64>,
    /// A 12-character RFC: a company, whose own owners the deed does not show.
    pub company: bool,
    /// At or over the policy's threshold.
    pub controls: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Officer {
    pub name: String,
    pub rfc: Option<String>,
    /// The body's own word: the administration's regime, or the supervisory body's kind.
    pub role: Option<String>,
}

/// The deed's ownership, as the window draws it beside the table.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Ownership {
    /// The document in `Documentos` it was read from.
    pub document: u32,
    pub owners: Vec<Owner>,
    /// The percentages' sum, when every one could be read.
    pub total_percent: Option<f64>,
    /// The policy's threshold this was judged with.
    pub threshold_percent: f64,
    pub administrators: Vec<Officer>,
    pub oversight: Vec<Officer>,
}

fn amount(value: Option<&Scalar>) -> Option<f64> {
    match value? {
        Scalar::Number(n) => Some(*n),
        // "$1,000,000.00", "1 000 000": separators of thousands and the currency sign go.
        // An exponent ("1e6") is no amount a deed writes, and is not read as one.
        Scalar::Text(text) if text.contains(['e', 'E']) => None,
        Scalar::Text(text) => text
            .chars()
            .filter(|c| c.is_ascii_digit() || *c == '.' || *c == '-')
            .collect::<String>()
            .parse::<f64>()
            .ok()
            .filter(|n| n.is_finite()),
        Scalar::Flag(_) => None,
    }
}

fn text(value: Option<&String>) -> Option<String> {
    value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

fn read(bodies: &InternalBodies, document: u32, threshold: f64) -> Ownership {
    let owners: Vec<Owner> = bodies
        .accionistas
        .iter()
        .map(|holder| {
            let rfc = text(holder.rfc.as_ref());
            let percent = percent_of(holder.porcentaje.as_ref());
            Owner {
                name: text(holder.nombre.as_ref()).unwrap_or_default(),
                company: rfc
                    .as_deref()
                    .is_some_and(|r| rfc::check(r).holder == Some(Holder::Company)),
                // "At or over": 14.99 is under 15 (a float's own error aside).
                controls: percent.is_some_and(|p| p >= threshold - 1e-9 && p <= 100.0),
                rfc,
                percent,
                fixed: amount(holder.capital_fijo.as_ref()),
                variable: amount(holder.capital_variable.as_ref()),
                total: amount(holder.total.as_ref()),
            }
        })
        .collect();
    let total_percent = owners.iter().map(|o| o.percent).sum::<Option<f64>>();
    let administration = bodies.administracion.as_ref();
    let regime = administration.and_then(|a| text(a.regimen_administracion.as_ref()));
    let administrators = administration
        .map(|a| &a.integrantes[..])
        .unwrap_or_default()
        .iter()
        .map(|m| Officer {
            name: text(m.nombre.as_ref()).unwrap_or_default(),
            rfc: text(m.rfc.as_ref()),
            role: regime.clone(),
        })
        .collect();
    let oversight = bodies
        .organo_vigilancia
        .iter()
        .filter(|o| text(o.nombre.as_ref()).is_some())
        .map(|o| Officer {
            name: text(o.nombre.as_ref()).unwrap_or_default(),
            rfc: text(o.rfc.as_ref()),
            role: text(o.tipo_organo_vigilancia.as_ref()),
        })
        .collect();
    Ownership {
        document,
        owners,
        total_percent,
        threshold_percent: threshold,
        administrators,
        oversight,
    }
}

/// The first deed's ownership, when a deed has `OrganosInternos`.
pub fn of_file(detail: &DetailV2, threshold: f64) -> Option<Ownership> {
    detail
        .documentos
        .iter()
        .enumerate()
        .filter(|(_, doc)| rules::is_deed(doc))
        .find_map(|(i, doc)| Some(read(doc.organos_internos.as_ref()?, i as u32, threshold)))
}

/// The arithmetic's findings on a deed's bodies.
pub fn findings(bodies: &InternalBodies) -> Vec<Finding> {
    let mut found = Vec::new();
    if shares_add_up(&bodies.accionistas) == Some(false) {
        found.push(Finding::new(
            FindingKind::SharesDoNotAddUp,
            Severity::Medium,
        ));
    }
    let ownership = read(bodies, 0, 100.0);
    // Totals so large they add up to infinity say nothing of the shares.
    let capital: Option<f64> = ownership
        .owners
        .iter()
        .map(|o| o.total)
        .sum::<Option<f64>>()
        .filter(|c| c.is_finite());
    for owner in &ownership.owners {
        let subject = |kind| {
            let mut f = Finding::new(kind, Severity::Medium);
            f.subject = Some(owner.name.clone());
            f
        };
        if let (Some(fixed), Some(variable), Some(total)) =
            (owner.fixed, owner.variable, owner.total)
            && (fixed + variable - total).abs() > TOLERANCE
        {
            let mut f = subject(FindingKind::CapitalDoesNotAddUp);
            f.codes = vec![
                format!("{fixed:.2}"),
                format!("{variable:.2}"),
                format!("{total:.2}"),
            ];
            found.push(f);
        }
        if let (Some(all), Some(total), Some(percent)) = (capital, owner.total, owner.percent)
            && all > 0.0
            && (total / all * 100.0 - percent).abs() > PERCENT_TOLERANCE
        {
            let mut f = subject(FindingKind::CapitalDisagreesWithShares);
            f.codes = vec![
                format!("{:.2}", total / all * 100.0),
                format!("{percent:.2}"),
            ];
            found.push(f);
        }
        if owner.company {
            let mut f = subject(FindingKind::CompanyShareholder);
            f.codes = owner.rfc.iter().cloned().collect();
            found.push(f);
        }
    }
    found
}

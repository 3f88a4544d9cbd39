//! The checks the evidence rests on: where what the user entered differs from what an
//! authority returned, what a validation's result says, and whether the shareholders
//! add up. One place, so the review and the detail say the same thing.

use kyb_api::models::Scalar;
use kyb_api::models::detail::{Entity, EntityValidation, Shareholder};
use serde::Serialize;
use ts_rs::TS;
use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// Text compared as a person would: without accents, case or extra blanks.
pub fn fold(text: &str) -> String {
    let bare: String = text.nfd().filter(|c| !is_combining_mark(*c)).collect();
    bare.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, TS)]
pub enum CheckedField {
    Nombre,
    ApellidoPaterno,
    ApellidoMaterno,
    #[serde(rename = "CURP")]
    Curp,
    #[serde(rename = "RFC")]
    Rfc,
    FechaNacimiento,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Mismatch {
    pub field: CheckedField,
    pub entered: String,
    pub authority: String,
    /// The validation that returned it (`Curp`, `Biometrico`…), as received.
    pub source: String,
}

/// What the detail says of one entity, beyond its own fields.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct EntityEvidence {
    pub mismatches: Vec<Mismatch>,
    /// Handles of its photos (a branch's interior then exterior), for [`files`]; at
    /// most [`MAX_PHOTOS`].
    pub photos: Vec<String>,
    /// Photos beyond those, not offered (a crafted answer may list thousands).
    pub more_photos: u32,
}

/// Photos of one entity the evidence offers.
pub const MAX_PHOTOS: usize = 50;

/// The birth date a CURP encodes (positions 5 to 10, YYMMDD) as YYYY-MM-DD; the century
/// from the 17th character (a digit before 2000, a letter from 2000 on).
pub fn birth_date_of_curp(curp: &str) -> Option<String> {
    let curp = curp.trim().to_uppercase();
    let b = curp.as_bytes();
    let shaped = b.len() == 18
        && b[..4].iter().all(u8::is_ascii_uppercase)
        && b[4..10].iter().all(u8::is_ascii_digit)
        && b[10..16].iter().all(u8::is_ascii_uppercase)
        && b[16].is_ascii_alphanumeric()
        && b[17].is_ascii_digit();
    if !shaped {
        return None;
    }
    let century = if b[16].is_ascii_digit() { "19" } else { "20" };
    Some(format!(
        "{century}{}-{}-{}",
        &curp[4..6],
        &curp[6..8],
        &curp[8..10]
    ))
}

/// Every field of an entity whose entered value differs from an authority's (case,
/// accents and blanks aside). A field left empty on either side is not compared.
pub fn mismatches(entity: &Entity) -> Vec<Mismatch> {
    let mut found = Vec::new();
    let Some(data) = entity.datos.as_ref() else {
        return found;
    };
    let birth = data.curp.as_deref().and_then(birth_date_of_curp);
    for validation in &entity.validaciones {
        let Some(details) = validation.detalles.as_ref() else {
            continue;
        };
        let source = validation
            .tipo
            .as_ref()
            .map(|t| t.as_str().to_owned())
            .unwrap_or_default();
        let authority_birth = details.fecha_nacimiento.as_ref().map(ToString::to_string);
        let pairs = [
            (
                CheckedField::Nombre,
                data.nombre.clone(),
                details.nombres.clone(),
            ),
            (
                CheckedField::ApellidoPaterno,
                data.apellido_paterno.clone(),
                details.primer_apellido.clone(),
            ),
            (
                CheckedField::ApellidoMaterno,
                data.apellido_materno.clone(),
                details.segundo_apellido.clone(),
            ),
            (CheckedField::Curp, data.curp.clone(), details.curp.clone()),
            (CheckedField::Rfc, data.rfc.clone(), details.rfc.clone()),
            (
                CheckedField::FechaNacimiento,
                birth.clone(),
                authority_birth,
            ),
        ];
        for (field, entered, authority) in pairs {
            let (Some(entered), Some(authority)) = (entered, authority) else {
                continue;
            };
            if entered.trim().is_empty() || authority.trim().is_empty() {
                continue;
            }
            if fold(&entered) != fold(&authority) {
                found.push(Mismatch {
                    field,
                    entered,
                    authority,
                    source: source.clone(),
                });
            }
        }
    }
    found
}

/// The number of distinct fields that differ (however many authorities said so).
pub fn mismatched_fields(mismatches: &[Mismatch]) -> u32 {
    let mut fields: Vec<CheckedField> = mismatches.iter().map(|m| m.field).collect();
    fields.sort_by_key(|f| *f as u8);
    fields.dedup();
    fields.len() as u32
}

/// What a validation says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Passed,
    Failed,
    /// Asked for and not done yet: no failure.
    Pending,
    Unknown,
}

/// Statuses of a validation still under way (the sandbox's enrollment statuses
/// Pendiente and Solicitado; the spec lists none).
const UNDER_WAY: [&str; 4] = ["pendiente", "solicitado", "en proceso", "iniciado"];

pub fn verdict(validation: &EntityValidation) -> Verdict {
    if validation.resultado == Some(true) {
        return Verdict::Passed;
    }
    let status = validation.estatus.as_deref().or_else(|| {
        validation
            .detalles
            .as_ref()
            .and_then(|d| d.status_operation.as_deref())
    });
    if status.is_some_and(|s| UNDER_WAY.contains(&fold(s).as_str())) {
        return Verdict::Pending;
    }
    if validation.resultado == Some(false) {
        Verdict::Failed
    } else {
        Verdict::Unknown
    }
}

/// A percentage written as a number or as text ("50", "50.5 %", "50,5").
pub fn percent_of(value: Option<&Scalar>) -> Option<f64> {
    match value? {
        Scalar::Number(n) => Some(*n),
        Scalar::Text(text) => text
            .replace('%', "")
            .replace(',', ".")
            .trim()
            .parse::<f64>()
            .ok()
            .filter(|n| n.is_finite()),
        Scalar::Flag(_) => None,
    }
}

/// Whether the shareholders' percentages add up to 100; none when there are none or
/// one could not be read (nothing is claimed then).
pub fn shares_add_up(shareholders: &[Shareholder]) -> Option<bool> {
    if shareholders.is_empty() {
        return None;
    }
    let mut total = 0.0;
    let mut in_range = true;
    for holder in shareholders {
        let percent = percent_of(holder.porcentaje.as_ref())?;
        // A share below 0 or over 100 is wrong whatever the others add up to.
        in_range &= (0.0..=100.0).contains(&percent);
        total += percent;
    }
    Some(in_range && (total - 100.0).abs() < 0.01)
}

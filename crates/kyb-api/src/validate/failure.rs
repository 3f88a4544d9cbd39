//! A failed rule as data: the field, the rule and its limit, so that a screen can put
//! each failure beside its field and word it itself. The client's checks produce it
//! directly; an answer of the service is read into it by [`Failure::parse`], the inverse
//! of [`Failure::message`] (the wording the service uses, and the sandbox answers with).

use serde::Serialize;
use ts_rs::TS;

use super::limits::LIMITS;
use crate::file::Verdict;

/// How the service words a missing `Company` (not as the other required fields).
pub const COMPANY_REQUIRED: &str = "Company es obligatorio.";

/// The rule a value broke.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Rule {
    /// Missing or blank; for a `comentario`, missing on a rejected section.
    Required,
    /// Present but not in the field's format (a UUID, an RFC, an e-mail, the phone, a folio).
    Invalid,
    /// An `estatus` that is not one of the [`Verdict`]s.
    NotAVerdict,
    /// More characters than `limit`.
    TooLong,
    /// Fewer items than `limit`.
    TooFew,
    /// More items than `limit`.
    TooMany,
    // The desk's own forms (a profile, a watchlist import) use these too.
    /// The value is already used by another (a profile's name).
    Taken,
    /// The value appears twice in one list (a FlowID among a profile's flows).
    Repeated,
    /// An address that must use https (plain http only to this computer).
    HttpsOnly,
    /// A file larger than `limit` MiB.
    TooLarge,
    /// A FlowID that is none of the profile's flows (a watchlist import's line).
    NotInProfile,
}

/// One failed rule of a request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Failure {
    /// The field as the service's messages name it: its wire name (`CompanyName`,
    /// `ContactPhone`, `documentId`, `comentario`, `secciones`), except `FlowId` for
    /// `FlowID` and `RFC` for `Company.CompanyRFC`, the spellings of the spec's messages.
    pub field: String,
    pub rule: Rule,
    /// The limit broken by `too_long`, `too_few` and `too_many`.
    pub limit: Option<u32>,
    /// For a rule on one entry of a correction's `secciones`: that entry's `seccion`.
    pub section: Option<String>,
    /// For an entry of `secciones` without a `seccion`: its position, from 1.
    pub position: Option<u32>,
    /// For `too_few` and `too_many`: how many items were sent.
    pub sent: Option<u32>,
}

const OF_SECTION: &str = " de la sección ";
const TO_REJECT: &str = " es obligatorio para rechazar la sección ";

impl Failure {
    pub fn new(field: impl Into<String>, rule: Rule) -> Self {
        Self {
            field: field.into(),
            rule,
            limit: None,
            section: None,
            position: None,
            sent: None,
        }
    }

    pub fn with_limit(self, limit: u32) -> Self {
        Self {
            limit: Some(limit),
            ..self
        }
    }

    pub fn in_section(self, seccion: impl Into<String>) -> Self {
        Self {
            section: Some(seccion.into()),
            ..self
        }
    }

    pub fn at_position(self, position: u32) -> Self {
        Self {
            position: Some(position),
            ..self
        }
    }

    pub fn with_sent(self, sent: u32) -> Self {
        Self {
            sent: Some(sent),
            ..self
        }
    }

    /// The failure in words: the spec's wording where its Errors table gives one
    /// ("El campo <Field> es obligatorio", "El <Field> no es válido.", "Company es
    /// obligatorio."), ours for the rest (the correction request's are "not shown").
    pub fn message(&self) -> String {
        let field = &self.field;
        let of_section = self
            .section
            .as_deref()
            .map(|s| format!("{OF_SECTION}{s}"))
            .unwrap_or_default();
        let limit = self.limit.unwrap_or_default();
        match self.rule {
            Rule::Required => match (&self.section, self.position) {
                (Some(section), _) => format!("El {field}{TO_REJECT}{section}."),
                (None, Some(n)) => format!("El campo secciones[{n}].{field} es obligatorio"),
                (None, None) if field == "Company" => COMPANY_REQUIRED.to_owned(),
                (None, None) => format!("El campo {field} es obligatorio"),
            },
            Rule::Invalid => format!("El {field}{of_section} no es válido."),
            Rule::NotAVerdict => format!("El {field}{of_section} debe ser {}.", verdicts()),
            Rule::TooLong => format!("El {field}{of_section} no debe exceder {limit} caracteres."),
            Rule::TooFew | Rule::TooMany => {
                let (min, max) = match self.rule {
                    Rule::TooFew => (limit, LIMITS.sections_max),
                    _ => (LIMITS.sections_min, limit),
                };
                let sent = self.sent.unwrap_or_default();
                format!("Se requieren entre {min} y {max} {field}; se enviaron {sent}.")
            }
            Rule::Taken => format!("El {field} ya está en uso."),
            Rule::Repeated => format!("El {field} está repetido."),
            Rule::HttpsOnly => format!("El {field} debe usar https."),
            Rule::TooLarge => format!("El {field} excede {limit} MiB."),
            Rule::NotInProfile => format!("El {field} no es uno de los flujos del perfil."),
        }
    }

    /// Reads a message of the service (or of the sandbox) back into a failure: every
    /// wording [`Failure::message`] writes, with or without its final period and
    /// surrounding blanks. `None` for any other text (the trial-limit message, a field
    /// name with blanks in it): such a message stays only in words.
    pub fn parse(message: &str) -> Option<Self> {
        let text = message.trim();
        let text = text.strip_suffix('.').unwrap_or(text);
        if text == COMPANY_REQUIRED.trim_end_matches('.') {
            return Some(Self::new("Company", Rule::Required));
        }
        if let Some(rest) = text.strip_prefix("Se requieren entre ") {
            return counted(rest);
        }
        if let Some(path) = text
            .strip_prefix("El campo ")
            .and_then(|rest| rest.strip_suffix(" es obligatorio"))
        {
            return required(path);
        }
        let rest = text.strip_prefix("El ")?;
        if let Some((field, section)) = rest.split_once(TO_REJECT) {
            return Some(Self::new(word(field)?, Rule::Required).in_section(name(section)?));
        }
        if let Some(head) = rest.strip_suffix(" no es válido") {
            return scoped(head, Rule::Invalid);
        }
        for (ending, rule) in [
            (" ya está en uso", Rule::Taken),
            (" está repetido", Rule::Repeated),
            (" debe usar https", Rule::HttpsOnly),
            (" no es uno de los flujos del perfil", Rule::NotInProfile),
        ] {
            if let Some(field) = rest.strip_suffix(ending) {
                return Some(Self::new(word(field)?, rule));
            }
        }
        if let Some((field, limit)) = rest
            .strip_suffix(" MiB")
            .and_then(|head| head.rsplit_once(" excede "))
        {
            return Some(Self::new(word(field)?, Rule::TooLarge).with_limit(limit.parse().ok()?));
        }
        if let Some((head, choices)) = rest.rsplit_once(" debe ser ") {
            return (choices == verdicts())
                .then(|| scoped(head, Rule::NotAVerdict))
                .flatten();
        }
        let (head, limit) = rest
            .strip_suffix(" caracteres")?
            .rsplit_once(" no debe exceder ")?;
        Some(scoped(head, Rule::TooLong)?.with_limit(limit.parse().ok()?))
    }
}

/// "Aceptada o Rechazada".
fn verdicts() -> String {
    Verdict::ALL.map(Verdict::as_str).join(" o ")
}

/// A field name: one word, as the service spells its fields.
fn word(text: &str) -> Option<&str> {
    (!text.is_empty() && !text.contains(char::is_whitespace)).then_some(text)
}

/// A section identifier, which the analyst does not type: anything but blank.
fn name(text: &str) -> Option<&str> {
    (!text.trim().is_empty()).then_some(text)
}

/// "<field>" or "<field> de la sección <seccion>".
fn scoped(head: &str, rule: Rule) -> Option<Failure> {
    match head.split_once(OF_SECTION) {
        Some((field, section)) => Some(Failure::new(word(field)?, rule).in_section(name(section)?)),
        None => Some(Failure::new(word(head)?, rule)),
    }
}

/// "<field>" or "secciones[<n>].<field>", of "El campo … es obligatorio".
fn required(path: &str) -> Option<Failure> {
    let entry = path
        .strip_prefix("secciones[")
        .and_then(|rest| rest.split_once("]."));
    match entry {
        Some((n, field)) => {
            Some(Failure::new(word(field)?, Rule::Required).at_position(n.parse().ok()?))
        }
        None => Some(Failure::new(word(path)?, Rule::Required)),
    }
}

/// "<min> y <max> <field>; se enviaron <sent>": too few when under the minimum, too
/// many when over the maximum.
fn counted(rest: &str) -> Option<Failure> {
    let (bounds, sent) = rest.split_once("; se enviaron ")?;
    let (min, rest) = bounds.split_once(" y ")?;
    let (max, field) = rest.split_once(' ')?;
    let (min, max, sent): (u32, u32, u32) =
        (min.parse().ok()?, max.parse().ok()?, sent.parse().ok()?);
    let field = word(field)?;
    let failure = |rule, limit| Some(Failure::new(field, rule).with_limit(limit).with_sent(sent));
    if sent < min {
        failure(Rule::TooFew, min)
    } else if sent > max {
        failure(Rule::TooMany, max)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every rule, in each form it takes, with the words it is written in.
    fn every_form() -> Vec<(Failure, &'static str)> {
        vec![
            (
                Failure::new("FlowId", Rule::Required),
                "El campo FlowId es obligatorio",
            ),
            (
                Failure::new("Company", Rule::Required),
                "Company es obligatorio.",
            ),
            (
                Failure::new("seccion", Rule::Required).at_position(3),
                "El campo secciones[3].seccion es obligatorio",
            ),
            (
                Failure::new("comentario", Rule::Required).in_section("ProofAddress"),
                "El comentario es obligatorio para rechazar la sección ProofAddress.",
            ),
            (
                Failure::new("ContactPhone", Rule::Invalid),
                "El ContactPhone no es válido.",
            ),
            (
                Failure::new("entidadId", Rule::Invalid).in_section("BankStatementLimit:3"),
                "El entidadId de la sección BankStatementLimit:3 no es válido.",
            ),
            (
                Failure::new("estatus", Rule::NotAVerdict).in_section("Sucursal"),
                "El estatus de la sección Sucursal debe ser Aceptada o Rechazada.",
            ),
            (
                Failure::new("mensajeGeneral", Rule::TooLong).with_limit(1000),
                "El mensajeGeneral no debe exceder 1000 caracteres.",
            ),
            (
                Failure::new("comentario", Rule::TooLong)
                    .with_limit(500)
                    .in_section("TaxInformations"),
                "El comentario de la sección TaxInformations no debe exceder 500 caracteres.",
            ),
            (
                Failure::new("secciones", Rule::TooFew)
                    .with_limit(1)
                    .with_sent(0),
                "Se requieren entre 1 y 50 secciones; se enviaron 0.",
            ),
            (
                Failure::new("secciones", Rule::TooMany)
                    .with_limit(50)
                    .with_sent(51),
                "Se requieren entre 1 y 50 secciones; se enviaron 51.",
            ),
            (Failure::new("name", Rule::Taken), "El name ya está en uso."),
            (
                Failure::new("flowId", Rule::Repeated),
                "El flowId está repetido.",
            ),
            (
                Failure::new("environment", Rule::HttpsOnly),
                "El environment debe usar https.",
            ),
            (
                Failure::new("file", Rule::TooLarge).with_limit(2),
                "El file excede 2 MiB.",
            ),
        ]
    }

    #[test]
    fn every_rule_is_written_in_its_words_and_read_back() {
        for (failure, words) in every_form() {
            assert_eq!(failure.message(), words);
            assert_eq!(Failure::parse(words), Some(failure), "{words}");
        }
    }

    #[test]
    fn the_final_period_and_surrounding_blanks_do_not_matter() {
        for (failure, words) in every_form() {
            let loose = format!("  {}  ", words.trim_end_matches('.'));
            assert_eq!(Failure::parse(&loose), Some(failure.clone()), "{loose}");
            let closed = format!("{}.", words.trim_end_matches('.'));
            assert_eq!(Failure::parse(&closed), Some(failure), "{closed}");
        }
    }

    #[test]
    fn the_messages_of_the_spec_are_placed_by_field() {
        for field in [
            "FlowId",
            "RFC",
            "AgentMail",
            "DocumentId",
            "PersonId",
            "flowId",
        ] {
            let read = Failure::parse(&format!("El campo {field} es obligatorio"));
            assert_eq!(read, Some(Failure::new(field, Rule::Required)));
        }
        for field in [
            "FlowId",
            "ClientId",
            "RFC",
            "AgentMail",
            "DocumentId",
            "PersonId",
        ] {
            let read = Failure::parse(&format!("El {field} no es válido."));
            assert_eq!(read, Some(Failure::new(field, Rule::Invalid)));
        }
    }

    #[test]
    fn other_words_stay_words() {
        for text in [
            "",
            "Error de validacion",
            "Se alcanzó el número máximo de intentos permitidos en la versión de prueba.",
            "El campo SERVICE-API-KEY ([redacted]) no es válido.",
            "El campo  es obligatorio",
            "El estatus de la sección X debe ser Aprobada o Rechazada.",
            "El comentario no debe exceder muchos caracteres.",
            "El campo secciones[x].seccion es obligatorio",
            "Se requieren entre 1 y 50 secciones; se enviaron 7.",
            "El estatus de la sección  no es válido.",
        ] {
            assert_eq!(Failure::parse(text), None, "{text:?}");
        }
    }

    #[test]
    fn a_failure_crosses_as_camel_case_with_a_snake_case_rule() {
        let failure = Failure::new("comentario", Rule::TooLong)
            .with_limit(500)
            .in_section("ProofAddress");
        assert_eq!(
            serde_json::to_value(&failure).expect("serialises"),
            serde_json::json!({
                "field": "comentario", "rule": "too_long", "limit": 500,
                "section": "ProofAddress", "position": null, "sent": null
            })
        );
        assert_eq!(
            serde_json::to_value(Rule::NotAVerdict).expect("serialises"),
            "not_a_verdict"
        );
    }
}

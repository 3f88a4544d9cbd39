//! The rules a request must meet before it is sent, checked by the client and by the
//! sandbox on receipt, so both fail the same request the same way. Only rules with a
//! source are here: the spec (required fields, types, limits, the 10-digit phone, a
//! valid agent e-mail), the SAT's RFC format, and two rules of ours (a contact e-mail
//! must be an address, or nothing carries the notification; the folio must be safe as
//! a URL path segment). Where the spec is silent, the service decides. The README
//! ("Local rules") lists each rule with its source.
//!
//! The client checks a request as it will be sent ([`crate::requests::normalize_rfc`]
//! first); the sandbox checks what it receives. Each check returns every failed rule at
//! once, as [`Failure`]s (`*_failures`) or in the service's words where the spec gives
//! them ("El campo <Field> es obligatorio", …), which the sandbox answers with. Lengths
//! count characters, not bytes: comments are Spanish.

use uuid::Uuid;

use crate::file::Verdict;
use crate::requests::{
    ComplementaryInfoRequest, CorrectionRequest, CreateFileRequest, EnrollmentLinkRequest,
    TrackingRequest,
};

mod failure;
mod limits;

pub use failure::{COMPANY_REQUIRED, Failure, Rule};
pub use limits::{LIMITS, Limits};

pub const SECCIONES_MAX: usize = LIMITS.sections_max as usize;
pub const COMENTARIO_MAX_CHARS: usize = LIMITS.comment_max_chars as usize;
pub const MENSAJE_MAX_CHARS: usize = LIMITS.message_max_chars as usize;
pub const PHONE_DIGITS: usize = LIMITS.phone_digits as usize;

pub const ACCEPTED: &str = Verdict::Aceptada.as_str();
pub const REJECTED: &str = Verdict::Rechazada.as_str();

/// "El <field> no es válido.", for the sandbox's refusals beyond these checks.
pub fn invalid(field: &str) -> String {
    Failure::new(field, Rule::Invalid).message()
}

/// Failures in words, in their order.
pub fn messages(failures: &[Failure]) -> Vec<String> {
    failures.iter().map(Failure::message).collect()
}

/// Collects failed rules in the order they are checked.
#[derive(Debug, Default)]
struct Checks(Vec<Failure>);

impl Checks {
    fn require(&mut self, field: &str, value: &str) -> bool {
        let present = !value.trim().is_empty();
        if !present {
            self.0.push(Failure::new(field, Rule::Required));
        }
        present
    }

    fn check(&mut self, ok: bool, failure: Failure) {
        if !ok {
            self.0.push(failure);
        }
    }

    fn uuid(&mut self, field: &str, value: &str) {
        if self.require(field, value) {
            self.check(is_uuid(value), Failure::new(field, Rule::Invalid));
        }
    }

    fn email(&mut self, field: &str, value: &str) {
        if self.require(field, value) {
            self.check(is_email(value), Failure::new(field, Rule::Invalid));
        }
    }

    fn at_most(&mut self, field: &str, value: Option<&str>, max: u32) {
        if let Some(text) = value {
            self.check(
                char_count(text) <= max as usize,
                Failure::new(field, Rule::TooLong).with_limit(max),
            );
        }
    }
}

pub fn char_count(text: &str) -> usize {
    text.chars().count()
}

pub fn is_uuid(value: &str) -> bool {
    Uuid::parse_str(value.trim()).is_ok()
}

/// Spec, operation 5: AgentMail "must be valid"; also a given ContactEmail (ours). A
/// plain address check, not RFC 5322: `email_address` (in the lock file, through a
/// dependency) follows the RFC and takes `ana@localhost` or quoted blanks, which no
/// notification reaches. One `@`, a non-empty local part, a dotted domain of non-empty
/// labels, no blanks.
pub fn is_email(value: &str) -> bool {
    let value = value.trim();
    let Some((local, domain)) = value.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && !value.chars().any(char::is_whitespace)
        && !domain.contains('@')
        && domain.contains('.')
        && domain.split('.').all(|label| !label.is_empty())
}

/// The SAT's RFC format: 3 letters (legal entity) or 4 (natural person), a YYMMDD date
/// and a 3-character homoclave. Upper case only, as the SAT issues them: the client
/// upper-cases what was typed before it checks (see [`crate::requests::normalize_rfc`]).
pub fn is_rfc(value: &str) -> bool {
    let chars: Vec<char> = value.trim().chars().collect();
    let letters = match chars.len() {
        12 => 3,
        13 => 4,
        _ => return false,
    };
    let (name, rest) = chars.split_at(letters);
    let (date, homoclave) = rest.split_at(6);
    let digits = |s: &[char]| s.iter().collect::<String>().parse::<u32>().ok();
    let valid_date = date.iter().all(char::is_ascii_digit)
        && digits(&date[2..4]).is_some_and(|m| (1..=12).contains(&m))
        && digits(&date[4..6]).is_some_and(|d| (1..=31).contains(&d));
    name.iter()
        .all(|c| c.is_ascii_uppercase() || *c == 'Ñ' || *c == '&')
        && valid_date
        && homoclave
            .iter()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
}

/// Spec, operation 1 and Limits: ContactPhone is "a national number of 10 digits".
pub fn is_phone(value: &str) -> bool {
    let value = value.trim();
    value.len() == PHONE_DIGITS && value.chars().all(|c| c.is_ascii_digit())
}

/// Operation 5: FlowID, RFC and AgentMail required, AgentMail valid (spec); the RFC in
/// the SAT's format.
pub fn tracking_failures(request: &TrackingRequest) -> Vec<Failure> {
    let mut f = Checks::default();
    f.require("FlowId", &request.flow_id);
    if f.require("RFC", &request.rfc) {
        f.check(is_rfc(&request.rfc), Failure::new("RFC", Rule::Invalid));
    }
    f.email("AgentMail", &request.agent_mail);
    f.0
}

/// [`tracking_failures`] in words.
pub fn tracking(request: &TrackingRequest) -> Vec<String> {
    messages(&tracking_failures(request))
}

/// Operation 6: DocumentId, PersonId and AgentMail required (spec); both ids are UUIDs
/// (Resources: a file and a person are identified by UUIDs; "El DocumentId / PersonId
/// no es válido." are among the service's messages); AgentMail valid, as in tracking
/// ("El AgentMail no es válido." is the service's message for this operation too).
pub fn enrollment_link_failures(request: &EnrollmentLinkRequest) -> Vec<Failure> {
    let mut f = Checks::default();
    f.uuid("DocumentId", &request.document_id);
    f.uuid("PersonId", &request.person_id);
    f.email("AgentMail", &request.agent_mail);
    f.0
}

/// [`enrollment_link_failures`] in words.
pub fn enrollment_link(request: &EnrollmentLinkRequest) -> Vec<String> {
    messages(&enrollment_link_failures(request))
}

/// Operation 1: FlowID, Company and Company.CompanyName required (spec); a given
/// CompanyRFC in the SAT's format; a given ContactEmail an e-mail address (ours); a
/// given ContactPhone of 10 digits (spec).
pub fn create_file_failures(request: &CreateFileRequest) -> Vec<Failure> {
    let mut f = Checks::default();
    f.require("FlowId", &request.flow_id);
    match &request.company {
        None => f.0.push(Failure::new("Company", Rule::Required)),
        Some(company) => {
            f.require("CompanyName", &company.company_name);
            if let Some(rfc) = company
                .company_rfc
                .as_deref()
                .filter(|r| !r.trim().is_empty())
            {
                f.check(is_rfc(rfc), Failure::new("RFC", Rule::Invalid));
            }
        }
    }
    // The spec types ContactEmail as a string, used for the notification when SendEmail
    // is true; a rule of ours: an address that is not one cannot carry it,
    // so a given address must be an e-mail address ([`is_email`], as AgentMail's). The
    // spec makes neither contact required by SendEmail or SendSms. The phone has a
    // rule of the spec: a national number of 10 digits.
    if let Some(email) = non_blank(&request.contact_email) {
        f.check(is_email(email), Failure::new("ContactEmail", Rule::Invalid));
    }
    if let Some(phone) = non_blank(&request.contact_phone) {
        f.check(is_phone(phone), Failure::new("ContactPhone", Rule::Invalid));
    }
    f.0
}

/// [`create_file_failures`] in words.
pub fn create_file(request: &CreateFileRequest) -> Vec<String> {
    messages(&create_file_failures(request))
}

fn non_blank(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

/// Operation 4: documentId (a UUID) and flowId required; mensajeAdicional of at most
/// 1000 characters (spec).
pub fn complementary_info_failures(request: &ComplementaryInfoRequest) -> Vec<Failure> {
    let mut f = Checks::default();
    f.uuid("documentId", &request.document_id);
    f.require("flowId", &request.flow_id);
    f.at_most(
        "mensajeAdicional",
        request.mensaje_adicional.as_deref(),
        LIMITS.message_max_chars,
    );
    f.0
}

/// [`complementary_info_failures`] in words.
pub fn complementary_info(request: &ComplementaryInfoRequest) -> Vec<String> {
    messages(&complementary_info_failures(request))
}

/// Operation 3, all from the spec's table: documentId (a UUID) required; 1 to 50
/// sections, each with its seccion and an estatus Aceptada or Rechazada; a comentario
/// required to reject, of at most 500 characters; a given entidadId a UUID;
/// mensajeGeneral of at most 1000 characters. The spec gives no texts for these
/// failures (its error bodies are "not shown"): the wording is ours.
pub fn correction_failures(request: &CorrectionRequest) -> Vec<Failure> {
    let mut f = Checks::default();
    f.uuid("documentId", &request.document_id);
    let count = u32::try_from(request.secciones.len()).unwrap_or(u32::MAX);
    if count < LIMITS.sections_min {
        f.0.push(count_failure(Rule::TooFew, LIMITS.sections_min, count));
    } else if count > LIMITS.sections_max {
        f.0.push(count_failure(Rule::TooMany, LIMITS.sections_max, count));
    }
    for (n, decision) in (1..).zip(&request.secciones) {
        if decision.seccion.trim().is_empty() {
            f.0.push(Failure::new("seccion", Rule::Required).at_position(n));
            continue;
        }
        let name = decision.seccion.as_str();
        let status = decision.estatus.trim();
        f.check(
            Verdict::ALL.iter().any(|v| v.as_str() == status),
            Failure::new("estatus", Rule::NotAVerdict).in_section(name),
        );
        let comment = decision.comentario.as_deref().unwrap_or("");
        f.check(
            status != REJECTED || !comment.trim().is_empty(),
            Failure::new("comentario", Rule::Required).in_section(name),
        );
        f.check(
            char_count(comment) <= COMENTARIO_MAX_CHARS,
            Failure::new("comentario", Rule::TooLong)
                .with_limit(LIMITS.comment_max_chars)
                .in_section(name),
        );
        if let Some(id) = decision.entidad_id.as_deref() {
            f.check(
                is_uuid(id),
                Failure::new("entidadId", Rule::Invalid).in_section(name),
            );
        }
    }
    f.at_most(
        "mensajeGeneral",
        request.mensaje_general.as_deref(),
        LIMITS.message_max_chars,
    );
    f.0
}

fn count_failure(rule: Rule, limit: u32, sent: u32) -> Failure {
    Failure::new("secciones", rule)
        .with_limit(limit)
        .with_sent(sent)
}

/// [`correction_failures`] in words.
pub fn correction(request: &CorrectionRequest) -> Vec<String> {
    messages(&correction_failures(request))
}

/// The path parameter of the detail: a file's `DocumentId`, a UUID (spec, Resources).
/// Also what keeps `/`, `..` or `%` out of the detail's path.
pub fn document_id_failures(field: &str, value: &str) -> Vec<Failure> {
    let mut f = Checks::default();
    f.uuid(field, value);
    f.0
}

/// [`document_id_failures`] in words.
pub fn document_id(field: &str, value: &str) -> Vec<String> {
    messages(&document_id_failures(field, value))
}

/// The longest folio accepted. A safety rule of ours, not the service's (the spec types
/// a folio as a string): real folios are short ("VD-00000005"); the cap keeps an
/// absurd value out of a URL.
pub const FOLIO_MAX_CHARS: usize = LIMITS.folio_max_chars as usize;

/// The path parameter of the verification operations: 1 to [`FOLIO_MAX_CHARS`] ASCII
/// letters, digits, `-` and `_`. A safety rule of ours, not the service's: a folio
/// becomes a path segment, so anything that could change the path's meaning (`.`,
/// `..`, `/`, `%`, blanks) is refused here rather than trusted to the URL's encoding.
pub fn folio_failures(value: &str) -> Vec<Failure> {
    let mut f = Checks::default();
    if f.require("Folio", value) {
        f.check(is_folio(value), Failure::new("Folio", Rule::Invalid));
    }
    f.0
}

/// [`folio_failures`] in words.
pub fn folio(value: &str) -> Vec<String> {
    messages(&folio_failures(value))
}

pub fn is_folio(value: &str) -> bool {
    let value = value.trim();
    (1..=FOLIO_MAX_CHARS).contains(&value.len())
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

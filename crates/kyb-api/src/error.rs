//! The one error type of the client, with stable codes the UI switches on (it never
//! matches on message text). Server messages are kept verbatim: they are Spanish,
//! like the UI, and the analyst needs the service's own words.

use serde::Serialize;
use ts_rs::TS;

use crate::envelope::{Envelope, EnvelopeError};
use crate::error_code::ServiceCode;
use crate::operation::Operation;
use crate::validate::{self, Failure};
use crate::wire_enum::same_word;

pub type Result<T, E = ApiError> = std::result::Result<T, E>;

#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize, TS)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum ApiError {
    /// 401: the API key is invalid or its subscription inactive.
    #[error("{message}")]
    Unauthorized { message: String },
    /// 403 `forbidden`: the workspace is invalid or inactive.
    #[error("{message}")]
    WorkspaceForbidden { message: String },
    /// `not_allowed`: enrollment is not permitted for this person or file.
    #[error("{message}")]
    NotAllowed { message: String },
    /// 404, with the server's message (which says what was not found).
    #[error("{message}")]
    NotFound { message: String },
    /// The request breaks the service's rules: every failed rule is in `messages`, and
    /// in `failures` as data to place beside its field: all of them when `local` (the
    /// client found them and nothing was sent); from the service, those of its
    /// messages [`Failure::parse`] recognises.
    #[error("{message}: {}", messages.join("; "))]
    Validation {
        message: String,
        messages: Vec<String>,
        failures: Vec<Failure>,
        local: bool,
    },
    /// The verification's status does not allow the resend or the cancellation.
    #[error("{message}")]
    StateConflict { message: String },
    /// The trial version's creation attempts are used up.
    #[error("{message}")]
    TrialLimit { message: String },
    /// Another refusal the spec does not list (an unexpected 4xx).
    #[error("{message} (HTTP {status})")]
    Rejected { status: u16, message: String },
    /// 5xx.
    #[error("{message} (HTTP {status})")]
    Server { status: u16, message: String },
    /// No complete answer within the configured time.
    #[error("the service did not answer within {seconds} s")]
    Timeout { seconds: u32 },
    /// The request did not reach the service, or the connection broke.
    #[error("network error: {detail}")]
    Network { detail: String },
    /// An answer we cannot read (an HTML error page, broken JSON, a wrong shape).
    #[error("unreadable answer (HTTP {status}): {snippet}")]
    Decode { status: u16, snippet: String },
    /// A 3xx answer. Service calls follow no redirect: the key would go with it to an
    /// address the user never chose. `location` is only the origin it pointed to
    /// (the full address could carry tokens), empty when there was none.
    #[error(
        "El servicio respondió con una redirección (HTTP {status}){}; por seguridad no se sigue.",
        towards(location)
    )]
    Redirected { status: u16, location: String },
    /// The answer is longer than the cap (`crate::body::MAX_ANSWER_BYTES`); the rest
    /// of it was not read.
    #[error(
        "La respuesta del servicio excede el límite de {} y no se leyó.",
        size(*limit_bytes)
    )]
    TooLarge {
        #[ts(type = "number")]
        limit_bytes: u64,
    },
    /// A state-changing request may have reached the service, but its answer did not
    /// arrive (a timeout or a broken connection after sending). The operation may have
    /// been done: read the state again before offering to send it again.
    #[error(
        "No se sabe si el servicio realizó la operación: la respuesta no llegó. Consulte el estado antes de volver a enviarla."
    )]
    OutcomeUnknown { detail: String },
}

fn towards(origin: &str) -> String {
    if origin.is_empty() {
        String::new()
    } else {
        format!(" hacia {origin}")
    }
}

fn size(bytes: u64) -> String {
    const MIB: u64 = 1024 * 1024;
    if bytes >= MIB && bytes.is_multiple_of(MIB) {
        format!("{} MiB", bytes / MIB)
    } else {
        format!("{bytes} bytes")
    }
}

impl ApiError {
    /// The stable code (the `code` field of the serialised error).
    pub fn code(&self) -> ServiceCode {
        match self {
            Self::Unauthorized { .. } => ServiceCode::Unauthorized,
            Self::WorkspaceForbidden { .. } => ServiceCode::WorkspaceForbidden,
            Self::NotAllowed { .. } => ServiceCode::NotAllowed,
            Self::NotFound { .. } => ServiceCode::NotFound,
            Self::Validation { .. } => ServiceCode::Validation,
            Self::StateConflict { .. } => ServiceCode::StateConflict,
            Self::TrialLimit { .. } => ServiceCode::TrialLimit,
            Self::Rejected { .. } => ServiceCode::Rejected,
            Self::Server { .. } => ServiceCode::Server,
            Self::Timeout { .. } => ServiceCode::Timeout,
            Self::Network { .. } => ServiceCode::Network,
            Self::Decode { .. } => ServiceCode::Decode,
            Self::Redirected { .. } => ServiceCode::Redirected,
            Self::TooLarge { .. } => ServiceCode::TooLarge,
            Self::OutcomeUnknown { .. } => ServiceCode::OutcomeUnknown,
        }
    }

    /// The client's refusal of failed rules given in words.
    pub fn local_validation(messages: Vec<String>) -> Self {
        Self::Validation {
            message: LOCAL_VALIDATION.to_owned(),
            failures: parsed(&messages),
            messages,
            local: true,
        }
    }

    /// The client's refusal of the failed rules of its own checks.
    pub fn local_failures(failures: Vec<Failure>) -> Self {
        Self::Validation {
            message: LOCAL_VALIDATION.to_owned(),
            messages: validate::messages(&failures),
            failures,
            local: true,
        }
    }

    /// The error for a failed answer, from its HTTP status and body.
    pub fn from_answer(operation: Operation, status: u16, body: &[u8]) -> Self {
        match Envelope::parse(body) {
            Ok(envelope) => classify(operation, status, envelope),
            Err(error) => Self::undecodable(status, &error),
        }
    }

    pub fn undecodable(status: u16, error: &EnvelopeError) -> Self {
        Self::Decode {
            status,
            snippet: error.snippet().to_owned(),
        }
    }
}

fn parsed(messages: &[String]) -> Vec<Failure> {
    messages.iter().filter_map(|m| Failure::parse(m)).collect()
}

/// The message of a validation the client refused before sending.
pub const LOCAL_VALIDATION: &str = "La solicitud no cumple las reglas del servicio";

/// Maps a failed answer to its variant. The rules, from the spec's Errors table:
/// `not_allowed` is the enrollment refusal whatever its HTTP status (the spec lists it
/// as 403 and, in the operation's description, as 404); 401 is the key; other 403s
/// are the workspace; a 400 with failed rules is validation (or the trial limit);
/// a 400 without them on resend or cancel is the status refusing the operation.
fn classify(operation: Operation, status: u16, envelope: Envelope) -> ApiError {
    let message = envelope
        .message
        .clone()
        .filter(|m| !m.trim().is_empty())
        .unwrap_or_else(|| default_message(status));
    if envelope.status_is("not_allowed") {
        return ApiError::NotAllowed { message };
    }
    match status {
        401 => ApiError::Unauthorized { message },
        403 => ApiError::WorkspaceForbidden { message },
        404 => ApiError::NotFound { message },
        400 | 422 if envelope.messages.iter().any(|m| is_trial_limit(m)) => {
            let message = envelope
                .messages
                .into_iter()
                .find(|m| is_trial_limit(m))
                .unwrap_or(message);
            ApiError::TrialLimit { message }
        }
        400 | 422 if !envelope.messages.is_empty() => ApiError::Validation {
            message,
            failures: parsed(&envelope.messages),
            messages: envelope.messages,
            local: false,
        },
        400 | 409 if operation.changes_verification_status() => ApiError::StateConflict { message },
        500..=599 => ApiError::Server { status, message },
        _ => ApiError::Rejected { status, message },
    }
}

/// How an answer without a `Message` is told in words (the errors' `Display`, the
/// audit log); a window wording the code itself leaves such a message out.
pub const NO_MESSAGE: &str = "El servicio respondió con el estado HTTP";

fn default_message(status: u16) -> String {
    format!("{NO_MESSAGE} {status}")
}

/// The spec mentions "a trial-version attempt-limit message" on creation without its
/// text. We recognise it by its words: a mention of the trial version ("prueba") and of
/// attempts ("intento"), ignoring case and accents.
pub fn is_trial_limit(message: &str) -> bool {
    let words: Vec<String> = message
        .split(|c: char| !c.is_alphanumeric())
        .map(str::to_lowercase)
        .collect();
    let has = |prefix: &str| {
        words
            .iter()
            .any(|w| w.starts_with(prefix) || same_word(w, prefix))
    };
    has("prueba") && has("intento")
}

/// A state-changing call's failure that does not prove the service did nothing is
/// "outcome unknown": a gateway's 502 or 504 (it may have passed the request on and
/// lost the answer), and an answer with a success status that could not be read (too
/// large, or not the expected shape: the service did act). A read's failure is what it
/// is: reading again is harmless.
pub(crate) fn maybe_done(operation: Operation, error: ApiError) -> ApiError {
    if operation.is_read() {
        return error;
    }
    let detail = match &error {
        ApiError::Server {
            status: status @ (502 | 504),
            ..
        } => format!("HTTP {status} de un intermediario"),
        ApiError::Decode {
            status: 200..=299,
            snippet,
        } => format!("respuesta ilegible: {snippet}"),
        ApiError::TooLarge { limit_bytes } => {
            format!("respuesta de más de {limit_bytes} bytes")
        }
        _ => return error,
    };
    ApiError::OutcomeUnknown { detail }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(operation: Operation, status: u16, body: &str) -> ApiError {
        ApiError::from_answer(operation, status, body.as_bytes())
    }

    #[test]
    fn not_allowed_wins_over_the_http_status() {
        let body = r#"{"Code":404,"Status":"not_allowed","Message":"Enrolamiento no permitido","Data":null}"#;
        for status in [403, 404] {
            assert_eq!(
                error(Operation::EnrollmentLink, status, body).code(),
                ServiceCode::NotAllowed
            );
        }
    }

    #[test]
    fn a_400_on_resend_without_rules_is_a_state_conflict() {
        let body =
            r#"{"Code":400,"Status":"bad_request","Message":"No se pudo cancelar.","Data":null}"#;
        assert_eq!(
            error(Operation::CancelVerification, 400, body),
            ApiError::StateConflict {
                message: "No se pudo cancelar.".into()
            }
        );
        assert_eq!(
            error(Operation::Tracking, 400, body).code(),
            ServiceCode::Rejected
        );
    }

    #[test]
    fn the_trial_limit_is_told_apart_from_other_rules() {
        let body = r#"{"Code":400,"Status":"bad_request","Message":"Error de validacion","Data":["Se alcanzó el número máximo de intentos permitidos en la versión de prueba."]}"#;
        assert_eq!(
            error(Operation::CreateFile, 400, body).code(),
            ServiceCode::TrialLimit
        );
        assert!(!is_trial_limit("El campo FlowId es obligatorio"));
    }

    #[test]
    fn the_service_rules_it_words_as_ours_are_placed_by_field() {
        let body = r#"{"Code":400,"Status":"bad_request","Message":"Error de validacion","Data":["El campo RFC es obligatorio","Algo que no conocemos"]}"#;
        let got = error(Operation::Tracking, 400, body);
        let ApiError::Validation {
            messages, failures, ..
        } = &got
        else {
            panic!("{got:?}");
        };
        assert_eq!(messages.len(), 2);
        assert_eq!(
            failures,
            &[Failure::new("RFC", crate::validate::Rule::Required)]
        );
        let json = serde_json::to_value(&got).expect("serialises");
        assert_eq!(json["failures"][0]["field"], "RFC");
        assert_eq!(json["failures"][0]["rule"], "required");
    }

    #[test]
    fn html_pages_are_decode_errors_with_a_snippet() {
        let got = error(
            Operation::Verification,
            502,
            "<html><h1>502 Bad Gateway</h1></html>",
        );
        assert_eq!(
            got,
            ApiError::Decode {
                status: 502,
                snippet: "<html><h1>502 Bad Gateway</h1></html>".into()
            }
        );
    }

    #[test]
    fn the_new_refusals_speak_spanish_and_serialise_with_their_code() {
        let redirected = ApiError::Redirected {
            status: 307,
            location: "https://otro.example.com:443".into(),
        };
        assert_eq!(
            redirected.to_string(),
            "El servicio respondió con una redirección (HTTP 307) hacia https://otro.example.com:443; por seguridad no se sigue."
        );
        assert_eq!(
            ApiError::Redirected {
                status: 301,
                location: String::new()
            }
            .to_string(),
            "El servicio respondió con una redirección (HTTP 301); por seguridad no se sigue."
        );
        let too_large = ApiError::TooLarge {
            limit_bytes: 8 * 1024 * 1024,
        };
        assert_eq!(
            too_large.to_string(),
            "La respuesta del servicio excede el límite de 8 MiB y no se leyó."
        );
        let unknown = ApiError::OutcomeUnknown {
            detail: "operation timed out".into(),
        };
        assert!(unknown.to_string().starts_with("No se sabe si el servicio"));
        for (error, code) in [
            (redirected, ServiceCode::Redirected),
            (too_large, ServiceCode::TooLarge),
            (unknown, ServiceCode::OutcomeUnknown),
        ] {
            assert_eq!(error.code(), code);
            let json = serde_json::to_value(&error).expect("serialises");
            assert_eq!(json["code"], code.to_string());
        }
    }

    #[test]
    fn errors_serialise_with_their_code() {
        let json = serde_json::to_value(ApiError::NotFound {
            message: "Documento no encontrado".into(),
        })
        .expect("serialises");
        assert_eq!(
            json,
            serde_json::json!({"code": "not_found", "message": "Documento no encontrado"})
        );
    }

    /// Each code is the client's own: one of its errors raises it, and none of the
    /// desk's or the team's codes reads as one.
    #[test]
    fn the_codes_are_the_client_s_own() {
        let said = || String::new();
        let raised = [
            ApiError::Unauthorized { message: said() },
            ApiError::WorkspaceForbidden { message: said() },
            ApiError::NotAllowed { message: said() },
            ApiError::NotFound { message: said() },
            ApiError::Validation {
                message: said(),
                messages: vec![],
                failures: vec![],
                local: true,
            },
            ApiError::StateConflict { message: said() },
            ApiError::TrialLimit { message: said() },
            ApiError::Rejected {
                status: 418,
                message: said(),
            },
            ApiError::Server {
                status: 500,
                message: said(),
            },
            ApiError::Timeout { seconds: 1 },
            ApiError::Network { detail: said() },
            ApiError::Decode {
                status: 200,
                snippet: said(),
            },
            ApiError::Redirected {
                status: 302,
                location: said(),
            },
            ApiError::TooLarge { limit_bytes: 1 },
            ApiError::OutcomeUnknown { detail: said() },
        ];
        assert_eq!(
            raised.map(|error| error.code().to_string()),
            crate::error_code::tests::ALL
        );
        for other in [
            "invalid_input",
            "storage",
            "in_flight",
            "draft_changed",
            "no_team",
            "claimed_by_other",
        ] {
            assert!(
                serde_json::from_value::<ServiceCode>(serde_json::json!(other)).is_err(),
                "{other} is not the client's"
            );
        }
    }
}

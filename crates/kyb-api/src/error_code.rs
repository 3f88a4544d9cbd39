//! How a call to the service failed, by one stable code: the service's refusals as
//! this client classifies its answers ([`crate::ApiError::code`]), and what became of
//! the call on the wire (a timeout, a redirect never followed, an answer too large, an
//! outcome unknown). Only these: the desk's own codes and its team's live in the desk,
//! which passes these through unchanged and words every code in the user's language.
//! Codes are snake_case on the wire and in the local records that keep them (the audit
//! log's outcomes, the watchlist's last refresh error): never rename one.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ServiceCode {
    // The service's.
    /// 401: the API key is invalid or its subscription inactive.
    Unauthorized,
    /// 403 `forbidden`: the Workspace is invalid or inactive.
    WorkspaceForbidden,
    /// Enrollment is not permitted for this person or file.
    NotAllowed,
    NotFound,
    /// The request breaks the service's rules (checked locally first).
    Validation,
    /// The verification's status does not allow the resend or the cancellation.
    StateConflict,
    TrialLimit,
    /// Another refusal the spec does not list (an unexpected 4xx).
    Rejected,
    /// 5xx.
    Server,
    Timeout,
    Network,
    /// An answer that cannot be read.
    Decode,
    /// The answer was a redirect, which is never followed (the desk says where it
    /// pointed).
    Redirected,
    /// An answer larger than its cap was refused.
    TooLarge,
    /// A state-changing call was sent and no answer came back: the service may or may
    /// not have done it. Re-read before sending again.
    OutcomeUnknown,
}

/// The code as the wire and the records write it (its serde name: written once).
impl std::fmt::Display for ServiceCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match serde_json::to_value(self) {
            Ok(serde_json::Value::String(name)) => f.write_str(&name),
            _ => write!(f, "{self:?}"),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::ServiceCode;

    /// Every code this crate raises, as the records already written keep it.
    pub(crate) const ALL: [&str; 15] = [
        "unauthorized",
        "workspace_forbidden",
        "not_allowed",
        "not_found",
        "validation",
        "state_conflict",
        "trial_limit",
        "rejected",
        "server",
        "timeout",
        "network",
        "decode",
        "redirected",
        "too_large",
        "outcome_unknown",
    ];

    #[test]
    fn the_text_of_a_code_is_its_serde_name() {
        for text in ALL {
            let code: ServiceCode =
                serde_json::from_value(serde_json::json!(text)).expect("every code");
            assert_eq!(code.to_string(), text);
            assert_eq!(serde_json::to_value(code).expect("serializes"), text);
        }
    }
}

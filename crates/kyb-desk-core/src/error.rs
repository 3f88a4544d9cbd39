//! What crosses to the UI when a command fails: `{ code, message, details }`. The
//! code is stable (the UI switches on it and words the message in the user's
//! language); `message` is the service's own text when it gave one; `details` holds
//! the failed rules of a validation, or the technical detail of a network or decode
//! failure.

use kyb_api::ApiError;
use serde::Serialize;
use ts_rs::TS;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    // The service's, as `kyb-api` names them.
    Unauthorized,
    WorkspaceForbidden,
    NotAllowed,
    NotFound,
    Validation,
    StateConflict,
    TrialLimit,
    Rejected,
    Server,
    Timeout,
    Network,
    Decode,
    // The desk's own.
    /// A profile, draft or import was refused: `details` says which fields.
    InvalidInput,
    /// No profile is active, or the one named does not exist.
    NoProfile,
    /// The active profile has no API key yet.
    NoApiKey,
    /// The OS keyring cannot be reached; the key may be kept for this session only.
    KeyringUnavailable,
    /// The environment has no address in this build (see `endpoints`).
    NoAddress,
    /// A local file could not be read or written.
    Storage,
    /// The desktop refused a hand-off: opening a link in the browser, copying text.
    Desktop,
    /// The profile's address is not the origin its API key was given for: `details`
    /// holds that origin ("" when not recorded) and the profile's origin now. The key
    /// is not sent until the user confirms the new origin or enters the key again.
    KeyOriginChanged,
    /// The same state-changing call (operation and target) is already on its way.
    InFlight,
    /// The answer was a redirect, which is never followed: `details` holds the origin
    /// it pointed to.
    Redirected,
    /// An answer larger than its cap was refused.
    TooLarge,
    /// A state-changing call was sent and no answer came back: the service may or may
    /// not have done it. Re-read before sending again.
    OutcomeUnknown,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS, thiserror::Error)]
#[error("{message}")]
pub struct AppError {
    pub code: ErrorCode,
    pub message: String,
    pub details: Vec<String>,
}

pub type AppResult<T> = Result<T, AppError>;

impl AppError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
            details: Vec::new(),
        }
    }

    pub fn with_details(mut self, details: Vec<String>) -> Self {
        self.details = details;
        self
    }

    pub fn invalid(message: impl Into<String>, details: Vec<String>) -> Self {
        Self::new(ErrorCode::InvalidInput, message).with_details(details)
    }

    pub fn storage(what: &str, error: impl std::fmt::Display) -> Self {
        Self::new(ErrorCode::Storage, format!("{what}: {error}"))
    }

    pub fn desktop(what: &str, error: impl std::fmt::Display) -> Self {
        Self::new(ErrorCode::Desktop, format!("{what}: {error}"))
    }
}

impl From<ApiError> for AppError {
    fn from(error: ApiError) -> Self {
        let message = error.to_string();
        let (code, details) = match error {
            ApiError::Unauthorized { .. } => (ErrorCode::Unauthorized, vec![]),
            ApiError::WorkspaceForbidden { .. } => (ErrorCode::WorkspaceForbidden, vec![]),
            ApiError::NotAllowed { .. } => (ErrorCode::NotAllowed, vec![]),
            ApiError::NotFound { .. } => (ErrorCode::NotFound, vec![]),
            ApiError::Validation {
                message, messages, ..
            } => return Self::new(ErrorCode::Validation, message).with_details(messages),
            ApiError::StateConflict { .. } => (ErrorCode::StateConflict, vec![]),
            ApiError::TrialLimit { .. } => (ErrorCode::TrialLimit, vec![]),
            ApiError::Rejected { status, .. } => {
                (ErrorCode::Rejected, vec![format!("HTTP {status}")])
            }
            ApiError::Server { status, .. } => (ErrorCode::Server, vec![format!("HTTP {status}")]),
            ApiError::Timeout { .. } => (ErrorCode::Timeout, vec![]),
            ApiError::Network { detail } => (ErrorCode::Network, vec![detail]),
            ApiError::Decode { status, snippet } => {
                (ErrorCode::Decode, vec![format!("HTTP {status}"), snippet])
            }
            ApiError::Redirected { status, location } => (
                ErrorCode::Redirected,
                vec![location, format!("HTTP {status}")],
            ),
            ApiError::TooLarge { .. } => (ErrorCode::TooLarge, vec![]),
            ApiError::OutcomeUnknown { detail } => (ErrorCode::OutcomeUnknown, vec![detail]),
        };
        Self::new(code, message).with_details(details)
    }
}

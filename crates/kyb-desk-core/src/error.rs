//! What crosses to the UI when a command fails: `{ code, message, details, task }`.
//! The code is stable, and the UI words it in the user's language: the desk writes no
//! sentence of its own here. `message` is the service's own text when it gave one, or
//! the technical cause of a local failure (the system's or a library's words);
//! `details` holds the failed rules of a validation, or the facts the UI's wording
//! needs (an origin, a path, an HTTP status); `task` says what the desk was doing when
//! a local step failed.

use kyb_api::ApiError;
pub use kyb_api::ErrorCode;
pub use kyb_api::validate::{Failure, Rule};
use serde::Serialize;
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS, thiserror::Error)]
#[error("{message}")]
pub struct AppError {
    pub code: ErrorCode,
    pub message: String,
    pub details: Vec<String>,
    pub task: Option<Task>,
    /// Each rule that what was typed, imported or sent broke, by field (a validation
    /// of the service's, as far as its words could be read; the desk's own checks).
    pub problems: Vec<Failure>,
}

/// What the desk was doing when a local step failed, for the UI to word ("the draft
/// could not be saved").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Task {
    OpenDataFolder,
    ReadProfiles,
    SaveProfiles,
    ReadWatchlist,
    SaveWatchlist,
    ImportWatchlist,
    ReadHistory,
    SaveHistory,
    ReadDraft,
    SaveDraft,
    DeleteDraft,
    ReadAudit,
    WriteAudit,
    /// The intent of a state-changing call could not be written, so it was not sent.
    RecordIntent,
    WriteCsv,
    ExportDrift,
    ExportCheckpoint,
    PrepareImages,
    FetchImage,
    /// Fetching a document of a section's evidence.
    FetchDocument,
    OpenLink,
    /// Opening a window of the app's own (the evidence window).
    OpenWindow,
    CopyText,
    UseChosenPath,
    StartDemo,
    UseKeyring,
    /// Showing an OS notification.
    Notify,
}

pub type AppResult<T> = Result<T, AppError>;

impl AppError {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
            details: Vec::new(),
            task: None,
            problems: Vec::new(),
        }
    }

    pub fn with_details(mut self, details: Vec<String>) -> Self {
        self.details = details;
        self
    }

    /// What was typed or imported breaks `problems`; nothing was done.
    pub fn invalid(problems: Vec<Failure>) -> Self {
        Self {
            problems,
            ..Self::of(ErrorCode::InvalidInput)
        }
    }

    pub fn during(mut self, task: Task) -> Self {
        self.task = Some(task);
        self
    }

    /// A local file could not be read or written while doing `task`; `error` is why.
    pub fn storage(task: Task, error: impl std::fmt::Display) -> Self {
        Self::new(ErrorCode::Storage, error.to_string()).during(task)
    }

    /// The desktop refused a hand-off while doing `task`; `error` is why.
    pub fn desktop(task: Task, error: impl std::fmt::Display) -> Self {
        Self::new(ErrorCode::Desktop, error.to_string()).during(task)
    }

    /// A code the UI words entirely (no text of the service, no technical cause).
    pub fn of(code: ErrorCode) -> Self {
        Self::new(code, String::new())
    }
}

/// The client's errors keep the client's code ([`ApiError::code`]). `message` is the
/// service's own text where it gave one, or the technical cause of a failure on the
/// way; what the client itself would say is left to the UI. `details` holds the facts
/// the UI's wording needs (a validation's failed rules, an HTTP status, the origin of
/// a redirect, the start of an unreadable answer).
impl From<ApiError> for AppError {
    fn from(error: ApiError) -> Self {
        let code = error.code();
        let (message, details) = match error {
            // The failed rules go as data; the service's words stay only for the
            // rules its words could not be read into. A local refusal is all data
            // (the client's own sentence is the UI's to word).
            ApiError::Validation {
                message,
                messages,
                failures,
                local,
            } => {
                let unread = messages
                    .into_iter()
                    .filter(|m| Failure::parse(m).is_none())
                    .collect();
                let message = if local { String::new() } else { message };
                return Self {
                    problems: failures,
                    ..Self::new(code, message).with_details(unread)
                };
            }
            ApiError::Unauthorized { message }
            | ApiError::WorkspaceForbidden { message }
            | ApiError::NotAllowed { message }
            | ApiError::NotFound { message }
            | ApiError::StateConflict { message }
            | ApiError::TrialLimit { message } => (message, vec![]),
            ApiError::Rejected { status, message } | ApiError::Server { status, message } => {
                (message, vec![format!("HTTP {status}")])
            }
            ApiError::Network { detail } | ApiError::OutcomeUnknown { detail } => (detail, vec![]),
            ApiError::Decode { status, snippet } => {
                (String::new(), vec![format!("HTTP {status}"), snippet])
            }
            ApiError::Redirected { status, location } => {
                (String::new(), vec![location, format!("HTTP {status}")])
            }
            ApiError::Timeout { seconds } => (String::new(), vec![format!("{seconds} s")]),
            ApiError::TooLarge { limit_bytes } => (
                String::new(),
                vec![format!("{} MiB", limit_bytes / (1024 * 1024))],
            ),
        };
        // The client's own words for an answer without a message are not the
        // service's: the UI words the code (the status is in `details`).
        let message = if message.starts_with(kyb_api::error::NO_MESSAGE) {
            String::new()
        } else {
            message
        };
        Self::new(code, message).with_details(details)
    }
}

#[cfg(test)]
mod tests {
    use kyb_api::{ApiError, Operation};

    use super::{AppError, ErrorCode};

    #[test]
    fn only_the_service_s_own_words_cross_as_the_message() {
        let silent = ApiError::from_answer(
            Operation::Verification,
            500,
            br#"{"Code":500,"Status":"error","Data":null}"#,
        );
        let error = AppError::from(silent);
        assert_eq!(error.code, ErrorCode::Server);
        assert_eq!(error.message, "");
        assert_eq!(error.details, ["HTTP 500"]);

        let said = ApiError::from_answer(
            Operation::Verification,
            500,
            r#"{"Code":500,"Status":"error","Message":"Error interno del servidor","Data":null}"#
                .as_bytes(),
        );
        assert_eq!(AppError::from(said).message, "Error interno del servidor");
    }
}

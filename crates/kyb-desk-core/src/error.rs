//! What crosses to the UI when a command fails: `{ code, message, details, task }`.
//! The code is stable, and the UI words it in the user's language: the desk writes no
//! sentence of its own here. `message` is the service's own text when it gave one, or
//! the technical cause of a local failure (the system's or a library's words);
//! `details` holds, by name, the facts the UI's wording needs (an origin, a path, an
//! HTTP status); `problems` the failed rules of a validation; `task` says what the
//! desk was doing when a local step failed.
//!
//! A code is the client's ([`ServiceCode`]: the service's refusals and a call on the
//! wire), the desk's ([`DeskCode`]) or the team's ([`TeamCode`]); [`ErrorCode`] is any
//! of them, written as the one string each is, so the window sees one set of codes.

mod details;

pub use details::Details;
use kyb_api::ApiError;
pub use kyb_api::ServiceCode;
pub use kyb_api::validate::{Failure, Rule};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

pub use crate::desk::TeamCode;

/// The desk's own codes: profiles, keys, local records, the desktop, a section's
/// evidence and the review. Snake_case in the records that keep them (the audit log's
/// outcomes): never rename one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum DeskCode {
    /// A profile, draft or import was refused: `problems` says which fields.
    InvalidInput,
    /// No profile is active, or the one named does not exist.
    NoProfile,
    /// The active profile has no API key yet.
    NoApiKey,
    /// The OS keyring cannot be reached; the key may be kept for this session only.
    KeyringUnavailable,
    /// The environment has no address in this build.
    NoAddress,
    /// A local file could not be read or written.
    Storage,
    /// Another running KYB Desk has this data folder.
    DataFolderInUse,
    /// A link or an image address the desk does not follow: only https, and for
    /// images only public addresses.
    UnsafeAddress,
    /// The desktop refused a hand-off: opening a link in the browser, copying text.
    Desktop,
    /// The profile's address is not the origin its API key was given for. The key is
    /// not sent until the user confirms the new origin or enters the key again.
    KeyOriginChanged,
    /// The same state-changing call (operation and target) is already on its way:
    /// the desk's guard before anything is sent, never the client's.
    InFlight,
    // A section's evidence (documents and photos the service links to).
    /// The file is none of the kinds the desk shows (PDF, JPEG, PNG, WebP), judged by
    /// its first bytes.
    UnsupportedFile,
    /// A PDF that ends before its end (no `%%EOF`): cut short in transit or upload.
    DamagedFile,
    /// An image whose size in pixels is too large to draw.
    ImageTooLarge,
    /// The file's bytes changed between reading its facts and its contents (the server
    /// answered differently): open it again.
    FileChanged,
    /// A section with high findings is accepted without the analyst's acknowledgement.
    NeedsAcknowledgement,
    /// A correction whose draft changed since it was previewed: nothing was sent; the
    /// preview is read again, and sending it is the analyst's choice once more.
    DraftChanged,
    /// The company's managed policy sets this (a preset profile's field, or the
    /// profile itself): the window cannot change or delete it.
    FixedByPolicy,
    /// A watchlist file that is no list of its format: `details` says what is wrong
    /// and where. Nothing of it was kept.
    ListUnreadable,
    /// The file's tracking (by its FlowID and RFC) names another DocumentId than the
    /// review was opened for (a link or a queue row gone stale): the review would show
    /// one file's sections and send to another's, so it is not opened.
    NotThisFile,
}

/// Every failure the window can be told of: the client's code passed through
/// unchanged, the desk's or the team's. Written as the one string it is (no tag), so a
/// record written when all codes were one list reads the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(untagged)]
pub enum ErrorCode {
    Service(ServiceCode),
    Desk(DeskCode),
    Team(TeamCode),
}

macro_rules! one_of_the_codes {
    ($($owner:ident => $variant:ident),*) => {$(
        impl From<$owner> for ErrorCode {
            fn from(code: $owner) -> Self {
                Self::$variant(code)
            }
        }
        impl PartialEq<$owner> for ErrorCode {
            fn eq(&self, other: &$owner) -> bool {
                matches!(self, Self::$variant(code) if code == other)
            }
        }
    )*};
}
one_of_the_codes!(ServiceCode => Service, DeskCode => Desk, TeamCode => Team);

/// The code as the wire and the records write it (its serde name: written once).
impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match serde_json::to_value(self) {
            Ok(serde_json::Value::String(name)) => f.write_str(&name),
            _ => write!(f, "{self:?}"),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS, thiserror::Error)]
#[error("{message}")]
pub struct AppError {
    pub code: ErrorCode,
    pub message: String,
    /// The facts the wording needs, by name; none for most errors (boxed, so that an
    /// error stays small to return).
    pub details: Option<Box<Details>>,
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
    ReadSlaPolicy,
    SaveSlaPolicy,
    ReadSavedViews,
    SaveSavedViews,
    /// Reading the imported watchlists or the dispositions of their hits.
    ReadLists,
    /// Keeping an imported watchlist or a disposition.
    SaveLists,
    /// Downloading a watchlist from the address the managed policy names.
    FetchList,
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
    ExportDiagnostics,
    ExportCheckpoint,
    PrepareImages,
    FetchImage,
    /// Fetching a document of a section's evidence.
    FetchDocument,
    /// Judging a fetched document of the evidence: what it is, whether it is whole.
    ShowDocument,
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
    pub fn new(code: impl Into<ErrorCode>, message: impl Into<String>) -> Self {
        Self {
            code: code.into(),
            message: message.into(),
            details: None,
            task: None,
            problems: Vec::new(),
        }
    }

    pub fn with_details(mut self, details: Details) -> Self {
        self.details = Some(Box::new(details));
        self
    }

    /// What was typed or imported breaks `problems`; nothing was done.
    pub fn invalid(problems: Vec<Failure>) -> Self {
        Self {
            problems,
            ..Self::of(DeskCode::InvalidInput)
        }
    }

    pub fn during(mut self, task: Task) -> Self {
        self.task = Some(task);
        self
    }

    /// A local file could not be read or written while doing `task`; `error` is why.
    pub fn storage(task: Task, error: impl std::fmt::Display) -> Self {
        Self::new(DeskCode::Storage, error.to_string()).during(task)
    }

    /// The desktop refused a hand-off while doing `task`; `error` is why.
    pub fn desktop(task: Task, error: impl std::fmt::Display) -> Self {
        Self::new(DeskCode::Desktop, error.to_string()).during(task)
    }

    /// A code the UI words entirely (no text of the service, no technical cause).
    pub fn of(code: impl Into<ErrorCode>) -> Self {
        Self::new(code, String::new())
    }
}

/// The client's errors keep the client's code ([`ApiError::code`]). `message` is the
/// service's own text where it gave one, or the technical cause of a failure on the
/// way; what the client itself would say is left to the UI. `details` holds the facts
/// the UI's wording needs (an HTTP status, the origin of a redirect, the start of an
/// unreadable answer, a validation's words that could not be read into rules).
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
                let unread: Vec<String> = messages
                    .into_iter()
                    .filter(|m| Failure::parse(m).is_none())
                    .collect();
                let message = if local { String::new() } else { message };
                let error = Self {
                    problems: failures,
                    ..Self::new(code, message)
                };
                return if unread.is_empty() {
                    error
                } else {
                    error.with_details(Details::Validation { flow: None, unread })
                };
            }
            ApiError::Unauthorized { message }
            | ApiError::WorkspaceForbidden { message }
            | ApiError::NotAllowed { message }
            | ApiError::NotFound { message }
            | ApiError::StateConflict { message }
            | ApiError::TrialLimit { message } => (message, None),
            ApiError::Rejected { status, message } | ApiError::Server { status, message } => {
                (message, Some(Details::Http { status }))
            }
            ApiError::Network { detail } | ApiError::OutcomeUnknown { detail } => (detail, None),
            ApiError::Decode { status, snippet } => {
                (String::new(), Some(Details::Decode { status, snippet }))
            }
            ApiError::Redirected { status, location } => (
                String::new(),
                Some(Details::Redirected {
                    origin: location,
                    status: Some(status),
                }),
            ),
            ApiError::Timeout { seconds } => (String::new(), Some(Details::Timeout { seconds })),
            ApiError::TooLarge { limit_bytes } => (
                String::new(),
                Some(Details::TooLarge { bytes: limit_bytes }),
            ),
        };
        // The client's own words for an answer without a message are not the
        // service's: the UI words the code (the status is in `details`).
        let message = if message.starts_with(kyb_api::error::NO_MESSAGE) {
            String::new()
        } else {
            message
        };
        Self {
            details: details.map(Box::new),
            ..Self::new(code, message)
        }
    }
}

#[cfg(test)]
mod tests {
    use kyb_api::{ApiError, Operation};
    use ts_rs::TS;

    use super::{AppError, DeskCode, Details, ErrorCode, ServiceCode, TeamCode};

    #[test]
    fn only_the_service_s_own_words_cross_as_the_message() {
        let silent = ApiError::from_answer(
            Operation::Verification,
            500,
            br#"{"Code":500,"Status":"error","Data":null}"#,
        );
        let error = AppError::from(silent);
        assert_eq!(error.code, ServiceCode::Server);
        assert_eq!(error.message, "");
        assert_eq!(
            error.details.as_deref(),
            Some(&Details::Http { status: 500 })
        );

        let said = ApiError::from_answer(
            Operation::Verification,
            500,
            r#"{"Code":500,"Status":"error","Message":"Error interno del servidor","Data":null}"#
                .as_bytes(),
        );
        assert_eq!(AppError::from(said).message, "Error interno del servidor");
    }

    /// Every code ever written (the audit log's outcomes, the team trail's, the
    /// watchlist's last error, drift logs), from when they were one list: each reads
    /// into the code of its owner and is written back as the same string.
    const WRITTEN: [(&str, &str); 61] = [
        ("unauthorized", "service"),
        ("workspace_forbidden", "service"),
        ("not_allowed", "service"),
        ("not_found", "service"),
        ("validation", "service"),
        ("state_conflict", "service"),
        ("trial_limit", "service"),
        ("rejected", "service"),
        ("server", "service"),
        ("timeout", "service"),
        ("network", "service"),
        ("decode", "service"),
        ("redirected", "service"),
        ("too_large", "service"),
        ("outcome_unknown", "service"),
        ("invalid_input", "desk"),
        ("no_profile", "desk"),
        ("no_api_key", "desk"),
        ("keyring_unavailable", "desk"),
        ("no_address", "desk"),
        ("storage", "desk"),
        ("data_folder_in_use", "desk"),
        ("unsafe_address", "desk"),
        ("desktop", "desk"),
        ("key_origin_changed", "desk"),
        ("in_flight", "desk"),
        ("unsupported_file", "desk"),
        ("damaged_file", "desk"),
        ("image_too_large", "desk"),
        ("file_changed", "desk"),
        ("needs_acknowledgement", "desk"),
        ("draft_changed", "desk"),
        ("fixed_by_policy", "desk"),
        ("list_unreadable", "desk"),
        ("not_this_file", "desk"),
        ("no_team", "team"),
        ("no_team_password", "team"),
        ("team_unreachable", "team"),
        ("team_refused", "team"),
        ("claimed_by_other", "team"),
        ("needs_approval", "team"),
        ("not_supervisor", "team"),
        ("not_team_member", "team"),
        ("last_supervisor", "team"),
        ("own_request", "team"),
        ("approval_closed", "team"),
        ("already_asked", "team"),
        ("approval_changed", "team"),
        ("claim_lapsed", "team"),
        ("team_busy", "team"),
        ("team_out_of_space", "team"),
        ("file_not_in_team", "team"),
        ("team_login_refused", "team"),
        ("team_schema_old", "team"),
        ("team_login_name_refused", "team"),
        ("team_required", "team"),
        ("member_at_cap", "team"),
        ("member_away", "team"),
        ("plan_changed", "team"),
        ("view_gone", "team"),
        ("desk_outdated", "team"),
    ];

    #[test]
    fn every_code_written_reads_into_its_owner_and_is_written_back_the_same() {
        for (text, owner) in WRITTEN {
            let code: ErrorCode =
                serde_json::from_value(serde_json::json!(text)).expect("a known code");
            let read_as = match code {
                ErrorCode::Service(_) => "service",
                ErrorCode::Desk(_) => "desk",
                ErrorCode::Team(_) => "team",
            };
            assert_eq!((text, read_as), (text, owner));
            assert_eq!(serde_json::to_value(code).expect("serializes"), text);
            assert_eq!(code.to_string(), text);
        }
        assert!(serde_json::from_value::<ErrorCode>(serde_json::json!("a_newer_code")).is_err());
    }

    /// The desk's codes are its own: none is also the client's or the team's (a code
    /// read back could not tell whose it is), and the list above has all three lists.
    #[test]
    fn the_desk_s_codes_are_its_own() {
        let parses = |text: &str| {
            let value = serde_json::json!(text);
            [
                serde_json::from_value::<ServiceCode>(value.clone()).is_ok(),
                serde_json::from_value::<DeskCode>(value.clone()).is_ok(),
                serde_json::from_value::<TeamCode>(value).is_ok(),
            ]
        };
        for (text, owner) in WRITTEN {
            let expected = [owner == "service", owner == "desk", owner == "team"];
            assert_eq!((text, parses(text)), (text, expected));
        }
        let cfg = ts_rs::Config::default();
        let bindings = [
            ServiceCode::inline(&cfg),
            DeskCode::inline(&cfg),
            TeamCode::inline(&cfg),
        ];
        let declared: usize = bindings.iter().map(|ts| ts.matches('"').count() / 2).sum();
        assert_eq!(
            declared,
            WRITTEN.len(),
            "every code is in the list of written ones"
        );
    }

    #[test]
    fn details_cross_by_name() {
        let claimed =
            AppError::of(TeamCode::ClaimedByOther).with_details(Details::ClaimedByOther {
                holder: "beto".into(),
                since: "2025-05-01T10:00:00Z".into(),
                until: "2025-05-01T10:15:00Z".into(),
            });
        assert_eq!(
            serde_json::to_value(&claimed).expect("serializes"),
            serde_json::json!({
                "code": "claimed_by_other",
                "message": "",
                "details": {
                    "type": "claimed_by_other",
                    "holder": "beto",
                    "since": "2025-05-01T10:00:00Z",
                    "until": "2025-05-01T10:15:00Z"
                },
                "task": null,
                "problems": []
            })
        );
        assert_eq!(claimed.code, TeamCode::ClaimedByOther);
        assert_ne!(claimed.code, DeskCode::InvalidInput);
    }
}

//! Every failure the window can be told of, by one stable code: the service's, as this
//! client classifies its answers ([`crate::ApiError::code`]), and the desk's own
//! (profiles, keys, local records, the desktop). One enum for both, so a code is
//! written once: the desk passes the client's codes through unchanged, and the UI
//! receives this type (generated with ts-rs) and words each code in the user's
//! language. Codes are snake_case on the wire and in the local records that keep them
//! (the audit log's outcomes, the watchlist's last refresh error): never rename one.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
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
    /// The answer was a redirect, which is never followed: `details` holds the origin
    /// it pointed to.
    Redirected,
    /// An answer larger than its cap was refused.
    TooLarge,
    /// A state-changing call was sent and no answer came back: the service may or may
    /// not have done it. Re-read before sending again.
    OutcomeUnknown,
    // The desk's own.
    /// A profile, draft or import was refused: `details` says which fields.
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
    /// images only public addresses. `details` holds the address.
    UnsafeAddress,
    /// The desktop refused a hand-off: opening a link in the browser, copying text.
    Desktop,
    /// The profile's address is not the origin its API key was given for: `details`
    /// holds that origin ("" when not recorded) and the profile's origin now. The key
    /// is not sent until the user confirms the new origin or enters the key again.
    KeyOriginChanged,
    /// The same state-changing call (operation and target) is already on its way.
    InFlight,
    // A section's evidence (documents and photos the service links to).
    /// The file is none of the kinds the desk shows (PDF, JPEG, PNG, WebP), judged by
    /// its first bytes: `details` holds what it is instead (`html`, `zip`, `text`…).
    UnsupportedFile,
    /// A PDF that ends before its end (no `%%EOF`): cut short in transit or upload.
    DamagedFile,
    /// An image whose size in pixels is too large to draw: `details` holds its width
    /// and height.
    ImageTooLarge,
    /// The file's bytes changed between reading its facts and its contents (the server
    /// answered differently): open it again.
    FileChanged,
    /// A section with high findings is accepted without the analyst's acknowledgement:
    /// `details` holds the sections.
    NeedsAcknowledgement,
    // The team's (a profile that works in a team on PostgreSQL).
    /// The active profile works alone: it names no team database.
    NoTeam,
    /// The team database's password is not in the keyring, or was given for another
    /// address: `details` holds the address.
    NoTeamPassword,
    /// The team database cannot be reached: what needs the team (a claim, an approval,
    /// the central trail) is refused; reading the service goes on.
    TeamUnreachable,
    /// The team database refused the request for a reason of its own.
    TeamRefused,
    /// Another member is reviewing the file: `details` holds who, since when and until
    /// when their lease runs.
    ClaimedByOther,
    /// Four eyes: another member must approve this action first.
    NeedsApproval,
    /// Only a supervisor may do this.
    NotSupervisor,
    /// The login is not (or no longer) a member of the team.
    NotTeamMember,
    /// The team's last supervisor keeps the role.
    LastSupervisor,
    /// A request is approved by another member than the one who asked.
    OwnRequest,
    /// The request was decided already, or sent.
    ApprovalClosed,
    /// The same action on the same folio already waits for approval.
    AlreadyAsked,
    /// The request is not the one the approver was shown (it changed, or another
    /// request has its number): `details` holds action, folio and requester as it is.
    ApprovalChanged,
    /// The holder's claim ran out while their desk was away (perhaps with a draft):
    /// `details` holds who and until when. Taken only after asking.
    ClaimLapsed,
    /// Another member holds the team's database too long: nothing was changed, and
    /// what was typed is kept; try again.
    TeamBusy,
    /// The team's database refused the login (a wrong or expired password, or a
    /// member removed from the team).
    TeamLoginRefused,
    /// The team's database is older than this desk: its owner must bring it up to date.
    TeamSchemaOld,
    /// A login name the team cannot create or bind: `details` holds it.
    TeamLoginNameRefused,
    /// The company's policy says this workspace works as a team, and the profile
    /// names no team database: nothing is changed on the service from it.
    TeamRequired,
}

/// The code as the wire and the records write it (its serde name: written once).
impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match serde_json::to_value(self) {
            Ok(serde_json::Value::String(name)) => f.write_str(&name),
            _ => write!(f, "{self:?}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ErrorCode;

    #[test]
    fn the_text_of_a_code_is_its_serde_name() {
        let all = serde_json::json!([
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
            "invalid_input",
            "no_profile",
            "no_api_key",
            "keyring_unavailable",
            "no_address",
            "storage",
            "data_folder_in_use",
            "desktop",
            "key_origin_changed",
            "in_flight",
            "unsupported_file",
            "damaged_file",
            "image_too_large",
            "file_changed",
            "needs_acknowledgement",
            "no_team",
            "no_team_password",
            "team_unreachable",
            "team_refused",
            "claimed_by_other",
            "needs_approval",
            "not_supervisor",
            "not_team_member",
            "last_supervisor",
            "own_request",
            "approval_closed",
            "already_asked",
            "approval_changed",
            "claim_lapsed",
            "team_busy",
            "team_login_refused",
            "team_schema_old",
            "team_login_name_refused",
            "team_required"
        ]);
        let codes: Vec<ErrorCode> = serde_json::from_value(all.clone()).expect("every code");
        for (code, text) in codes.iter().zip(all.as_array().expect("list")) {
            assert_eq!(Some(code.to_string().as_str()), text.as_str());
            assert_eq!(&serde_json::to_value(code).expect("serializes"), text);
        }
    }
}

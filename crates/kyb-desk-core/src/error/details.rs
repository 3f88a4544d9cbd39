//! The facts the UI's wording of an error needs, each by its name: one shape per code
//! that carries facts (or per kind of fact several codes share, as an HTTP status).
//! The window tells the shapes apart by `type`, and reads their fields by name.

use serde::Serialize;
use ts_rs::TS;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Details {
    /// `validation`: the flow the service refused (when checking a profile's flows),
    /// and the service's words that could not be read into rules (the rules are the
    /// error's `problems`).
    Validation {
        flow: Option<String>,
        unread: Vec<String>,
    },
    /// `rejected`, `server`, `not_found` of a download: the answer's HTTP status.
    Http { status: u16 },
    /// `decode`: an answer that cannot be read, its status and its start.
    Decode { status: u16, snippet: String },
    /// `decode` of a picture: the answer did not say it is an image.
    ContentType { mime: String },
    /// `redirected`: the origin the redirect pointed to ("" when none), never
    /// followed; its status when the client saw it.
    Redirected { origin: String, status: Option<u16> },
    /// `timeout`: no complete answer within this many seconds.
    Timeout { seconds: u32 },
    /// `too_large`: the cap the answer or file went over, in bytes.
    TooLarge {
        #[ts(type = "number")]
        bytes: u64,
    },
    /// `unsafe_address`: the link or image address not followed (without its query).
    UnsafeAddress { address: String },
    /// `data_folder_in_use`, `storage`: the folder or file concerned.
    Path { path: String },
    /// `no_api_key`: the profile with no key.
    NoApiKey { profile: String },
    /// `key_origin_changed`: the origin the key was given for (none when not
    /// recorded) and the profile's origin now.
    KeyOriginChanged {
        recorded: Option<String>,
        now: String,
    },
    /// `unsupported_file`: what the file is instead, by its first bytes (`html`,
    /// `zip`, `text`…).
    UnsupportedFile { kind: String },
    /// `image_too_large`: its size in pixels.
    ImageTooLarge { width: u32, height: u32 },
    /// `list_unreadable`: what is wrong with the list file, and the line.
    ListUnreadable {
        problem: crate::screening::formats::ListProblem,
        line: Option<u32>,
    },
    /// `needs_acknowledgement`: the sections with high findings not acknowledged.
    NeedsAcknowledgement { sections: Vec<String> },
    /// `claimed_by_other`: who holds the claim, since and until when (UTC instants).
    ClaimedByOther {
        holder: String,
        since: String,
        until: String,
    },
    /// `claim_lapsed`: whose claim ran out, and when.
    ClaimLapsed { holder: String, until: String },
    /// `not_team_member`, `team_login_name_refused`: the login concerned.
    Login { login: String },
    /// `approval_changed`: the request as it is now.
    ApprovalChanged {
        action: String,
        folio: String,
        requester: String,
    },
    /// `needs_approval`: the resends already made (the fourth needs approval).
    NeedsApproval { resends: u32 },
    /// `no_team_password`: the team database's address the password is wanted for.
    NoTeamPassword { address: String },
    /// `member_at_cap`: whose cap, their open files and the cap.
    MemberAtCap { member: String, open: u32, cap: u32 },
    /// `member_away`: who, and until when (a UTC instant).
    MemberAway { member: String, until: String },
    /// `plan_changed`: the file that moved since the preview, and who has it now
    /// (empty: the queue).
    PlanChanged { file: String, assignee: String },
}

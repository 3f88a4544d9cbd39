//! The team's commands: one line each over the desk core's team methods.
//! `team_changes` lives as long as the window listens to the team: it forwards each
//! change as it is heard, and ends with `team_unreachable` when the database is lost
//! (the window says so, and calls it again later).

use tauri::State;
use tauri::ipc::Channel;

use kyb_desk_core::desk::{
    AddedMember, Desk, DeskVersion, HistoryItem, TeamQueue, TeamStatus, TeamTrail,
};
use kyb_desk_core::error::AppResult;
use kyb_desk_core::secrets::KeyStatus;
use kyb_team::{
    Approval, ApprovalAction, Change, Claim, FourEyes, Member, Mention, Note, QueueFilter, Role,
    ShownRequest, TeamFile,
};

/// How many of the trail's latest entries the audit screen shows.
const TRAIL_SHOWN: u32 = 500;

#[tauri::command]
pub async fn team_status(desk: State<'_, Desk>) -> AppResult<TeamStatus> {
    desk.team_status().await
}

#[tauri::command]
pub async fn set_team_password(
    desk: State<'_, Desk>,
    profile_id: String,
    password: String,
) -> AppResult<KeyStatus> {
    desk.set_team_password(&profile_id, &password).await
}

#[tauri::command]
pub async fn team_queue(desk: State<'_, Desk>, filter: QueueFilter) -> AppResult<TeamQueue> {
    desk.team_queue(filter).await
}

#[tauri::command]
pub async fn take_next(desk: State<'_, Desk>) -> AppResult<Option<TeamFile>> {
    desk.take_next().await
}

#[tauri::command]
pub async fn assign_file(
    desk: State<'_, Desk>,
    flow_id: String,
    rfc: String,
    member: Option<String>,
) -> AppResult<()> {
    desk.assign_file(&flow_id, &rfc, member.as_deref()).await
}

#[tauri::command]
pub async fn claim_file(
    desk: State<'_, Desk>,
    document_id: String,
    take_lapsed: bool,
) -> AppResult<Claim> {
    desk.claim_file(&document_id, take_lapsed).await
}

#[tauri::command]
pub async fn release_file(desk: State<'_, Desk>, document_id: String) -> AppResult<()> {
    desk.release_file(&document_id).await
}

#[tauri::command]
pub async fn take_over_claim(
    desk: State<'_, Desk>,
    document_id: String,
    reason: String,
) -> AppResult<Claim> {
    desk.take_over_claim(&document_id, &reason).await
}

#[tauri::command]
pub async fn file_notes(desk: State<'_, Desk>, document_id: String) -> AppResult<Vec<Note>> {
    desk.file_notes(&document_id).await
}

#[tauri::command]
pub async fn add_note(
    desk: State<'_, Desk>,
    document_id: String,
    body: String,
    key: String,
) -> AppResult<Note> {
    desk.add_note(&document_id, &body, &key).await
}

#[tauri::command]
pub async fn my_mentions(desk: State<'_, Desk>, unseen: bool) -> AppResult<Vec<Mention>> {
    desk.my_mentions(unseen).await
}

#[tauri::command]
pub async fn mentions_seen(desk: State<'_, Desk>, ids: Vec<u32>) -> AppResult<()> {
    desk.mentions_seen(&ids).await
}

#[tauri::command]
pub async fn file_history(
    desk: State<'_, Desk>,
    document_id: String,
) -> AppResult<Vec<HistoryItem>> {
    desk.file_history(&document_id).await
}

#[tauri::command]
pub async fn team_members(desk: State<'_, Desk>) -> AppResult<Vec<Member>> {
    desk.team_members().await
}

#[tauri::command]
pub async fn set_member_role(
    desk: State<'_, Desk>,
    login: String,
    role: Role,
) -> AppResult<Vec<Member>> {
    desk.set_member_role(&login, role).await
}

#[tauri::command]
pub async fn add_member(
    desk: State<'_, Desk>,
    login: String,
    email: String,
    role: Role,
    bind: bool,
) -> AppResult<AddedMember> {
    desk.add_member(&login, &email, role, bind).await
}

#[tauri::command]
pub async fn reset_member_password(desk: State<'_, Desk>, login: String) -> AppResult<AddedMember> {
    desk.reset_member_password(&login).await
}

#[tauri::command]
pub async fn remove_member(desk: State<'_, Desk>, login: String) -> AppResult<Vec<Member>> {
    desk.remove_member(&login).await
}

#[tauri::command]
pub async fn team_trail(desk: State<'_, Desk>) -> AppResult<TeamTrail> {
    desk.team_trail(TRAIL_SHOWN).await
}

#[tauri::command]
pub async fn set_four_eyes(desk: State<'_, Desk>, setting: FourEyes) -> AppResult<FourEyes> {
    desk.set_four_eyes(setting).await
}

/// A supervisor sets (blank: clears) the lowest desk version the team needs.
#[tauri::command]
pub async fn set_desk_version_needed(
    desk: State<'_, Desk>,
    version: String,
) -> AppResult<DeskVersion> {
    desk.set_desk_version_needed(&version).await
}

#[tauri::command]
pub async fn ask_approval(
    desk: State<'_, Desk>,
    action: ApprovalAction,
    folio: String,
    reason: String,
) -> AppResult<Approval> {
    desk.ask_approval(action, &folio, &reason).await
}

#[tauri::command]
pub async fn open_approvals(desk: State<'_, Desk>) -> AppResult<Vec<Approval>> {
    desk.open_approvals().await
}

#[tauri::command]
pub async fn decide_approval(
    desk: State<'_, Desk>,
    shown: ShownRequest,
    approve: bool,
) -> AppResult<Approval> {
    desk.decide_approval(&shown, approve).await
}

#[tauri::command]
pub async fn team_changes(desk: State<'_, Desk>, on_change: Channel<Change>) -> AppResult<()> {
    let mut listening = desk.listen_team().await?;
    if on_change.send(Change::Listening).is_err() {
        return Ok(());
    }
    // Ends when a newer subscription takes over, or the window no longer listens.
    while let Some(change) = listening.next().await? {
        if on_change.send(change).is_err() {
            break;
        }
    }
    Ok(())
}

// Workload: paths written whole, so these commands stand apart from the
// imports above.

#[tauri::command]
pub async fn team_workload(desk: State<'_, Desk>) -> AppResult<Vec<kyb_team::Workload>> {
    desk.team_workload().await
}

#[tauri::command]
pub async fn set_member_cap(
    desk: State<'_, Desk>,
    login: String,
    cap: u32,
) -> AppResult<Vec<kyb_team::Workload>> {
    desk.set_member_cap(&login, cap).await
}

#[tauri::command]
pub async fn set_member_away(
    desk: State<'_, Desk>,
    login: String,
    until: Option<String>,
) -> AppResult<Vec<kyb_team::Workload>> {
    desk.set_member_away(&login, until.as_deref()).await
}

#[tauri::command]
pub async fn preview_reassign(
    desk: State<'_, Desk>,
    selection: kyb_desk_core::desk::ReassignSelection,
    targets: Vec<String>,
) -> AppResult<kyb_team::ReassignPlan> {
    desk.preview_reassign(&selection, &targets).await
}

/// How many files moved (a plan holds at most `kyb_team::PLAN_MAX`, so it fits a u32,
/// which crosses to the window as a number where a u64 would not).
#[tauri::command]
pub async fn apply_reassign(
    desk: State<'_, Desk>,
    placements: Vec<kyb_team::Placement>,
) -> AppResult<u32> {
    let moved = desk.apply_reassign(&placements).await?;
    Ok(u32::try_from(moved).unwrap_or(u32::MAX))
}

//! Commands of the profiles and their keys, and of what the window shows first (the
//! build's facts, the demo's leads).

use tauri::State;

use crate::Shell;
use crate::key_origin::{self, KeyOriginQuestion, Language};
use crate::service_facts::AppInfo;
use kyb_desk_core::desk::Desk;
use kyb_desk_core::error::{AppResult, Failure};
use kyb_desk_core::guide::DemoGuide;
use kyb_desk_core::policy::PolicyView;
use kyb_desk_core::profiles::{Locale, Profile, ProfileBook, ProfileInput};
use kyb_desk_core::reasons::ReasonCatalogue;
use kyb_desk_core::secrets::KeyStatus;

// The reads of the window's first screen run off the main thread (`async`): a command
// without it runs on the thread that also drives the window, where it waits its turn
// behind the window's own start-up work.
#[tauri::command(async)]
pub fn app_info(shell: State<'_, Shell>) -> AppInfo {
    AppInfo::current(shell.demo_base.is_some())
}

/// The demo's "try this" leads; none outside the demo (or with `--demo-empty`).
#[tauri::command(async)]
pub fn demo_guide(shell: State<'_, Shell>) -> Option<DemoGuide> {
    shell.demo_guide.clone()
}

/// What the company's managed policy fixes, and why.
#[tauri::command(async)]
pub fn policy(desk: State<'_, Desk>) -> PolicyView {
    desk.policy()
}

#[tauri::command(async)]
pub fn profiles(desk: State<'_, Desk>) -> ProfileBook {
    desk.profiles()
}

#[tauri::command]
pub fn check_profile(desk: State<'_, Desk>, input: ProfileInput) -> Vec<Failure> {
    desk.check_profile(&input)
}

#[tauri::command]
pub fn save_profile(desk: State<'_, Desk>, input: ProfileInput) -> AppResult<Profile> {
    desk.save_profile(input)
}

#[tauri::command]
pub fn save_reasons(
    desk: State<'_, Desk>,
    profile_id: String,
    reasons: ReasonCatalogue,
) -> AppResult<Profile> {
    desk.save_reasons(&profile_id, reasons)
}

#[tauri::command]
pub fn save_customer_language(
    desk: State<'_, Desk>,
    profile_id: String,
    language: Option<Locale>,
) -> AppResult<Profile> {
    desk.save_customer_language(&profile_id, language)
}

#[tauri::command]
pub fn delete_profile(desk: State<'_, Desk>, id: String) -> AppResult<ProfileBook> {
    desk.delete_profile(&id)
}

#[tauri::command]
pub fn activate_profile(desk: State<'_, Desk>, id: String) -> AppResult<ProfileBook> {
    desk.activate_profile(&id)
}

#[tauri::command]
pub fn key_status(desk: State<'_, Desk>, profile_id: String) -> AppResult<KeyStatus> {
    desk.key_status(&profile_id)
}

#[tauri::command]
pub fn set_api_key(
    desk: State<'_, Desk>,
    profile_id: String,
    key: String,
    session_only: bool,
) -> AppResult<KeyStatus> {
    desk.set_api_key(&profile_id, &key, session_only)
}

/// The profile's key may go to its new address if the user says so in a native
/// dialog (in the window's `language`), not because the window asked; off the main
/// thread, which the dialog needs while it waits.
#[tauri::command(async)]
pub fn confirm_key_origin(
    desk: State<'_, Desk>,
    question: State<'_, KeyOriginQuestion>,
    profile_id: String,
    language: String,
) -> AppResult<KeyStatus> {
    key_origin::confirm(&desk, &question, &profile_id, Language::from_tag(&language))
}

#[tauri::command]
pub fn delete_api_key(desk: State<'_, Desk>, profile_id: String) -> AppResult<KeyStatus> {
    desk.delete_api_key(&profile_id)
}

#[tauri::command]
pub async fn check_connection(desk: State<'_, Desk>, profile_id: String) -> AppResult<()> {
    desk.check_connection(&profile_id).await
}

//! Commands over the desk's local records: drafts, the audit log, the drift counts,
//! the detail snapshots, the window's preferences, and what was set aside at start.

use kyb_api::drift::DriftReport;
use tauri::State;

use crate::startup::Startup;
use kyb_desk_core::audit::{AuditEntries, ChainReport};
use kyb_desk_core::desk::Desk;
use kyb_desk_core::detail_snapshots::DetailChanges;
use kyb_desk_core::drafts::{Draft, NewFileDraft};
use kyb_desk_core::error::AppResult;
use kyb_desk_core::preferences::{PreferenceChange, PreferenceStore, Preferences};
use kyb_desk_core::recovery::Recovery;

#[tauri::command]
pub fn save_draft(desk: State<'_, Desk>, draft: Draft) -> AppResult<Draft> {
    desk.save_draft(draft)
}

#[tauri::command]
pub fn load_draft(desk: State<'_, Desk>, document_id: String) -> AppResult<Option<Draft>> {
    desk.load_draft(&document_id)
}

#[tauri::command]
pub fn discard_draft(desk: State<'_, Desk>, document_id: String) -> AppResult<()> {
    desk.discard_draft(&document_id)
}

#[tauri::command]
pub fn save_new_file_draft(desk: State<'_, Desk>, draft: NewFileDraft) -> AppResult<NewFileDraft> {
    desk.save_new_file_draft(draft)
}

#[tauri::command]
pub fn load_new_file_draft(desk: State<'_, Desk>) -> AppResult<Option<NewFileDraft>> {
    desk.load_new_file_draft()
}

#[tauri::command]
pub fn discard_new_file_draft(desk: State<'_, Desk>) -> AppResult<()> {
    desk.discard_new_file_draft()
}

#[tauri::command]
pub fn audit_entries(desk: State<'_, Desk>) -> AppResult<AuditEntries> {
    desk.audit_entries()
}

/// The local files set aside as unreadable this session, for the window to announce.
#[tauri::command(async)]
pub fn recoveries(desk: State<'_, Desk>) -> Vec<Recovery> {
    desk.recoveries()
}

/// The window's preferences in this data folder, read once as the page starts (before
/// its first paint: a fast read of what the app holds).
#[tauri::command]
pub fn preferences(store: State<'_, PreferenceStore>) -> Preferences {
    store.preferences()
}

/// Changes one of the window's preferences; answers them all as they now are.
#[tauri::command(async)]
pub fn set_preference(
    store: State<'_, PreferenceStore>,
    change: PreferenceChange,
) -> AppResult<Preferences> {
    store.set(change)
}

/// What tolerant reading absorbed in the service's answers, per operation.
#[tauri::command]
pub fn drift_report(desk: State<'_, Desk>) -> DriftReport {
    desk.drift_report()
}

#[tauri::command]
pub fn verify_audit(desk: State<'_, Desk>) -> AppResult<ChainReport> {
    desk.verify_audit()
}

#[tauri::command]
pub fn detail_changes(desk: State<'_, Desk>, document_id: String) -> AppResult<DetailChanges> {
    desk.detail_changes(&document_id)
}

/// The UI tells when the watchlist first painted with its rows (see `startup.rs`).
#[tauri::command]
pub fn startup_painted(startup: State<'_, Startup>, rows: u32, page_ms: f64) {
    startup.painted(rows, page_ms);
}

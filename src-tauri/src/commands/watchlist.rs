//! Commands of the watchlist: following, unfollowing, importing, refreshing.

use tauri::State;
use tauri::ipc::Channel;

use kyb_desk_core::desk::{Desk, SelectedFile, SlaBoard};
use kyb_desk_core::error::AppResult;
use kyb_desk_core::sla::SlaPolicy;
use kyb_desk_core::watchlist::{ImportReport, RefreshProgress, WatchedFile};

#[tauri::command(async)]
pub fn watchlist(desk: State<'_, Desk>) -> AppResult<Vec<WatchedFile>> {
    desk.watchlist()
}

#[tauri::command]
pub fn watch_file(
    desk: State<'_, Desk>,
    flow_id: String,
    rfc: String,
) -> AppResult<Vec<WatchedFile>> {
    desk.watch_file(&flow_id, &rfc)
}

#[tauri::command]
pub fn restore_watched_file(
    desk: State<'_, Desk>,
    file: WatchedFile,
) -> AppResult<Vec<WatchedFile>> {
    desk.restore_watched_file(file)
}

#[tauri::command]
pub fn unwatch_file(
    desk: State<'_, Desk>,
    flow_id: String,
    rfc: String,
) -> AppResult<Vec<WatchedFile>> {
    desk.unwatch_file(&flow_id, &rfc)
}

/// Async, so a large file is read off the window's thread.
#[tauri::command]
pub async fn import_watchlist_csv(
    desk: State<'_, Desk>,
    text: String,
    default_flow_id: String,
) -> AppResult<ImportReport> {
    desk.import_watchlist_csv(&text, &default_flow_id)
}

#[tauri::command]
pub fn mark_watch_seen(
    desk: State<'_, Desk>,
    flow_id: String,
    rfc: String,
) -> AppResult<Option<WatchedFile>> {
    desk.mark_watch_seen(&flow_id, &rfc)
}

/// Progress goes to the caller over `on_progress` as each answer arrives.
#[tauri::command]
pub async fn refresh_watchlist(
    desk: State<'_, Desk>,
    failed_only: Option<bool>,
    on_progress: Channel<RefreshProgress>,
) -> AppResult<Vec<WatchedFile>> {
    desk.refresh_watchlist(failed_only.unwrap_or(false), |progress| {
        // A closed window stops listening; the refresh itself goes on.
        let _ = on_progress.send(progress);
    })
    .await
}

/// Every followed file's SLA clock, in due order, with the overview's counts.
#[tauri::command]
pub async fn sla_board(desk: State<'_, Desk>) -> AppResult<SlaBoard> {
    desk.sla_board().await
}

/// The window has shown these files about to breach to the analyst.
#[tauri::command]
pub fn sla_notices_shown(desk: State<'_, Desk>, files: Vec<SelectedFile>) -> AppResult<()> {
    desk.sla_notices_shown(&files)
}

#[tauri::command]
pub async fn sla_policy(desk: State<'_, Desk>) -> AppResult<SlaPolicy> {
    desk.sla_policy().await
}

#[tauri::command]
pub async fn set_sla_policy(desk: State<'_, Desk>, policy: SlaPolicy) -> AppResult<SlaPolicy> {
    desk.set_sla_policy(policy).await
}

//! Bulk actions on the watchlist's selection: each takes the rows as
//! (FlowID, RFC) pairs and answers every row's outcome (the rules are the desk core's,
//! `kyb_desk_core::desk::bulk`).

use tauri::ipc::Channel;
use tauri::{AppHandle, Runtime, State};

use kyb_desk_core::desk::{BulkProgress, BulkReport, BulkUnfollowed, Desk, SelectedFile};
use kyb_desk_core::error::AppResult;
use kyb_desk_core::watchlist::{RefreshProgress, WatchedFile};

use super::exports::{SavedCsv, csv_destination};

/// Progress goes to the caller over `on_progress` as each answer arrives.
#[tauri::command]
pub async fn refresh_files(
    desk: State<'_, Desk>,
    rows: Vec<SelectedFile>,
    on_progress: Channel<RefreshProgress>,
) -> AppResult<BulkReport> {
    desk.refresh_files(rows, |progress| {
        // A closed window stops listening; the refresh itself goes on.
        let _ = on_progress.send(progress);
    })
    .await
}

/// `member` none: the rows go back to the queue.
#[tauri::command]
pub async fn assign_files(
    desk: State<'_, Desk>,
    rows: Vec<SelectedFile>,
    member: Option<String>,
    on_progress: Channel<BulkProgress>,
) -> AppResult<BulkReport> {
    desk.assign_files(rows, member.as_deref(), |progress| {
        let _ = on_progress.send(progress);
    })
    .await
}

#[tauri::command]
pub fn unfollow_files(desk: State<'_, Desk>, rows: Vec<SelectedFile>) -> AppResult<BulkUnfollowed> {
    desk.unfollow_files(rows)
}

#[tauri::command]
pub fn restore_watched_files(
    desk: State<'_, Desk>,
    files: Vec<WatchedFile>,
) -> AppResult<Vec<WatchedFile>> {
    desk.restore_watched_files(files)
}

/// Writes the rows as CSV (see `exports::csv_destination`).
#[tauri::command]
pub async fn export_files_csv<R: Runtime>(
    app: AppHandle<R>,
    desk: State<'_, Desk>,
    rows: Vec<SelectedFile>,
) -> AppResult<Option<SavedCsv>> {
    let Some(path) = csv_destination(&app, "seleccion-kyb-desk.csv")? else {
        return Ok(None);
    };
    let rows = desk.export_files_csv(rows, &path)?;
    Ok(Some(SavedCsv {
        path: path.display().to_string(),
        rows,
    }))
}

//! The supervisor's dashboard: its figures, computed by the desk core, and their CSV
//! saved where the analyst chooses.

use tauri::{AppHandle, Runtime, State};

use kyb_desk_core::dashboard::{Dashboard, DashboardQuery};
use kyb_desk_core::desk::Desk;
use kyb_desk_core::error::AppResult;

use super::exports::{SavedCsv, csv_destination};

#[tauri::command]
pub async fn dashboard(desk: State<'_, Desk>, query: DashboardQuery) -> AppResult<Dashboard> {
    desk.dashboard(&query).await
}

/// Writes the figures asked for as CSV (see `exports::csv_destination`).
#[tauri::command]
pub async fn export_dashboard_csv<R: Runtime>(
    app: AppHandle<R>,
    desk: State<'_, Desk>,
    query: DashboardQuery,
) -> AppResult<Option<SavedCsv>> {
    let Some(path) = csv_destination(&app, "tablero-kyb-desk.csv")? else {
        return Ok(None);
    };
    let rows = desk.export_dashboard_csv(&query, &path).await?;
    Ok(Some(SavedCsv {
        path: path.display().to_string(),
        rows,
    }))
}

//! "Export diagnostics": the bundle shown to the user, then saved where they choose
//! (see `kyb_desk_core::diagnostics`, which gathers, scrubs and writes it).

use tauri::{AppHandle, Runtime, State};

use kyb_desk_core::desk::Desk;
use kyb_desk_core::diagnostics::{Diagnostics, DiagnosticsBundle, FILE_NAME};
use kyb_desk_core::error::AppResult;

/// The bundle as it would be written, kept to be saved as shown.
#[tauri::command(async)]
pub fn preview_diagnostics(
    desk: State<'_, Desk>,
    diagnostics: State<'_, Diagnostics>,
) -> DiagnosticsBundle {
    diagnostics.preview(&desk)
}

/// Writes the bundle last previewed where the user chooses in the save dialog; the
/// path written, or None when the dialog was cancelled.
#[tauri::command]
pub async fn save_diagnostics<R: Runtime>(
    app: AppHandle<R>,
    diagnostics: State<'_, Diagnostics>,
) -> AppResult<Option<String>> {
    let Some(path) = super::exports::save_destination(&app, FILE_NAME, ("JSON", &["json"]))? else {
        return Ok(None);
    };
    diagnostics.save(&path)?;
    Ok(Some(path.display().to_string()))
}

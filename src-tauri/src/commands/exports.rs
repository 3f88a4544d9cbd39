//! Exports written where the user chooses in the system's save dialog: the audit log
//! and the watchlist as CSV, the drift counts, the team's signed checkpoint, a file's
//! dossier for an auditor.

use std::path::PathBuf;

use tauri::{AppHandle, Runtime, State};
use tauri_plugin_dialog::DialogExt;

use kyb_desk_core::desk::{Desk, ExportedCheckpoint, ExportedDossier};
use kyb_desk_core::error::{AppError, AppResult, Task};
use kyb_desk_core::evidence::files::EvidenceFiles;

/// Writes those counts as JSON where the analyst chooses (see [`save_destination`]);
/// the path written, or None when the dialog was cancelled.
#[tauri::command]
pub async fn export_drift<R: Runtime>(
    app: AppHandle<R>,
    desk: State<'_, Desk>,
) -> AppResult<Option<String>> {
    let Some(path) = save_destination(
        &app,
        "kyb-desk-respuestas-del-servicio.json",
        ("JSON", &["json"]),
    )?
    else {
        return Ok(None);
    };
    desk.export_drift(&path)?;
    Ok(Some(path.display().to_string()))
}

/// A supervisor signs the team's trail as it is now and saves the checkpoint where
/// they choose (None when they cancel).
#[tauri::command]
pub async fn export_team_checkpoint<R: Runtime>(
    app: AppHandle<R>,
    desk: State<'_, Desk>,
) -> AppResult<Option<ExportedCheckpoint>> {
    let Some(path) = save_destination(&app, "kyb-desk-punto-de-control.json", ("JSON", &["json"]))?
    else {
        return Ok(None);
    };
    desk.export_team_checkpoint(&path).await.map(Some)
}

/// Where a CSV goes (see [`save_destination`]).
pub(super) fn csv_destination<R: Runtime>(
    app: &AppHandle<R>,
    name: &str,
) -> AppResult<Option<PathBuf>> {
    save_destination(app, name, ("CSV", &["csv"]))
}

/// Where an export goes: where the analyst chooses in the system's save dialog,
/// suggesting `name` (None when they cancel it). The webview never names a path: a
/// page that could would write anywhere the user can.
pub(super) fn save_destination<R: Runtime>(
    app: &AppHandle<R>,
    name: &str,
    (kind, extensions): (&str, &[&str]),
) -> AppResult<Option<PathBuf>> {
    if let Some(dir) = test_save_dir(app) {
        return Ok(Some(dir.join(name)));
    }
    let chosen = app
        .dialog()
        .file()
        .add_filter(kind, extensions)
        .set_file_name(name)
        .blocking_save_file();
    chosen
        .map(|file| {
            file.into_path()
                .map_err(|e| AppError::desktop(Task::UseChosenPath, e))
        })
        .transpose()
}

/// The tests' way past the native dialog, which WebDriver cannot drive: a debug build
/// saves, under the suggested name, in the folder a managed [`TestSaveTo`] names. A
/// release build has no such way.
#[cfg(debug_assertions)]
fn test_save_dir<R: Runtime>(app: &AppHandle<R>) -> Option<PathBuf> {
    use tauri::Manager;
    app.try_state::<TestSaveTo>().map(|to| to.0.clone())
}

#[cfg(not(debug_assertions))]
fn test_save_dir<R: Runtime>(_app: &AppHandle<R>) -> Option<PathBuf> {
    None
}

/// The folder a debug build saves exports in instead of asking (see
/// [`test_save_dir`]); the app manages one when started with [`TEST_SAVE_DIR`] set.
pub struct TestSaveTo(pub PathBuf);

/// The variable a debug build reads at start for [`TestSaveTo`].
pub const TEST_SAVE_DIR: &str = "KYB_DESK_TEST_SAVE_DIR";

/// Writes the audit log as CSV (see [`csv_destination`]).
#[tauri::command]
pub async fn export_audit_csv<R: Runtime>(
    app: AppHandle<R>,
    desk: State<'_, Desk>,
) -> AppResult<Option<SavedCsv>> {
    let Some(path) = csv_destination(&app, "bitacora-kyb-desk.csv")? else {
        return Ok(None);
    };
    let rows = desk.export_audit_csv(&path)?;
    Ok(Some(SavedCsv {
        path: path.display().to_string(),
        rows,
    }))
}

/// Writes the active profile's watchlist as CSV (see [`csv_destination`]).
#[tauri::command]
pub async fn export_watchlist_csv<R: Runtime>(
    app: AppHandle<R>,
    desk: State<'_, Desk>,
) -> AppResult<Option<SavedCsv>> {
    let Some(path) = csv_destination(&app, "seguimiento-kyb-desk.csv")? else {
        return Ok(None);
    };
    let rows = desk.export_watchlist_csv(&path)?;
    Ok(Some(SavedCsv {
        path: path.display().to_string(),
        rows,
    }))
}

/// Where a CSV went and how many rows (entries, files) it holds.
#[derive(Debug, Clone, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct SavedCsv {
    pub path: String,
    pub rows: u32,
}

/// Builds a file's dossier for an auditor (`docs/DOSSIER.md`) and saves the ZIP where
/// the analyst chooses (None when they cancel).
#[tauri::command]
pub async fn export_dossier<R: Runtime>(
    app: AppHandle<R>,
    desk: State<'_, Desk>,
    files: State<'_, EvidenceFiles>,
    flow_id: String,
    rfc: String,
    document_id: String,
    with_documents: bool,
) -> AppResult<Option<SavedDossier>> {
    let Some(path) = save_destination(&app, &dossier_name(&document_id), ("ZIP", &["zip"]))? else {
        return Ok(None);
    };
    let exported = desk
        .export_dossier(&files, &flow_id, &rfc, &document_id, &path, with_documents)
        .await?;
    Ok(Some(SavedDossier {
        path: path.display().to_string(),
        exported,
    }))
}

/// The suggested name: the page names the file, never a path, so only letters, digits
/// and dashes of it are kept.
fn dossier_name(document_id: &str) -> String {
    let id: String = document_id
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .take(64)
        .collect();
    format!("expediente-auditoria-{id}.zip")
}

/// Where a dossier went, and its digest as the audit log records it.
#[derive(Debug, Clone, serde::Serialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct SavedDossier {
    pub path: String,
    #[serde(flatten)]
    pub exported: ExportedDossier,
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_dossier_s_name_never_leaves_the_chosen_folder() {
        assert_eq!(
            super::dossier_name("../../etc/passwd"),
            "expediente-auditoria-etcpasswd.zip"
        );
    }
}

//! The risk lists the desk screens with (SAT 69-B and art. 69, OFAC, UN,
//! OpenSanctions): importing one from files the user picks in the system's dialog or
//! from the address the managed policy names, and disposing of a hit. The webview
//! never names a path nor an address.

use std::path::PathBuf;

use kyb_desk_core::desk::{
    Desk, DisposeHit, ImportProgress, ImportedList, ListImport, RiskListPage,
};
use kyb_desk_core::error::{AppError, AppResult, Task};
use kyb_desk_core::images::ImageFetcher;
use kyb_desk_core::screening::ListFormat;
use kyb_desk_core::screening::dispositions::Disposition;
use tauri::ipc::Channel;
use tauri::{AppHandle, Runtime, State};
use tauri_plugin_dialog::DialogExt;

/// The fetcher of the lists the policy names: the evidence's rules (https, public
/// addresses, no redirect), with the time a list of a few hundred MB needs.
pub struct ListFetcher(pub ImageFetcher);

impl ListFetcher {
    pub fn new(demo_base: Option<&tauri::Url>) -> AppResult<Self> {
        ImageFetcher::with_time(demo_base, std::time::Duration::from_secs(15 * 60)).map(Self)
    }
}

#[tauri::command]
pub async fn risk_lists(desk: State<'_, Desk>) -> AppResult<RiskListPage> {
    desk.risk_list_page().await
}

/// Imports the list of `format` from the address the policy (or the demo) offers.
#[tauri::command]
pub async fn import_list_from(
    desk: State<'_, Desk>,
    fetcher: State<'_, ListFetcher>,
    format: ListFormat,
    on_progress: Channel<ImportProgress>,
) -> AppResult<ImportedList> {
    desk.import_list_from(format, &fetcher.0, &|p| {
        let _ = on_progress.send(p);
    })
    .await
}

/// Asks for the list's file(s) (OFAC's `sdn.csv` with `alt.csv`) and imports them; none
/// when the user cancels.
#[tauri::command]
pub async fn import_list<R: Runtime>(
    app: AppHandle<R>,
    desk: State<'_, Desk>,
    format: ListFormat,
    on_progress: Channel<ImportProgress>,
) -> AppResult<Option<ImportedList>> {
    let Some(paths) = list_sources(&app, format)? else {
        return Ok(None);
    };
    let paths = paths.iter().map(|p| p.display().to_string()).collect();
    desk.import_list(ListImport { format, paths }, &|p| {
        let _ = on_progress.send(p);
    })
    .await
    .map(Some)
}

#[tauri::command]
pub async fn dispose_hit(desk: State<'_, Desk>, request: DisposeHit) -> AppResult<Disposition> {
    desk.dispose_hit(request).await
}

fn filter(format: ListFormat) -> (&'static str, &'static [&'static str]) {
    match format {
        ListFormat::UnConsolidated => ("XML", &["xml"]),
        _ => ("CSV", &["csv", "CSV"]),
    }
}

fn list_sources<R: Runtime>(
    app: &AppHandle<R>,
    format: ListFormat,
) -> AppResult<Option<Vec<PathBuf>>> {
    if let Some(dir) = test_open_dir(app) {
        return test_sources(&dir, format).map(Some);
    }
    let (kind, extensions) = filter(format);
    let dialog = app.dialog().file().add_filter(kind, extensions);
    // OFAC's aliases come in a second file.
    let chosen = if format == ListFormat::OfacSdn {
        dialog.blocking_pick_files()
    } else {
        dialog.blocking_pick_file().map(|f| vec![f])
    };
    chosen
        .map(|files| {
            files
                .into_iter()
                .map(|f| {
                    f.into_path()
                        .map_err(|e| AppError::desktop(Task::UseChosenPath, e))
                })
                .collect::<AppResult<Vec<PathBuf>>>()
        })
        .transpose()
}

/// The journeys' way past the native dialog (a debug build only): the files of the
/// folder `<KYB_DESK_TEST_OPEN_DIR>/<format>` (`sat69b`, `ofac_sdn`…).
#[cfg(debug_assertions)]
fn test_open_dir<R: Runtime>(app: &AppHandle<R>) -> Option<PathBuf> {
    use tauri::Manager;
    app.try_state::<TestOpenFrom>().map(|from| from.0.clone())
}

#[cfg(not(debug_assertions))]
fn test_open_dir<R: Runtime>(_app: &AppHandle<R>) -> Option<PathBuf> {
    None
}

fn test_sources(dir: &std::path::Path, format: ListFormat) -> AppResult<Vec<PathBuf>> {
    let name = serde_json::to_value(format)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default();
    let mut paths: Vec<PathBuf> = std::fs::read_dir(dir.join(name))
        .map_err(|e| AppError::desktop(Task::UseChosenPath, e))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    paths.sort();
    Ok(paths)
}

/// The folder a debug build takes list files from instead of asking (see
/// [`test_open_dir`]); managed when [`TEST_OPEN_DIR`] is set at start.
pub struct TestOpenFrom(pub PathBuf);

pub const TEST_OPEN_DIR: &str = "KYB_DESK_TEST_OPEN_DIR";

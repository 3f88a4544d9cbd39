//! The `#[tauri::command]`s: each is a one-line call into a module that can be
//! tested without a window (mostly [`Desk`]). Errors cross as [`AppError`].

use std::path::PathBuf;

use kyb_api::drift::DriftReport;
use kyb_api::models::correction::CorrectionResult;
use kyb_api::models::file::{CreatedFile, EnrollmentLink};
use kyb_api::requests::{ComplementaryInfoRequest, CreateFileRequest};
use tauri::ipc::Channel;
use tauri::{AppHandle, Manager, Runtime, State};
use tauri_plugin_clipboard_manager::ClipboardExt;
use tauri_plugin_dialog::DialogExt;
use tauri_plugin_notification::NotificationExt;
use tauri_plugin_opener::OpenerExt;

use crate::Shell;
use crate::evidence_window;
use crate::file_link_delivery;
use crate::key_origin::{self, KeyOriginQuestion, Language};
use crate::preferences::{PreferenceChange, PreferenceStore, Preferences};
use crate::service_facts::AppInfo;
use crate::startup::Startup;
use kyb_desk_core::audit::{AuditEntries, ChainReport};
use kyb_desk_core::desk::{
    AddedSections, CorrectionPreview, Desk, ExportedCheckpoint, FileDetail, FileTracking,
    IssuedLink, ReviewMaterial, VerificationState,
};
use kyb_desk_core::detail_snapshots::DetailChanges;
use kyb_desk_core::drafts::{Draft, NewFileDraft};
use kyb_desk_core::error::{AppError, AppResult, Failure, Task};
use kyb_desk_core::evidence::files::{EvidenceFile, EvidenceFiles};
use kyb_desk_core::file_address::{self, FileLink};
use kyb_desk_core::guide::DemoGuide;
use kyb_desk_core::images::{ImageFetcher, PhotoCheck};
use kyb_desk_core::navigation;
use kyb_desk_core::profiles::{Profile, ProfileBook, ProfileInput};
use kyb_desk_core::reasons::ReasonCatalogue;
use kyb_desk_core::recovery::Recovery;
use kyb_desk_core::secrets::KeyStatus;
use kyb_desk_core::watchlist::{ImportReport, RefreshProgress, WatchedFile};

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

#[tauri::command]
pub async fn tracking(
    desk: State<'_, Desk>,
    flow_id: String,
    rfc: String,
) -> AppResult<FileTracking> {
    desk.tracking(&flow_id, &rfc).await
}

#[tauri::command]
pub async fn file_detail(desk: State<'_, Desk>, document_id: String) -> AppResult<FileDetail> {
    desk.file_detail(&document_id).await
}

#[tauri::command]
pub async fn create_file(
    desk: State<'_, Desk>,
    request: CreateFileRequest,
) -> AppResult<CreatedFile> {
    desk.create_file(request).await
}

/// Every rule the create-file request must meet, as `kyb_api` checks it before
/// sending (the one place those rules live), on the request as the client sends it
/// (its RFC upper-cased); empty when it may be sent.
#[tauri::command]
pub fn check_new_file(request: CreateFileRequest) -> Vec<Failure> {
    kyb_api::validate::create_file_failures(&request.normalized())
}

/// The correction request the file's saved draft makes, with the rules it breaks
/// (kyb_api's, each in its section where it has one).
#[tauri::command]
pub fn preview_correction(
    desk: State<'_, Desk>,
    document_id: String,
) -> AppResult<CorrectionPreview> {
    desk.preview_correction(&document_id)
}

/// Sends the file's saved draft as the preview `previewed` showed it.
#[tauri::command]
pub async fn send_correction(
    desk: State<'_, Desk>,
    document_id: String,
    previewed: String,
) -> AppResult<CorrectionResult> {
    desk.send_correction(&document_id, &previewed).await
}

#[tauri::command]
pub async fn add_complementary_info(
    desk: State<'_, Desk>,
    request: ComplementaryInfoRequest,
) -> AppResult<AddedSections> {
    desk.add_complementary_info(request).await
}

#[tauri::command]
pub async fn enrollment_link(
    desk: State<'_, Desk>,
    document_id: String,
    person_id: String,
) -> AppResult<EnrollmentLink> {
    desk.enrollment_link(&document_id, &person_id).await
}

#[tauri::command]
pub fn issued_links(desk: State<'_, Desk>, document_id: String) -> AppResult<Vec<IssuedLink>> {
    desk.issued_links(&document_id)
}

#[tauri::command]
pub async fn verification(desk: State<'_, Desk>, folio: String) -> AppResult<VerificationState> {
    desk.verification(&folio).await
}

#[tauri::command]
pub async fn resend_verification(desk: State<'_, Desk>, folio: String) -> AppResult<()> {
    desk.resend_verification(&folio).await
}

#[tauri::command]
pub async fn cancel_verification(desk: State<'_, Desk>, folio: String) -> AppResult<()> {
    desk.cancel_verification(&folio).await
}

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

#[tauri::command]
pub fn verify_audit(desk: State<'_, Desk>) -> AppResult<ChainReport> {
    desk.verify_audit()
}

/// Where a CSV goes (see [`save_destination`]).
fn csv_destination<R: Runtime>(app: &AppHandle<R>, name: &str) -> AppResult<Option<PathBuf>> {
    save_destination(app, name, ("CSV", &["csv"]))
}

/// Where an export goes: where the analyst chooses in the system's save dialog,
/// suggesting `name` (None when they cancel it). The webview never names a path: a
/// page that could would write anywhere the user can.
fn save_destination<R: Runtime>(
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

#[tauri::command]
pub fn open_external<R: Runtime>(
    app: AppHandle<R>,
    shell: State<'_, Shell>,
    url: String,
) -> AppResult<()> {
    let url = navigation::checked_external(&url, shell.demo_base.as_ref())?;
    app.opener()
        .open_url(url.as_str(), None::<&str>)
        .map_err(|e| AppError::desktop(Task::OpenLink, e))
}

/// A picture the service links to, as a `data:` URL (see `images`).
#[tauri::command]
pub async fn fetch_image(
    images: State<'_, ImageFetcher>,
    shell: State<'_, Shell>,
    url: String,
) -> AppResult<String> {
    let url = navigation::checked_external(&url, shell.demo_base.as_ref())?;
    images.fetch(&url).await
}

/// A verification photo, with whether its bytes match the service's `HashSha256`.
#[tauri::command]
pub async fn check_photo(
    images: State<'_, ImageFetcher>,
    shell: State<'_, Shell>,
    url: String,
    expected_sha256: String,
) -> AppResult<PhotoCheck> {
    let url = navigation::checked_external(&url, shell.demo_base.as_ref())?;
    images.check(&url, &expected_sha256).await
}

/// A file's tracking, detail and the evidence of each section, for its review.
#[tauri::command]
pub async fn review_material(
    desk: State<'_, Desk>,
    files: State<'_, EvidenceFiles>,
    flow_id: String,
    rfc: String,
    document_id: String,
) -> AppResult<ReviewMaterial> {
    desk.review_material(&files, &flow_id, &rfc, &document_id)
        .await
}

/// A document or photo of a section's evidence, by the handle its evidence gave.
#[tauri::command]
pub async fn evidence_file(
    files: State<'_, EvidenceFiles>,
    handle: String,
) -> AppResult<EvidenceFile> {
    files.open(&handle).await
}

/// The bytes of a file [`evidence_file`] accepted as `sha256`, as they are (an
/// ArrayBuffer in the window, never a URL).
#[tauri::command]
pub async fn evidence_bytes(
    files: State<'_, EvidenceFiles>,
    handle: String,
    sha256: String,
) -> AppResult<tauri::ipc::Response> {
    Ok(tauri::ipc::Response::new(
        files.bytes(&handle, &sha256).await?.to_vec(),
    ))
}

/// The analyst accepts a section knowing of its high findings (audited first).
#[tauri::command]
pub async fn acknowledge_findings(
    desk: State<'_, Desk>,
    document_id: String,
    section: String,
) -> AppResult<()> {
    desk.acknowledge_findings(&document_id, &section).await
}

/// Opens the evidence window (or brings it forward), titled in the user's language.
#[tauri::command]
pub async fn open_evidence_window<R: Runtime>(app: AppHandle<R>, title: String) -> AppResult<()> {
    evidence_window::open(&app, &title)
}

/// The review closed: its evidence window goes too.
#[tauri::command]
pub fn close_evidence_window<R: Runtime>(app: AppHandle<R>) {
    evidence_window::close(&app);
}

/// The review's focused section, for the evidence window to follow.
#[tauri::command]
pub fn show_evidence<R: Runtime>(
    app: AppHandle<R>,
    shown: State<'_, evidence_window::Shown>,
    view: serde_json::Value,
) -> AppResult<()> {
    evidence_window::show(&app, &shown, view)
}

/// What the review last showed (the evidence window asks when it opens).
#[tauri::command]
pub fn evidence_view(shown: State<'_, evidence_window::Shown>) -> Option<serde_json::Value> {
    evidence_window::current(&shown)
}

/// Tells the OS, in a notification, what an automatic refresh found (`body`, in the
/// user's words), only while the window is out of sight: minimised, hidden, or its page
/// hidden (`page_hidden`, the page's own word). Data already on screen is not notified.
/// Whether it was shown.
#[tauri::command]
pub fn notify_if_hidden<R: Runtime>(
    app: AppHandle<R>,
    body: String,
    page_hidden: bool,
) -> AppResult<bool> {
    let out_of_sight = page_hidden
        || app.get_webview_window("main").is_none_or(|window| {
            window.is_minimized().unwrap_or(false) || !window.is_visible().unwrap_or(true)
        });
    if !out_of_sight {
        return Ok(false);
    }
    app.notification()
        .builder()
        .title("KYB Desk")
        .body(body)
        .show()
        .map_err(|e| AppError::desktop(Task::Notify, e))?;
    Ok(true)
}

/// Puts text (a correction link, an enrollment link) on the system clipboard.
#[tauri::command]
pub fn copy_text<R: Runtime>(app: AppHandle<R>, text: String) -> AppResult<()> {
    app.clipboard()
        .write_text(text)
        .map_err(|e| AppError::desktop(Task::CopyText, e))
}

/// Copies the link to a file (`kybdesk://expediente/<DocumentId>`), and returns it.
#[tauri::command]
pub fn copy_file_link<R: Runtime>(app: AppHandle<R>, document_id: String) -> AppResult<String> {
    let link = file_address::file_link(&document_id)?;
    app.clipboard()
        .write_text(link.clone())
        .map_err(|e| AppError::desktop(Task::CopyText, e))?;
    Ok(link)
}

/// The window listens for links to a file: `on_link` receives each one, first the one
/// that waited for it (the app's start, or a link during a reload).
#[tauri::command]
pub fn file_links(inbox: State<'_, file_link_delivery::Inbox>, on_link: Channel<FileLink>) {
    inbox.listen(on_link, file_link_delivery::deliver);
}

#[tauri::command]
pub fn detail_changes(desk: State<'_, Desk>, document_id: String) -> AppResult<DetailChanges> {
    desk.detail_changes(&document_id)
}

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

/// The UI tells when the watchlist first painted with its rows (see `startup.rs`).
#[tauri::command]
pub fn startup_painted(startup: State<'_, Startup>, rows: u32, page_ms: f64) {
    startup.painted(rows, page_ms);
}

//! Commands of a review's evidence: its material, documents and photos fetched and
//! judged by the core, the high findings acknowledged, and the evidence window.

use tauri::{AppHandle, Runtime, State};

use crate::Shell;
use crate::evidence_window;
use kyb_desk_core::desk::{Desk, ReviewMaterial};
use kyb_desk_core::error::AppResult;
use kyb_desk_core::evidence::SectionEvidence;
use kyb_desk_core::evidence::files::{EvidenceFile, EvidenceFiles};
use kyb_desk_core::images::{ImageFetcher, PhotoCheck};
use kyb_desk_core::navigation;

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
/// What is wrong with it becomes a finding of its sections (see `evidence::unreadable`).
pub async fn evidence_file(
    desk: State<'_, Desk>,
    files: State<'_, EvidenceFiles>,
    handle: String,
) -> AppResult<EvidenceFile> {
    desk.evidence_file(&files, &handle).await
}

/// Every document of a section judged before it is accepted: the section's evidence
/// with what they add.
#[tauri::command]
pub async fn judge_section(
    desk: State<'_, Desk>,
    files: State<'_, EvidenceFiles>,
    document_id: String,
    section: String,
) -> AppResult<SectionEvidence> {
    desk.judge_section(&files, &document_id, &section).await
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

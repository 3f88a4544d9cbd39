//! Commands that call the service: reads, and the state-changing calls (each sent
//! once and audited by the desk core).

use kyb_api::models::correction::CorrectionResult;
use kyb_api::models::file::{CreatedFile, EnrollmentLink};
use kyb_api::requests::{ComplementaryInfoRequest, CreateFileRequest};
use tauri::State;

use kyb_desk_core::desk::{
    AddedSections, CorrectionPreview, Desk, FileDetail, FileTracking, IssuedLink, VerificationState,
};
use kyb_desk_core::error::{AppResult, Failure};

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

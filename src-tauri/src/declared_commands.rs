// Every command a window may call, declared once (after Yaak's `with_commands!`). From this
// one list:
// - `lib.rs` registers the handler (`tauri::generate_handler!`);
// - `build.rs` (which `include!`s this file) lists the commands for
//   `tauri_build::AppManifest::commands`, so each needs an explicit `allow-<name>`;
// - `ui/src/api/commands.ts`, the UI's typed client, is generated (see `command_client.rs`):
//   a wrong command name or argument type in the UI fails `tsc`;
// - the capability files `capabilities/<window>.json` are checked against it.
//
// HOW TO ADD A COMMAND
// 1. Write the `#[tauri::command]` fn (in the group of `commands/` it belongs to, or `team.rs`).
// 2. Add one line to `commands { }` below: `module::name(arg: Type, ...) -> Answer, [windows];`
//    with the arguments as the fn takes them (State, AppHandle and the like left out, snake_case
//    names: the UI sends them in camelCase), the answer as it crosses (`T` for `AppResult<T>`,
//    `()` for nothing, `Bytes` for a `tauri::ipc::Response`, `Json` for a `serde_json::Value`,
//    `Channel<T>` for a `tauri::ipc::Channel<T>`), and the windows whose capability allows it
//    (`main`, `evidence`). A type not yet named here goes into `types { }` (`use ...;`).
// 3. `make bindings` (`UPDATE_BINDINGS=1 cargo test -p kyb-desk --lib bindings`) rewrites
//    `ui/src/api/commands.ts`, `capabilities/*.json` and `ui/src/bindings/`; commit them.
// 4. Call it from `ui/src/api/backend.ts` (through the generated client) and cover it in
//    `tests/ipc.rs` (`every_command_answers_through_ipc` fails on a command it never calls).
//
// Capabilities: generated from this list, not hand-edited. A window's capability file keeps its
// own identifier, description and non-command permissions (`core:...`); its `allow-<command>`
// entries are exactly the commands declared for that window, in this order. The bindings test
// fails when a file differs and `make bindings` rewrites it (tauri-build reads the files when the
// app is built, so they are committed, like the bindings).
//
// Plain `//` comments only: `build.rs` includes this file, where inner docs are not allowed.

/// Calls `$callback! { types { ... } commands { ... } }` with every declared command (see the
/// top of `declared_commands.rs`). A callback may ignore the types (`build.rs` does: they
/// need not resolve there).
#[macro_export]
macro_rules! with_commands {
    ($callback:ident) => {
        $callback! {
            types {
                use $crate::service_facts::AppInfo;
                use $crate::commands::{SavedCsv, SavedDossier};
                use $crate::preference_store::{PreferenceChange, Preferences};
                use kyb_api::drift::DriftReport;
                use kyb_api::models::correction::CorrectionResult;
                use kyb_api::models::file::{CreatedFile, EnrollmentLink};
                use kyb_api::requests::{ComplementaryInfoRequest, CreateFileRequest};
                use kyb_desk_core::audit::{AuditEntries, ChainReport};
                use kyb_desk_core::file_address::FileLink;
                use kyb_desk_core::desk::{
                    AddedMember, AddedSections, CorrectionPreview, ExportedCheckpoint, FileDetail, FileTracking,
                    HistoryItem, IssuedLink, ReviewMaterial, TeamQueue, TeamStatus, TeamTrail, VerificationState,
                };
                use kyb_desk_core::drafts::{Draft, NewFileDraft};
                use kyb_desk_core::error::Failure;
                use kyb_desk_core::evidence::files::EvidenceFile;
                use kyb_desk_core::evidence::SectionEvidence;
                use kyb_desk_core::guide::DemoGuide;
                use kyb_desk_core::policy::PolicyView;
                use kyb_desk_core::desk::{DisposeHit, ImportProgress, ImportedList, RiskListPage};
                use kyb_desk_core::screening::ListFormat;
                use kyb_desk_core::screening::dispositions::Disposition;
                use kyb_desk_core::detail_snapshots::DetailChanges;
                use kyb_desk_core::diagnostics::DiagnosticsBundle;
                use kyb_desk_core::images::PhotoCheck;
                use kyb_desk_core::profiles::{Locale, Profile, ProfileBook, ProfileInput};
                use kyb_desk_core::reasons::ReasonCatalogue;
                use kyb_desk_core::recovery::Recovery;
                use kyb_desk_core::secrets::KeyStatus;
                use kyb_desk_core::sla::SlaPolicy;
                use kyb_desk_core::desk::SlaBoard;
                use kyb_desk_core::desk::{BulkProgress, BulkReport, BulkUnfollowed, SelectedFile};
                use kyb_desk_core::dashboard::{Dashboard, DashboardQuery};
                use kyb_desk_core::watchlist::{ImportReport, RefreshProgress, WatchedFile};
                use kyb_desk_core::desk::{DeskVersion, ReassignSelection};
                use kyb_team::{Placement, ReassignPlan, Workload};
                use kyb_team::{
                    Approval, ApprovalAction, Change, Claim, FourEyes, Member, Mention, Note, QueueFilter,
                    Role, SavedView, ShownRequest, TeamFile, ViewFilter,
                };
            }
            commands {
                commands::app_info() -> AppInfo, [main];
                commands::demo_guide() -> Option<DemoGuide>, [main];
                commands::policy() -> PolicyView, [main];
                commands::profiles() -> ProfileBook, [main];
                commands::check_profile(input: ProfileInput) -> Vec<Failure>, [main];
                commands::save_profile(input: ProfileInput) -> Profile, [main];
                commands::save_reasons(profile_id: String, reasons: ReasonCatalogue) -> Profile, [main];
                commands::save_customer_language(profile_id: String, language: Option<Locale>) -> Profile, [main];
                commands::delete_profile(id: String) -> ProfileBook, [main];
                commands::activate_profile(id: String) -> ProfileBook, [main];
                commands::key_status(profile_id: String) -> KeyStatus, [main];
                commands::set_api_key(profile_id: String, key: String, session_only: bool) -> KeyStatus, [main];
                commands::delete_api_key(profile_id: String) -> KeyStatus, [main];
                commands::confirm_key_origin(profile_id: String, language: String) -> KeyStatus, [main];
                commands::check_connection(profile_id: String) -> (), [main];
                commands::tracking(flow_id: String, rfc: String) -> FileTracking, [main];
                commands::file_detail(document_id: String) -> FileDetail, [main];
                commands::create_file(request: CreateFileRequest) -> CreatedFile, [main];
                commands::preview_correction(document_id: String) -> CorrectionPreview, [main];
                commands::send_correction(document_id: String, previewed: String) -> CorrectionResult, [main];
                commands::add_complementary_info(request: ComplementaryInfoRequest) -> AddedSections, [main];
                commands::enrollment_link(document_id: String, person_id: String) -> EnrollmentLink, [main];
                commands::verification(folio: String) -> VerificationState, [main];
                commands::resend_verification(folio: String) -> (), [main];
                commands::cancel_verification(folio: String) -> (), [main];
                commands::save_draft(draft: Draft) -> Draft, [main];
                commands::load_draft(document_id: String) -> Option<Draft>, [main];
                commands::discard_draft(document_id: String) -> (), [main];
                commands::save_new_file_draft(draft: NewFileDraft) -> NewFileDraft, [main];
                commands::load_new_file_draft() -> Option<NewFileDraft>, [main];
                commands::discard_new_file_draft() -> (), [main];
                commands::audit_entries() -> AuditEntries, [main];
                commands::verify_audit() -> ChainReport, [main];
                commands::recoveries() -> Vec<Recovery>, [main];
                commands::preferences() -> Preferences, [main, evidence];
                commands::set_preference(change: PreferenceChange) -> Preferences, [main];
                commands::drift_report() -> DriftReport, [main];
                commands::export_drift() -> Option<String>, [main];
                commands::preview_diagnostics() -> DiagnosticsBundle, [main];
                commands::save_diagnostics() -> Option<String>, [main];
                commands::export_team_checkpoint() -> Option<ExportedCheckpoint>, [main];
                commands::export_audit_csv() -> Option<SavedCsv>, [main];
                commands::export_watchlist_csv() -> Option<SavedCsv>, [main];
                commands::dashboard(query: DashboardQuery) -> Dashboard, [main];
                commands::export_dashboard_csv(query: DashboardQuery) -> Option<SavedCsv>, [main];
                commands::export_dossier(flow_id: String, rfc: String, document_id: String, with_documents: bool) -> Option<SavedDossier>, [main];
                commands::open_external(url: String) -> (), [main];
                commands::copy_text(text: String) -> (), [main];
                commands::copy_file_link(document_id: String) -> String, [main];
                commands::file_links(on_link: Channel<FileLink>) -> (), [main];
                commands::notify_if_hidden(body: String, page_hidden: bool) -> bool, [main];
                commands::startup_painted(rows: u32, page_ms: f64) -> (), [main];
                commands::fetch_image(url: String) -> String, [main];
                commands::check_photo(url: String, expected_sha256: String) -> PhotoCheck, [main];
                commands::review_material(flow_id: String, rfc: String, document_id: String) -> ReviewMaterial, [main];
                commands::evidence_file(handle: String) -> EvidenceFile, [main, evidence];
                commands::evidence_bytes(handle: String, sha256: String) -> Bytes, [main, evidence];
                commands::judge_section(document_id: String, section: String) -> SectionEvidence, [main];
                commands::acknowledge_findings(document_id: String, section: String) -> (), [main];
                commands::risk_lists() -> RiskListPage, [main];
                commands::import_list(format: ListFormat, on_progress: Channel<ImportProgress>) -> Option<ImportedList>, [main];
                commands::import_list_from(format: ListFormat, on_progress: Channel<ImportProgress>) -> ImportedList, [main];
                commands::dispose_hit(request: DisposeHit) -> Disposition, [main];
                commands::open_evidence_window(title: String) -> (), [main];
                commands::close_evidence_window() -> (), [main];
                commands::show_evidence(view: Json) -> (), [main];
                commands::evidence_view() -> Option<Json>, [evidence];
                commands::issued_links(document_id: String) -> Vec<IssuedLink>, [main];
                commands::check_new_file(request: CreateFileRequest) -> Vec<Failure>, [main];
                commands::detail_changes(document_id: String) -> DetailChanges, [main];
                commands::watchlist() -> Vec<WatchedFile>, [main];
                commands::watch_file(flow_id: String, rfc: String) -> Vec<WatchedFile>, [main];
                commands::unwatch_file(flow_id: String, rfc: String) -> Vec<WatchedFile>, [main];
                commands::restore_watched_file(file: WatchedFile) -> Vec<WatchedFile>, [main];
                commands::import_watchlist_csv(text: String, default_flow_id: String) -> ImportReport, [main];
                commands::mark_watch_seen(flow_id: String, rfc: String) -> Option<WatchedFile>, [main];
                commands::refresh_watchlist(failed_only: Option<bool>, on_progress: Channel<RefreshProgress>) -> Vec<WatchedFile>, [main];
                commands::sla_board() -> SlaBoard, [main];
                commands::sla_notices_shown(files: Vec<SelectedFile>) -> (), [main];
                commands::sla_policy() -> SlaPolicy, [main];
                commands::set_sla_policy(policy: SlaPolicy) -> SlaPolicy, [main];
                team::team_status() -> TeamStatus, [main];
                team::set_team_password(profile_id: String, password: String) -> KeyStatus, [main];
                team::team_queue(filter: QueueFilter) -> TeamQueue, [main];
                team::take_next() -> Option<TeamFile>, [main];
                team::assign_file(flow_id: String, rfc: String, member: Option<String>) -> (), [main];
                team::claim_file(document_id: String, take_lapsed: bool) -> Claim, [main];
                team::release_file(document_id: String) -> (), [main];
                team::take_over_claim(document_id: String, reason: String) -> Claim, [main];
                team::file_notes(document_id: String) -> Vec<Note>, [main];
                team::add_note(document_id: String, body: String, key: String) -> Note, [main];
                team::my_mentions(unseen: bool) -> Vec<Mention>, [main];
                team::mentions_seen(ids: Vec<u32>) -> (), [main];
                team::file_history(document_id: String) -> Vec<HistoryItem>, [main];
                commands::refresh_files(rows: Vec<SelectedFile>, on_progress: Channel<RefreshProgress>) -> BulkReport, [main];
                commands::assign_files(rows: Vec<SelectedFile>, member: Option<String>, on_progress: Channel<BulkProgress>) -> BulkReport, [main];
                commands::unfollow_files(rows: Vec<SelectedFile>) -> BulkUnfollowed, [main];
                commands::restore_watched_files(files: Vec<WatchedFile>) -> Vec<WatchedFile>, [main];
                commands::export_files_csv(rows: Vec<SelectedFile>) -> Option<SavedCsv>, [main];
                commands::saved_views() -> Vec<SavedView>, [main];
                commands::save_view(name: String, filter: ViewFilter, shared: bool) -> Vec<SavedView>, [main];
                commands::share_view(id: u32, shared: bool) -> Vec<SavedView>, [main];
                commands::delete_view(id: u32) -> Vec<SavedView>, [main];
                team::team_members() -> Vec<Member>, [main];
                team::set_member_role(login: String, role: Role) -> Vec<Member>, [main];
                team::add_member(login: String, email: String, role: Role, bind: bool) -> AddedMember, [main];
                team::reset_member_password(login: String) -> AddedMember, [main];
                team::remove_member(login: String) -> Vec<Member>, [main];
                team::team_trail() -> TeamTrail, [main];
                team::set_four_eyes(setting: FourEyes) -> FourEyes, [main];
                team::set_desk_version_needed(version: String) -> DeskVersion, [main];
                team::ask_approval(action: ApprovalAction, folio: String, reason: String) -> Approval, [main];
                team::open_approvals() -> Vec<Approval>, [main];
                team::decide_approval(shown: ShownRequest, approve: bool) -> Approval, [main];
                team::team_workload() -> Vec<Workload>, [main];
                team::set_member_cap(login: String, cap: u32) -> Vec<Workload>, [main];
                team::set_member_away(login: String, until: Option<String>) -> Vec<Workload>, [main];
                team::preview_reassign(selection: ReassignSelection, targets: Vec<String>) -> ReassignPlan, [main];
                team::apply_reassign(placements: Vec<Placement>) -> u32, [main];
                team::team_changes(on_change: Channel<Change>) -> (), [main];
            }
        }
    };
}

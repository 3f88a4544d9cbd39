// The one place the UI meets Tauri: every other module calls these functions, so the
// UI can be tested with a mocked IPC and never depends on window internals. Every
// failure arrives as an AppError ({ code, message, details, task, problems }).
import { Channel, invoke } from "@tauri-apps/api/core";
import { listen } from "@tauri-apps/api/event";
import type { AddedMember } from "../bindings/AddedMember";
import type { AddedSections } from "../bindings/AddedSections";
import type { AppError } from "../bindings/AppError";
import type { AppInfo } from "../bindings/AppInfo";
import type { Approval } from "../bindings/Approval";
import type { ApprovalAction } from "../bindings/ApprovalAction";
import type { AuditEntries } from "../bindings/AuditEntries";
import type { ChainReport } from "../bindings/ChainReport";
import type { Claim } from "../bindings/Claim";
import type { ComplementaryInfoRequest } from "../bindings/ComplementaryInfoRequest";
import type { CorrectionRequest } from "../bindings/CorrectionRequest";
import type { CorrectionResult } from "../bindings/CorrectionResult";
import type { CreatedFile } from "../bindings/CreatedFile";
import type { CreateFileRequest } from "../bindings/CreateFileRequest";
import type { DemoGuide } from "../bindings/DemoGuide";
import type { DetailChanges } from "../bindings/DetailChanges";
import type { Draft } from "../bindings/Draft";
import type { DriftReport } from "../bindings/DriftReport";
import type { EnrollmentLink } from "../bindings/EnrollmentLink";
import type { EvidenceFile } from "../bindings/EvidenceFile";
import type { ExportedCheckpoint } from "../bindings/ExportedCheckpoint";
import type { Failure } from "../bindings/Failure";
import type { FileDetail } from "../bindings/FileDetail";
import type { FileLink } from "../bindings/FileLink";
import type { FileTracking } from "../bindings/FileTracking";
import type { FourEyes } from "../bindings/FourEyes";
import type { ImportReport } from "../bindings/ImportReport";
import type { IssuedLink } from "../bindings/IssuedLink";
import type { KeyStatus } from "../bindings/KeyStatus";
import type { Member } from "../bindings/Member";
import type { NewFileDraft } from "../bindings/NewFileDraft";
import type { Note } from "../bindings/Note";
import type { PhotoCheck } from "../bindings/PhotoCheck";
import type { Profile } from "../bindings/Profile";
import type { ProfileBook } from "../bindings/ProfileBook";
import type { ProfileInput } from "../bindings/ProfileInput";
import type { QueueFilter } from "../bindings/QueueFilter";
import type { Recovery } from "../bindings/Recovery";
import type { RefreshProgress } from "../bindings/RefreshProgress";
import type { ReviewMaterial } from "../bindings/ReviewMaterial";
import type { Role } from "../bindings/Role";
import type { SavedCsv } from "../bindings/SavedCsv";
import type { TeamChange } from "../bindings/TeamChange";
import type { TeamFile } from "../bindings/TeamFile";
import type { TeamQueue } from "../bindings/TeamQueue";
import type { TeamStatus } from "../bindings/TeamStatus";
import type { TeamTrail } from "../bindings/TeamTrail";
import type { VerificationState } from "../bindings/VerificationState";
import type { WatchedFile } from "../bindings/WatchedFile";
import type { SectionView } from "../features/evidence/view";
import type { Locale } from "../i18n";

export function isAppError(value: unknown): value is AppError {
  return typeof value === "object" && value !== null && typeof (value as AppError).code === "string" && typeof (value as AppError).message === "string";
}

/** Any failure as an AppError: the backend's own (its lists and task read tolerantly),
 * or the IPC layer's text, which no task of the desk's explains. */
export function asAppError(error: unknown): AppError {
  if (isAppError(error)) return { ...error, details: error.details ?? [], task: error.task ?? null, problems: error.problems ?? [] };
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : JSON.stringify(error);
  return { code: "storage", message, details: [], task: null, problems: [] };
}

async function call<T>(command: string, args?: Record<string, unknown>): Promise<T> {
  try {
    return await invoke<T>(command, args);
  } catch (error) {
    throw asAppError(error);
  }
}

export const appInfo = () => call<AppInfo>("app_info");
/** An OS notification of `body`, shown only while the window is out of sight (the
 * backend checks; `pageHidden` is the page's own word); whether it was shown. */
export const notifyIfHidden = (body: string, pageHidden: boolean) => call<boolean>("notify_if_hidden", { body, pageHidden });
/** The demo's "try this" leads; null outside the demo. */
export const demoGuide = () => call<DemoGuide | null>("demo_guide");
/** The local records found unreadable at start, each set aside and begun afresh. */
export const recoveries = () => call<Recovery[]>("recoveries");

export const profiles = () => call<ProfileBook>("profiles");
export const checkProfile = (input: ProfileInput) => call<Failure[]>("check_profile", { input });
export const saveProfile = (input: ProfileInput) => call<Profile>("save_profile", { input });
/** A profile's edited rejection reasons by kind (a kind left out: its defaults). */
export const saveReasons = (profileId: string, reasons: NonNullable<Profile["reasons"]>) => call<Profile>("save_reasons", { profileId, reasons });
export const activateProfile = (id: string) => call<ProfileBook>("activate_profile", { id });
export const keyStatus = (profileId: string) => call<KeyStatus>("key_status", { profileId });
export const setApiKey = (profileId: string, key: string, sessionOnly: boolean) => call<KeyStatus>("set_api_key", { profileId, key, sessionOnly });
/** Lets the stored key go to the profile's current address (the backend audits it). */
/** Asks the user, in a dialog of the system's (in `language`), whether the key may go to
 * the profile's new address: only their yes there moves it. The key's status after. */
export const confirmKeyOrigin = (profileId: string, language: Locale) => call<KeyStatus>("confirm_key_origin", { profileId, language });
export const deleteApiKey = (profileId: string) => call<KeyStatus>("delete_api_key", { profileId });
export const deleteProfile = (id: string) => call<ProfileBook>("delete_profile", { id });
/** Tries a profile's key and Workspace with the service (active or not); changes nothing. */
export const checkConnection = (profileId: string) => call<null>("check_connection", { profileId });

export const tracking = (flowId: string, rfc: string) => call<FileTracking>("tracking", { flowId, rfc });

/** Version 2, or version 1 when the service has no version 2 of the file. */
export const fileDetail = (documentId: string) => call<FileDetail>("file_detail", { documentId });
/** A review's material: the file's tracking and detail, read together, and each
 * section's evidence (documents, entities, findings) as the backend gathered it. */
export const reviewMaterial = (flowId: string, rfc: string, documentId: string) => call<ReviewMaterial>("review_material", { flowId, rfc, documentId });
/** A document or photo of the evidence, by the handle its evidence gave: fetched by the
 * backend under its rules and judged by its first bytes. */
export const evidenceFile = (handle: string) => call<EvidenceFile>("evidence_file", { handle });
/** The bytes of a file `evidenceFile` accepted as `sha256` (refused as `file_changed`
 * when they are other bytes now). */
export const evidenceBytes = async (handle: string, sha256: string) => new Uint8Array(await call<ArrayBuffer>("evidence_bytes", { handle, sha256 }));
/** Accepting a section knowing of its high findings (the backend's own list of them):
 * audited (and in the team's trail) before the section is accepted. */
export const acknowledgeFindings = (documentId: string, section: string) => call<null>("acknowledge_findings", { documentId, section });
/** The evidence window (a second monitor): opened or brought forward, closed with the
 * review, told each focused section, and, from inside it, what the review last showed
 * and each change. */
export const openEvidenceWindow = (title: string) => call<null>("open_evidence_window", { title });
export const closeEvidenceWindow = () => call<null>("close_evidence_window");
export const showEvidence = (view: SectionView) => call<null>("show_evidence", { view });
export const evidenceView = () => call<SectionView | null>("evidence_view");
export function onEvidenceShown(show: (view: SectionView) => void): () => void {
  const stop = listen<SectionView>("evidence-shown", (event) => show(event.payload));
  return () => {
    stop.then((unlisten) => unlisten()).catch(() => undefined);
  };
}
export const detailChanges = (documentId: string) => call<DetailChanges>("detail_changes", { documentId });

/** The rules a correction request breaks (kyb_api's), each in its section where it has
 * one; empty when it may be sent. */
export const checkCorrection = (request: CorrectionRequest) => call<Failure[]>("check_correction", { request });
/** Sent once: the backend never retries it, and records it in the audit log. */
export const requestCorrection = (request: CorrectionRequest) => call<CorrectionResult>("request_correction", { request });
export const saveDraft = (draft: Draft) => call<Draft>("save_draft", { draft });
export const loadDraft = (documentId: string) => call<Draft | null>("load_draft", { documentId });
export const discardDraft = (documentId: string) => call<null>("discard_draft", { documentId });
export const saveNewFileDraft = (draft: NewFileDraft) => call<NewFileDraft>("save_new_file_draft", { draft });
export const loadNewFileDraft = () => call<NewFileDraft | null>("load_new_file_draft");
export const discardNewFileDraft = () => call<null>("discard_new_file_draft");

/** The rules a new file breaks (kyb_api's), by field; empty when it may be sent. */
export const checkNewFile = (request: CreateFileRequest) => call<Failure[]>("check_new_file", { request });
/** Sent once, audited; a file with an RFC joins the watchlist. */
export const createFile = (request: CreateFileRequest) => call<CreatedFile>("create_file", { request });

/** Adds the missing sections of another flow; sent once, audited. */
export const addComplementaryInfo = (request: ComplementaryInfoRequest) => call<AddedSections>("add_complementary_info", { request });

/** Sent once and recorded in the audit log; the service allows it only where the
 * tracking says IsEnrollmentAllowed. */
export const enrollmentLink = (documentId: string, personId: string) => call<EnrollmentLink>("enrollment_link", { documentId, personId });
export const issuedLinks = (documentId: string) => call<IssuedLink[]>("issued_links", { documentId });

export const verification = (folio: string) => call<VerificationState>("verification", { folio });
/** Billable: the backend sends it once and records it in the audit log. */
export const resendVerification = (folio: string) => call<null>("resend_verification", { folio });
export const cancelVerification = (folio: string) => call<null>("cancel_verification", { folio });
/** A verification photo, downloaded and hashed by the backend. */
export const checkPhoto = (url: string, expectedSha256: string) => call<PhotoCheck>("check_photo", { url, expectedSha256 });

export const watchlist = () => call<WatchedFile[]>("watchlist");
export const watchFile = (flowId: string, rfc: string) => call<WatchedFile[]>("watch_file", { flowId, rfc });
export const unwatchFile = (flowId: string, rfc: string) => call<WatchedFile[]>("unwatch_file", { flowId, rfc });
/** An undone "unfollow": the file back as it was. */
export const restoreWatchedFile = (file: WatchedFile) => call<WatchedFile[]>("restore_watched_file", { file });
export const importWatchlistCsv = (text: string, defaultFlowId: string) => call<ImportReport>("import_watchlist_csv", { text, defaultFlowId });
export const markWatchSeen = (flowId: string, rfc: string) => call<WatchedFile | null>("mark_watch_seen", { flowId, rfc });

/** Runs every tracking query (or, with `failedOnly`, those whose last refresh
 * failed); `onProgress` receives each answer as it arrives. */
export function refreshWatchlist(onProgress: (progress: RefreshProgress) => void, failedOnly = false): Promise<WatchedFile[]> {
  const channel = new Channel<RefreshProgress>();
  channel.onmessage = onProgress;
  return call<WatchedFile[]>("refresh_watchlist", { onProgress: channel, failedOnly });
}

export const auditEntries = () => call<AuditEntries>("audit_entries");
export const verifyAudit = () => call<ChainReport>("verify_audit");
/** Asks where to save (the system's dialog); null when the analyst cancels. */
export const exportAuditCsv = () => call<SavedCsv | null>("export_audit_csv");
/** The active profile's watchlist, where the analyst chooses (null: they cancelled). */
export const exportWatchlistCsv = () => call<SavedCsv | null>("export_watchlist_csv");

export const openExternal = (url: string) => call<null>("open_external", { url });
export const copyText = (text: string) => call<null>("copy_text", { text });
/** Copies the link to a file (`kybdesk://expediente/…`, made by the backend) and returns it. */
export const copyFileLink = (documentId: string) => call<string>("copy_file_link", { documentId });
/** Listens for links to a file the desktop hands the app (a link clicked in a chat):
 * `onLink` receives each, checked by the backend, first the one the app was started
 * with. Listening again (after a reload) replaces the previous listener. */
export function onFileLink(onLink: (link: FileLink) => void): Promise<null> {
  const channel = new Channel<FileLink>();
  channel.onmessage = onLink;
  return call<null>("file_links", { onLink: channel });
}
/** The watchlist painted with its rows for the first time since the app started,
 * `pageMs` after the page's navigation started. */
export const startupPainted = (rows: number, pageMs: number) => call<null>("startup_painted", { rows, pageMs });
/** A picture the service links to, fetched by the backend, as a `data:` URL. */
export const fetchImage = (url: string) => call<string>("fetch_image", { url });

/** What tolerant reading absorbed in the service's answers, per operation. */
export const driftReport = () => call<DriftReport>("drift_report");
/** Writes those counts where the analyst chooses; the path, or null when they cancel. */
export const exportDrift = () => call<string | null>("export_drift");

// The team (issue 20): a profile that names a team database.
export const teamStatus = () => call<TeamStatus>("team_status");
export const setTeamPassword = (profileId: string, password: string) => call<KeyStatus>("set_team_password", { profileId, password });
export const teamQueue = (filter: QueueFilter) => call<TeamQueue>("team_queue", { filter });
export const takeNext = () => call<TeamFile | null>("take_next");
export const assignFile = (flowId: string, rfc: string, member: string | null) => call<null>("assign_file", { flowId, rfc, member });
/** Claims a file; another member's lapsed claim is taken only with `takeLapsed` (the user was asked). */
export const claimFile = (documentId: string, takeLapsed = false) => call<Claim>("claim_file", { documentId, takeLapsed });
export const releaseFile = (documentId: string) => call<null>("release_file", { documentId });
export const takeOverClaim = (documentId: string, reason: string) => call<Claim>("take_over_claim", { documentId, reason });
export const fileNotes = (documentId: string) => call<Note[]>("file_notes", { documentId });
export const addNote = (documentId: string, body: string) => call<Note>("add_note", { documentId, body });
export const teamMembers = () => call<Member[]>("team_members");
export const setMemberRole = (login: string, role: Role) => call<Member[]>("set_member_role", { login, role });
/** Adds a member: a new login with a one-time password (returned once), or with `bind` a directory's login. */
export const addMember = (login: string, email: string, role: Role, bind: boolean) => call<AddedMember>("add_member", { login, email, role, bind });
export const resetMemberPassword = (login: string) => call<AddedMember>("reset_member_password", { login });
export const removeMember = (login: string) => call<Member[]>("remove_member", { login });
export const teamTrail = () => call<TeamTrail>("team_trail");
/** A supervisor signs the team's trail as it is now and saves the checkpoint where they choose (null: cancelled). */
export const exportTeamCheckpoint = () => call<ExportedCheckpoint | null>("export_team_checkpoint");
export const setFourEyes = (setting: FourEyes) => call<FourEyes>("set_four_eyes", { setting });
export const askApproval = (action: ApprovalAction, folio: string, reason: string) => call<Approval>("ask_approval", { action, folio, reason });
export const openApprovals = () => call<Approval[]>("open_approvals");
/** Decides the request as it was shown: the database refuses one that is not what was shown. */
export const decideApproval = (shown: Approval, approve: boolean) =>
  call<Approval>("decide_approval", { shown: { id: shown.id, action: shown.action, folio: shown.folio, askedBy: shown.askedBy }, approve });
/** Hears the team's changes until the database is lost (the promise then fails). */
export function teamChanges(onChange: (change: TeamChange) => void): Promise<null> {
  const channel = new Channel<TeamChange>();
  channel.onmessage = onChange;
  return call<null>("team_changes", { onChange: channel });
}

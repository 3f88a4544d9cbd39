// The one place the UI meets Tauri: every other module calls these functions, so the
// UI can be tested with a mocked IPC and never depends on window internals. Every
// failure arrives as an AppError ({ code, message, details, task, problems }).
import { Channel, invoke } from "@tauri-apps/api/core";
import { listen } from "@tauri-apps/api/event";
import type { AppError } from "../bindings/AppError";
import type { Approval } from "../bindings/Approval";
import type { ApprovalAction } from "../bindings/ApprovalAction";
import type { BulkProgress } from "../bindings/BulkProgress";
import type { BulkReport } from "../bindings/BulkReport";
import type { ComplementaryInfoRequest } from "../bindings/ComplementaryInfoRequest";
import type { CreateFileRequest } from "../bindings/CreateFileRequest";
import type { DashboardQuery } from "../bindings/DashboardQuery";
import type { DisposeHit } from "../bindings/DisposeHit";
import type { Draft } from "../bindings/Draft";
import type { FileLink } from "../bindings/FileLink";
import type { FourEyes } from "../bindings/FourEyes";
import type { ImportedList } from "../bindings/ImportedList";
import type { ImportProgress } from "../bindings/ImportProgress";
import type { ListFormat } from "../bindings/ListFormat";
import type { Locale } from "../bindings/Locale";
import type { NewFileDraft } from "../bindings/NewFileDraft";
import type { Placement } from "../bindings/Placement";
import type { PreferenceChange } from "../bindings/PreferenceChange";
import type { Profile } from "../bindings/Profile";
import type { ProfileInput } from "../bindings/ProfileInput";
import type { QueueFilter } from "../bindings/QueueFilter";
import type { ReassignSelection } from "../bindings/ReassignSelection";
import type { RefreshProgress } from "../bindings/RefreshProgress";
import type { Role } from "../bindings/Role";
import type { SelectedFile } from "../bindings/SelectedFile";
import type { SlaPolicy } from "../bindings/SlaPolicy";
import type { TeamChange } from "../bindings/TeamChange";
import type { ViewFilter } from "../bindings/ViewFilter";
import type { WatchedFile } from "../bindings/WatchedFile";
import type { SectionView } from "../features/evidence/view";
import { type CommandAnswers, type CommandArgs, type CommandName, commandsOver } from "./commands";

export function isAppError(value: unknown): value is AppError {
  return typeof value === "object" && value !== null && typeof (value as AppError).code === "string" && typeof (value as AppError).message === "string";
}

/** An error's facts, read by name: anything but an object of them is none. */
function named(details: unknown): AppError["details"] {
  return typeof details === "object" && details !== null && !Array.isArray(details) && "type" in details ? (details as AppError["details"]) : null;
}

/** Any failure as an AppError: the backend's own (its lists and task read tolerantly),
 * or the IPC layer's text, which no task of the desk's explains. */
export function asAppError(error: unknown): AppError {
  if (isAppError(error)) return { ...error, details: named(error.details), task: error.task ?? null, problems: error.problems ?? [] };
  const message = error instanceof Error ? error.message : typeof error === "string" ? error : JSON.stringify(error);
  return { code: "storage", message, details: null, task: null, problems: [] };
}

/** Every command (`commands.ts`, generated from the Rust declaration), its failures as AppErrors. */
const commands = commandsOver(async <K extends CommandName>(command: K, args: CommandArgs[K]) => {
  try {
    return await invoke<CommandAnswers[K]>(command, args);
  } catch (error) {
    throw asAppError(error);
  }
});

export const appInfo = () => commands.appInfo();
/** An OS notification of `body`, shown only while the window is out of sight (the
 * backend checks; `pageHidden` is the page's own word); whether it was shown. */
export const notifyIfHidden = (body: string, pageHidden: boolean) => commands.notifyIfHidden(body, pageHidden);
/** The demo's "try this" leads; null outside the demo. */
export const demoGuide = () => commands.demoGuide();
/** The local records found unreadable at start, each set aside and begun afresh. */
export const recoveries = () => commands.recoveries();
/** This data folder's preferences of the window (see preferences.ts). */
export const preferences = () => commands.preferences();
/** Changes one preference; answers them all as they now are. */
export const setPreference = (change: PreferenceChange) => commands.setPreference(change);

export const policy = () => commands.policy();
export const profiles = () => commands.profiles();
export const checkProfile = (input: ProfileInput) => commands.checkProfile(input);
export const saveProfile = (input: ProfileInput) => commands.saveProfile(input);
/** A profile's edited rejection reasons by kind (a kind left out: its defaults). */
export const saveReasons = (profileId: string, reasons: NonNullable<Profile["reasons"]>) => commands.saveReasons(profileId, reasons);
/** The language a profile's customers read (null: Spanish, the default). */
export const saveCustomerLanguage = (profileId: string, language: Locale | null) => commands.saveCustomerLanguage(profileId, language);
export const activateProfile = (id: string) => commands.activateProfile(id);
export const keyStatus = (profileId: string) => commands.keyStatus(profileId);
export const setApiKey = (profileId: string, key: string, sessionOnly: boolean) => commands.setApiKey(profileId, key, sessionOnly);
/** Lets the stored key go to the profile's current address (the backend audits it). */
/** Asks the user, in a dialog of the system's (in `language`), whether the key may go to
 * the profile's new address: only their yes there moves it. The key's status after. */
export const confirmKeyOrigin = (profileId: string, language: Locale) => commands.confirmKeyOrigin(profileId, language);
export const deleteApiKey = (profileId: string) => commands.deleteApiKey(profileId);
export const deleteProfile = (id: string) => commands.deleteProfile(id);
/** Tries a profile's key and Workspace with the service (active or not); changes nothing. */
export const checkConnection = (profileId: string) => commands.checkConnection(profileId);

export const tracking = (flowId: string, rfc: string) => commands.tracking(flowId, rfc);

/** Version 2, or version 1 when the service has no version 2 of the file. */
export const fileDetail = (documentId: string) => commands.fileDetail(documentId);
/** A review's material: the file's tracking and detail, read together, and each
 * section's evidence (documents, entities, findings) as the backend gathered it. */
export const reviewMaterial = (flowId: string, rfc: string, documentId: string) => commands.reviewMaterial(flowId, rfc, documentId);
/** The imported risk lists' provenance, and the addresses a list may be downloaded from. */
export const riskLists = () => commands.riskLists();
/** Asks for the list's file(s) in the system's dialog and imports them, reporting each
 * stage; null when the user cancels. */
export function importList(format: ListFormat, onProgress: (progress: ImportProgress) => void): Promise<ImportedList | null> {
  const channel = new Channel<ImportProgress>();
  channel.onmessage = onProgress;
  return commands.importList(format, channel);
}
/** Downloads the list from the address the managed policy names, and imports it. */
export function importListFrom(format: ListFormat, onProgress: (progress: ImportProgress) => void): Promise<ImportedList> {
  const channel = new Channel<ImportProgress>();
  channel.onmessage = onProgress;
  return commands.importListFrom(format, channel);
}
/** The analyst's disposition of a hit, kept in the audit log (and the team's trail). */
export const disposeHit = (request: DisposeHit) => commands.disposeHit(request);
/** A document or photo of the evidence, by the handle its evidence gave: fetched by the
 * backend under its rules and judged by its first bytes. */
export const evidenceFile = (handle: string) => commands.evidenceFile(handle);
/** The bytes of a file `evidenceFile` accepted as `sha256` (refused as `file_changed`
 * when they are other bytes now). */
export const evidenceBytes = async (handle: string, sha256: string) => new Uint8Array(await commands.evidenceBytes(handle, sha256));
/** Accepting a section knowing of its high findings (the backend's own list of them):
 * audited (and in the team's trail) before the section is accepted. */
/** Every document of a section fetched and judged; its evidence with what is wrong with
 * any of them as findings (a damaged PDF, an HTML page, one over the size…). */
export const judgeSection = (documentId: string, section: string) => commands.judgeSection(documentId, section);
export const acknowledgeFindings = (documentId: string, section: string) => commands.acknowledgeFindings(documentId, section);
/** The evidence window (a second monitor): opened or brought forward, closed with the
 * review, told each focused section, and, from inside it, what the review last showed
 * and each change. */
export const openEvidenceWindow = (title: string) => commands.openEvidenceWindow(title);
export const closeEvidenceWindow = () => commands.closeEvidenceWindow();
export const showEvidence = (view: SectionView) => commands.showEvidence(view);
/** The backend keeps the view as the review sent it, without reading it: a SectionView. */
export const evidenceView = () => commands.evidenceView() as Promise<SectionView | null>;
export function onEvidenceShown(show: (view: SectionView) => void): () => void {
  const stop = listen<SectionView>("evidence-shown", (event) => show(event.payload));
  return () => {
    stop.then((unlisten) => unlisten()).catch(() => undefined);
  };
}
export const detailChanges = (documentId: string) => commands.detailChanges(documentId);

/** The correction request the file's saved draft makes (the backend builds it), with the
 * rules it breaks (kyb_api's), each in its section where it has one. */
export const previewCorrection = (documentId: string) => commands.previewCorrection(documentId);
/** Sends the file's saved draft as the preview named `previewed` showed it (refused as
 * `draft_changed` when the draft makes another request now). Sent once: the backend never
 * retries it, records it in the audit log, and clears the draft once accepted. */
export const sendCorrection = (documentId: string, previewed: string) => commands.sendCorrection(documentId, previewed);
export const saveDraft = (draft: Draft) => commands.saveDraft(draft);
export const loadDraft = (documentId: string) => commands.loadDraft(documentId);
export const discardDraft = (documentId: string) => commands.discardDraft(documentId);
export const saveNewFileDraft = (draft: NewFileDraft) => commands.saveNewFileDraft(draft);
export const loadNewFileDraft = () => commands.loadNewFileDraft();
export const discardNewFileDraft = () => commands.discardNewFileDraft();

/** The rules a new file breaks (kyb_api's), by field; empty when it may be sent. */
export const checkNewFile = (request: CreateFileRequest) => commands.checkNewFile(request);
/** Sent once, audited; a file with an RFC joins the watchlist. */
export const createFile = (request: CreateFileRequest) => commands.createFile(request);

/** Adds the missing sections of another flow; sent once, audited. */
export const addComplementaryInfo = (request: ComplementaryInfoRequest) => commands.addComplementaryInfo(request);

/** Sent once and recorded in the audit log; the service allows it only where the
 * tracking says IsEnrollmentAllowed. */
export const enrollmentLink = (documentId: string, personId: string) => commands.enrollmentLink(documentId, personId);
export const issuedLinks = (documentId: string) => commands.issuedLinks(documentId);

export const verification = (folio: string) => commands.verification(folio);
/** Billable: the backend sends it once and records it in the audit log. */
export const resendVerification = (folio: string) => commands.resendVerification(folio);
export const cancelVerification = (folio: string) => commands.cancelVerification(folio);
/** A verification photo, downloaded and hashed by the backend. */
export const checkPhoto = (url: string, expectedSha256: string) => commands.checkPhoto(url, expectedSha256);

export const watchlist = () => commands.watchlist();
export const watchFile = (flowId: string, rfc: string) => commands.watchFile(flowId, rfc);
export const unwatchFile = (flowId: string, rfc: string) => commands.unwatchFile(flowId, rfc);
/** An undone "unfollow": the file back as it was. */
export const restoreWatchedFile = (file: WatchedFile) => commands.restoreWatchedFile(file);
export const importWatchlistCsv = (text: string, defaultFlowId: string) => commands.importWatchlistCsv(text, defaultFlowId);
export const markWatchSeen = (flowId: string, rfc: string) => commands.markWatchSeen(flowId, rfc);

/** Runs every tracking query (or, with `failedOnly`, those whose last refresh
 * failed); `onProgress` receives each answer as it arrives. */
export function refreshWatchlist(onProgress: (progress: RefreshProgress) => void, failedOnly = false): Promise<WatchedFile[]> {
  const channel = new Channel<RefreshProgress>();
  channel.onmessage = onProgress;
  return commands.refreshWatchlist(failedOnly, channel);
}

// Bulk actions on the watchlist's selection: every row's outcome.
/** Refreshes the rows, reporting each answer as it arrives. */
export function refreshFiles(rows: SelectedFile[], onProgress: (progress: RefreshProgress) => void): Promise<BulkReport> {
  const channel = new Channel<RefreshProgress>();
  channel.onmessage = onProgress;
  return commands.refreshFiles(rows, channel);
}
/** Gives the rows to `member` (null: back to the queue), reporting how far it is. */
export function assignFiles(rows: SelectedFile[], member: string | null, onProgress: (progress: BulkProgress) => void): Promise<BulkReport> {
  const channel = new Channel<BulkProgress>();
  channel.onmessage = onProgress;
  return commands.assignFiles(rows, member, channel);
}
export const unfollowFiles = (rows: SelectedFile[]) => commands.unfollowFiles(rows);
/** An undone bulk "unfollow": the files back as they were. */
export const restoreWatchedFiles = (files: WatchedFile[]) => commands.restoreWatchedFiles(files);
/** The rows as CSV, where the analyst chooses (null: they cancelled). */
export const exportFilesCsv = (rows: SelectedFile[]) => commands.exportFilesCsv(rows);

/** Every followed file's SLA clock (in due order), the overview's counts, and the
 * analyst's files about to breach not yet shown them (see slaNoticesShown). */
export const slaBoard = () => commands.slaBoard();
/** The files about to breach the window has shown the analyst: no board names them again
 * until they leave "por vencer" and come back. */
export const slaNoticesShown = (files: SelectedFile[]) => commands.slaNoticesShown(files);
export const slaPolicy = () => commands.slaPolicy();
/** Keeps the profile's SLA policy (refused as invalid, with its problems); the policy as kept. */
export const setSlaPolicy = (policy: SlaPolicy) => commands.setSlaPolicy(policy);

export const auditEntries = () => commands.auditEntries();
export const verifyAudit = () => commands.verifyAudit();
/** Asks where to save (the system's dialog); null when the analyst cancels. */
export const exportAuditCsv = () => commands.exportAuditCsv();
/** The active profile's watchlist, where the analyst chooses (null: they cancelled). */
export const exportWatchlistCsv = () => commands.exportWatchlistCsv();
/** The dashboard's figures, computed by the desk, and their CSV where the analyst chooses (null: they cancelled). */
export const dashboard = (query: DashboardQuery) => commands.dashboard(query);
export const exportDashboardCsv = (query: DashboardQuery) => commands.exportDashboardCsv(query);
/** A file's dossier for an auditor, where the analyst chooses (null: they cancelled). */
/** The file's dossier for an auditor, saved where the analyst chooses; with the evidence's
 * documents themselves in it when `withDocuments`. */
export const exportDossier = (flowId: string, rfc: string, documentId: string, withDocuments: boolean) =>
  commands.exportDossier(flowId, rfc, documentId, withDocuments);

export const openExternal = (url: string) => commands.openExternal(url);
export const copyText = (text: string) => commands.copyText(text);
/** Copies the link to a file (`kybdesk://expediente/…`, made by the backend) and returns it. */
export const copyFileLink = (documentId: string) => commands.copyFileLink(documentId);
/** Listens for links to a file the desktop hands the app (a link clicked in a chat):
 * `onLink` receives each, checked by the backend, first the one the app was started
 * with. Listening again (after a reload) replaces the previous listener. */
export function onFileLink(onLink: (link: FileLink) => void): Promise<null> {
  const channel = new Channel<FileLink>();
  channel.onmessage = onLink;
  return commands.fileLinks(channel);
}
/** The watchlist painted with its rows for the first time since the app started,
 * `pageMs` after the page's navigation started. */
export const startupPainted = (rows: number, pageMs: number) => commands.startupPainted(rows, pageMs);
/** A picture the service links to, fetched by the backend, as a `data:` URL. */
export const fetchImage = (url: string) => commands.fetchImage(url);

/** What tolerant reading absorbed in the service's answers, per operation. */
export const driftReport = () => commands.driftReport();
/** Writes those counts where the analyst chooses; the path, or null when they cancel. */
export const exportDrift = () => commands.exportDrift();
/** The diagnostics bundle as it would be saved (scrubbed of every key and personal datum). */
export const previewDiagnostics = () => commands.previewDiagnostics();
/** Saves the bundle last previewed where the user chooses; the path, or null when they cancel. */
export const saveDiagnostics = () => commands.saveDiagnostics();

// The team: a profile that names a team database.
export const teamStatus = () => commands.teamStatus();
export const setTeamPassword = (profileId: string, password: string) => commands.setTeamPassword(profileId, password);
export const teamQueue = (filter: QueueFilter) => commands.teamQueue(filter);
export const takeNext = () => commands.takeNext();
export const assignFile = (flowId: string, rfc: string, member: string | null) => commands.assignFile(flowId, rfc, member);
/** Claims a file; another member's lapsed claim is taken only with `takeLapsed` (the user was asked). */
export const claimFile = (documentId: string, takeLapsed = false) => commands.claimFile(documentId, takeLapsed);
export const releaseFile = (documentId: string) => commands.releaseFile(documentId);
export const takeOverClaim = (documentId: string, reason: string) => commands.takeOverClaim(documentId, reason);
export const fileNotes = (documentId: string) => commands.fileNotes(documentId);
export const addNote = (documentId: string, body: string, key: string) => commands.addNote(documentId, body, key);
// Mentions in notes: this member's, and marked seen once shown.
export const myMentions = (unseen: boolean) => commands.myMentions(unseen);
export const mentionsSeen = (ids: number[]) => commands.mentionsSeen(ids);
// A file's history: the team's trail and notes, or one desk's own log.
export const fileHistory = (documentId: string) => commands.fileHistory(documentId);
// Saved views: each change answers with the list as it is now.
export const savedViews = () => commands.savedViews();
export const saveView = (name: string, filter: ViewFilter, shared: boolean) => commands.saveView(name, filter, shared);
export const shareView = (id: number, shared: boolean) => commands.shareView(id, shared);
export const deleteView = (id: number) => commands.deleteView(id);
export const teamMembers = () => commands.teamMembers();
export const setMemberRole = (login: string, role: Role) => commands.setMemberRole(login, role);
/** Adds a member: a new login with a one-time password (returned once), or with `bind` a directory's login. */
export const addMember = (login: string, email: string, role: Role, bind: boolean) => commands.addMember(login, email, role, bind);
export const resetMemberPassword = (login: string) => commands.resetMemberPassword(login);
export const removeMember = (login: string) => commands.removeMember(login);
export const teamTrail = () => commands.teamTrail();
// Workload: each change answers with everyone's workload as it is now.
export const teamWorkload = () => commands.teamWorkload();
export const setMemberCap = (login: string, cap: number) => commands.setMemberCap(login, cap);
/** Away until `until` (an instant, RFC 3339), or available again with null. */
export const setMemberAway = (login: string, until: string | null) => commands.setMemberAway(login, until);
/** Who would get which file; nothing changes until the plan is applied. */
export const previewReassign = (selection: ReassignSelection, targets: string[]) => commands.previewReassign(selection, targets);
/** Applies a previewed plan whole (or refuses it whole: plan_changed); how many files moved. */
export const applyReassign = (placements: Placement[]) => commands.applyReassign(placements);
/** A supervisor signs the team's trail as it is now and saves the checkpoint where they choose (null: cancelled). */
export const exportTeamCheckpoint = () => commands.exportTeamCheckpoint();
export const setFourEyes = (setting: FourEyes) => commands.setFourEyes(setting);
export const setDeskVersionNeeded = (version: string) => commands.setDeskVersionNeeded(version);
export const askApproval = (action: ApprovalAction, folio: string, reason: string) => commands.askApproval(action, folio, reason);
export const openApprovals = () => commands.openApprovals();
/** Decides the request as it was shown: the database refuses one that is not what was shown. */
export const decideApproval = (shown: Approval, approve: boolean) =>
  commands.decideApproval({ id: shown.id, action: shown.action, folio: shown.folio, askedBy: shown.askedBy }, approve);
/** Hears the team's changes until the database is lost (the promise then fails). */
export function teamChanges(onChange: (change: TeamChange) => void): Promise<null> {
  const channel = new Channel<TeamChange>();
  channel.onmessage = onChange;
  return commands.teamChanges(channel);
}

// An error in words: the desk sends a code, what it was doing (a task), the service's
// own text or a technical cause, facts and failed rules; the window says each in the
// user's language. Also the audit log's outcome codes, which are the same codes.
import type { AppError } from "../bindings/AppError";
import type { AuditMark } from "../bindings/AuditMark";
import type { Details } from "../bindings/Details";
import type { ErrorCode } from "../bindings/ErrorCode";
import type { OutcomeCode } from "../bindings/OutcomeCode";
import type { Task } from "../bindings/Task";
import type { MessageKey, Translate } from "../i18n";

/** What happened, by code. */
export const ERROR_TITLE: Record<ErrorCode, MessageKey> = {
  unauthorized: "error.unauthorized",
  workspace_forbidden: "error.workspace_forbidden",
  not_allowed: "error.not_allowed",
  not_found: "error.not_found",
  validation: "error.validation",
  state_conflict: "error.state_conflict",
  trial_limit: "error.trial_limit",
  rejected: "error.rejected",
  server: "error.server",
  timeout: "error.timeout",
  network: "error.network",
  decode: "error.decode",
  redirected: "error.redirected",
  too_large: "error.too_large",
  outcome_unknown: "error.outcome_unknown",
  invalid_input: "error.invalid_input",
  no_profile: "error.no_profile",
  no_api_key: "error.no_api_key",
  keyring_unavailable: "error.keyring_unavailable",
  no_address: "error.no_address",
  storage: "error.storage",
  data_folder_in_use: "error.data_folder_in_use",
  unsafe_address: "error.unsafe_address",
  desktop: "error.desktop",
  key_origin_changed: "error.key_origin_changed",
  in_flight: "error.in_flight",
  unsupported_file: "error.unsupported_file",
  damaged_file: "error.damaged_file",
  image_too_large: "error.image_too_large",
  file_changed: "error.file_changed",
  needs_acknowledgement: "error.needs_acknowledgement",
  draft_changed: "error.draft_changed",
  fixed_by_policy: "error.fixed_by_policy",
  no_team: "error.no_team",
  no_team_password: "error.no_team_password",
  team_unreachable: "error.team_unreachable",
  team_refused: "error.team_refused",
  claimed_by_other: "error.claimed_by_other",
  needs_approval: "error.needs_approval",
  not_supervisor: "error.not_supervisor",
  not_team_member: "error.not_team_member",
  last_supervisor: "error.last_supervisor",
  own_request: "error.own_request",
  approval_closed: "error.approval_closed",
  already_asked: "error.already_asked",
  approval_changed: "error.approval_changed",
  claim_lapsed: "error.claim_lapsed",
  team_busy: "error.team_busy",
  team_login_refused: "error.team_login_refused",
  team_schema_old: "error.team_schema_old",
  team_login_name_refused: "error.team_login_name_refused",
  team_required: "error.team_required",
  member_at_cap: "error.member_at_cap",
  member_away: "error.member_away",
  plan_changed: "error.plan_changed",
  view_gone: "error.view_gone",
  desk_outdated: "error.desk_outdated",
};

/** What to do next, by code. */
const ERROR_HINT: Record<ErrorCode, MessageKey> = {
  unauthorized: "hint.unauthorized",
  workspace_forbidden: "hint.workspace_forbidden",
  not_allowed: "hint.not_allowed",
  not_found: "hint.not_found",
  validation: "hint.validation",
  state_conflict: "hint.state_conflict",
  trial_limit: "hint.trial_limit",
  rejected: "hint.rejected",
  server: "hint.server",
  timeout: "hint.timeout",
  network: "hint.network",
  decode: "hint.decode",
  redirected: "hint.redirected",
  too_large: "hint.too_large",
  outcome_unknown: "hint.outcome_unknown",
  invalid_input: "hint.invalid_input",
  no_profile: "hint.no_profile",
  no_api_key: "hint.no_api_key",
  keyring_unavailable: "hint.keyring_unavailable",
  no_address: "hint.no_address",
  storage: "hint.storage",
  data_folder_in_use: "hint.data_folder_in_use",
  unsafe_address: "hint.unsafe_address",
  desktop: "hint.desktop",
  key_origin_changed: "hint.key_origin_changed",
  in_flight: "hint.in_flight",
  unsupported_file: "hint.unsupported_file",
  damaged_file: "hint.damaged_file",
  image_too_large: "hint.image_too_large",
  file_changed: "hint.file_changed",
  needs_acknowledgement: "hint.needs_acknowledgement",
  draft_changed: "hint.draft_changed",
  fixed_by_policy: "hint.fixed_by_policy",
  no_team: "hint.no_team",
  no_team_password: "hint.no_team_password",
  team_unreachable: "hint.team_unreachable",
  team_refused: "hint.team_refused",
  claimed_by_other: "hint.claimed_by_other",
  needs_approval: "hint.needs_approval",
  not_supervisor: "hint.not_supervisor",
  not_team_member: "hint.not_team_member",
  last_supervisor: "hint.last_supervisor",
  own_request: "hint.own_request",
  approval_closed: "hint.approval_closed",
  already_asked: "hint.already_asked",
  approval_changed: "hint.approval_changed",
  claim_lapsed: "hint.claim_lapsed",
  team_busy: "hint.team_busy",
  team_login_refused: "hint.team_login_refused",
  team_schema_old: "hint.team_schema_old",
  team_login_name_refused: "hint.team_login_name_refused",
  team_required: "hint.team_required",
  member_at_cap: "hint.member_at_cap",
  member_away: "hint.member_away",
  plan_changed: "hint.plan_changed",
  view_gone: "hint.view_gone",
  desk_outdated: "hint.desk_outdated",
};

/** The errors whose fix is in the profile: a key, a Workspace, an address, the address a
 * key may go to. */
const FIXED_IN_PROFILE: Record<ErrorCode, boolean> = {
  unauthorized: true,
  workspace_forbidden: true,
  no_profile: true,
  no_api_key: true,
  key_origin_changed: true,
  keyring_unavailable: true,
  no_address: true,
  not_allowed: false,
  not_found: false,
  validation: false,
  state_conflict: false,
  trial_limit: false,
  rejected: false,
  server: false,
  timeout: false,
  network: false,
  decode: false,
  redirected: false,
  too_large: false,
  outcome_unknown: false,
  invalid_input: false,
  storage: false,
  data_folder_in_use: false,
  unsafe_address: false,
  desktop: false,
  in_flight: false,
  unsupported_file: false,
  damaged_file: false,
  image_too_large: false,
  file_changed: false,
  needs_acknowledgement: false,
  draft_changed: false,
  fixed_by_policy: false,
  no_team: true,
  no_team_password: true,
  team_unreachable: false,
  team_refused: false,
  claimed_by_other: false,
  needs_approval: false,
  not_supervisor: false,
  not_team_member: false,
  last_supervisor: false,
  own_request: false,
  approval_closed: false,
  already_asked: false,
  approval_changed: false,
  claim_lapsed: false,
  team_busy: false,
  team_login_refused: true,
  team_schema_old: false,
  team_login_name_refused: false,
  team_required: true,
  member_at_cap: false,
  member_away: false,
  plan_changed: false,
  view_gone: false,
  desk_outdated: false,
};

/** Whether an error (by its code) is fixed in the profile. */
export function fixedInProfile(code: ErrorCode | null): code is ErrorCode {
  return code !== null && FIXED_IN_PROFILE[code];
}

/** What the desk was doing when a local step failed. */
const TASK: Record<Task, MessageKey> = {
  open_data_folder: "task.open_data_folder",
  read_profiles: "task.read_profiles",
  save_profiles: "task.save_profiles",
  read_watchlist: "task.read_watchlist",
  save_watchlist: "task.save_watchlist",
  read_sla_policy: "task.read_sla_policy",
  save_sla_policy: "task.save_sla_policy",
  read_saved_views: "task.read_saved_views",
  save_saved_views: "task.save_saved_views",
  import_watchlist: "task.import_watchlist",
  read_history: "task.read_history",
  save_history: "task.save_history",
  read_draft: "task.read_draft",
  save_draft: "task.save_draft",
  delete_draft: "task.delete_draft",
  read_audit: "task.read_audit",
  write_audit: "task.write_audit",
  record_intent: "task.record_intent",
  write_csv: "task.write_csv",
  export_drift: "task.export_drift",
  export_diagnostics: "task.export_diagnostics",
  export_checkpoint: "task.export_checkpoint",
  prepare_images: "task.prepare_images",
  fetch_image: "task.fetch_image",
  fetch_document: "task.fetch_document",
  open_link: "task.open_link",
  open_window: "task.open_window",
  copy_text: "task.copy_text",
  use_chosen_path: "task.use_chosen_path",
  start_demo: "task.start_demo",
  use_keyring: "task.use_keyring",
  notify: "task.notify",
};

/** What a refused file is, by the word the desk judged it with (`evidence::files`). */
const FILE_IS: Partial<Record<string, MessageKey>> = {
  html: "file.is.html",
  xml: "file.is.xml",
  zip: "file.is.zip",
  gif: "file.is.gif",
  tiff: "file.is.tiff",
  rtf: "file.is.rtf",
  office: "file.is.office",
  program: "file.is.program",
  text: "file.is.text",
  empty: "file.is.empty",
  unknown: "file.is.unknown",
};

/** The title and hint of an error whose facts (a profile's name, two origins, a folder,
 * an address) the desk's own texts spell out, read by name from its details; `null`
 * for an error whose facts, if any, are listed as they came. */
function factual(error: AppError, t: Translate): { title: string; hint: string } | null {
  const details = error.details;
  switch (details?.type) {
    case "no_api_key":
      return details.profile ? { title: t("error.no_api_key.named", { name: details.profile }), hint: t("hint.no_api_key") } : null;
    case "key_origin_changed": {
      if (!details.now) return null;
      const bound = details.recorded || t("error.originNotRecorded");
      return {
        title: t("error.key_origin_changed.origins", { bound, origin: details.now }),
        hint: t("hint.key_origin_changed.origins", { origin: details.now }),
      };
    }
    case "claimed_by_other":
      // Who and since when (a UTC instant, said in the user's time).
      return details.holder
        ? {
            title: t("error.claimed_by_other.named", { member: details.holder, at: details.since ? new Date(details.since).toLocaleString() : "" }),
            hint: t("hint.claimed_by_other"),
          }
        : null;
    case "path":
      return error.code === "data_folder_in_use" && details.path
        ? { title: t("error.data_folder_in_use.at", { dir: details.path }), hint: t("hint.data_folder_in_use") }
        : null;
    case "too_large":
      // A document over the desk's cap.
      return error.task === "fetch_document"
        ? { title: t("error.too_large.file", { mb: Math.round(details.bytes / MIB) }), hint: t("hint.too_large.file") }
        : null;
    case "image_too_large":
      return { title: t("error.image_too_large.sized", { width: String(details.width), height: String(details.height) }), hint: t("hint.image_too_large") };
    case "unsupported_file":
      // What the file is instead, by its first bytes.
      return { title: t("error.unsupported_file.is", { kind: t(FILE_IS[details.kind] ?? "file.is.unknown") }), hint: t("hint.unsupported_file") };
    case "unsafe_address":
      if (!details.address) return null;
      return {
        title: t(error.task === "fetch_image" || error.task === "fetch_document" ? "error.unsafe_address.image" : "error.unsafe_address.link", {
          address: details.address,
        }),
        hint: t("hint.unsafe_address"),
      };
    default:
      return null;
  }
}

const MIB = 1024 * 1024;

/** An error's facts as lines, each as it came (an address, a status, a name): for the
 * errors whose title does not spell them out. */
export function detailLines(details: Details | null): string[] {
  if (!details) return [];
  switch (details.type) {
    case "validation":
      return [...(details.flow ? [details.flow] : []), ...details.unread];
    case "http":
      return [`HTTP ${details.status}`];
    case "decode":
      return [`HTTP ${details.status}`, details.snippet];
    case "content_type":
      return [`Content-Type: ${details.mime}`];
    case "redirected":
      return [details.origin, ...(details.status === null ? [] : [`HTTP ${details.status}`])].filter(Boolean);
    case "timeout":
      return [`${details.seconds} s`];
    case "too_large":
      return [details.bytes >= MIB ? `${Math.round(details.bytes / MIB)} MiB` : `${details.bytes} B`];
    case "unsafe_address":
      return [details.address];
    case "path":
      return [details.path];
    case "no_api_key":
      return [details.profile];
    case "key_origin_changed":
      return [details.recorded ?? "", details.now].filter(Boolean);
    case "unsupported_file":
      return [details.kind];
    case "image_too_large":
      return [`${details.width} × ${details.height}`];
    case "needs_acknowledgement":
      return details.sections;
    case "claimed_by_other":
      return [details.holder, details.since, details.until];
    case "claim_lapsed":
      return [details.holder, details.until];
    case "login":
      return [details.login];
    case "approval_changed":
      return [details.action, details.folio, details.requester];
    case "needs_approval":
      return [String(details.resends)];
    case "no_team_password":
      return [details.address];
    case "member_at_cap":
      return [details.member, `${details.open} / ${details.cap}`];
    case "member_away":
      return [details.member, details.until];
    case "plan_changed":
      return [details.file, details.assignee].filter(Boolean);
    default:
      return [];
  }
}

/** The team database's codes: their message is the driver's own text (English, from
 * PostgreSQL), never the user's language. The window says them by code and keeps that
 * text for "details" only. */
const FROM_TEAM_DATABASE: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  "no_team",
  "no_team_password",
  "team_unreachable",
  "team_refused",
  "claimed_by_other",
  "needs_approval",
  "not_supervisor",
  "not_team_member",
  "last_supervisor",
  "own_request",
  "approval_closed",
  "already_asked",
  "approval_changed",
  "claim_lapsed",
  "team_busy",
  "team_login_refused",
  "team_schema_old",
  "team_login_name_refused",
  "member_at_cap",
  "member_away",
  "plan_changed",
  "view_gone",
]);

/** An error as the window says it. */
export interface ErrorWords {
  title: string;
  /** What the desk was doing, with the technical cause when there is one. */
  task: string | null;
  /** The service's own text (a technical cause goes with the task instead). */
  message: string | null;
  /** The facts not already said in the title. */
  details: string[];
  hint: string;
  /** A technical text in no language of the user's (the team database's driver), for a
   * collapsed "details" only. */
  technical: string | null;
}

export function errorWords(error: AppError, t: Translate): ErrorWords {
  const said = factual(error, t);
  const title = said?.title ?? t(ERROR_TITLE[error.code]);
  const technical = FROM_TEAM_DATABASE.has(error.code) ? error.message.trim() || null : null;
  const cause = technical ? "" : error.message.trim();
  return {
    title,
    task: error.task ? t(cause ? "error.taskWithCause" : "error.task", { task: t(TASK[error.task]), cause }) : null,
    message: !error.task && cause && cause !== title ? cause : null,
    details: said ? [] : detailLines(error.details),
    hint: said?.hint ?? t(ERROR_HINT[error.code]),
    technical,
  };
}

/** An error in one line, for a tooltip or a status line: what the desk was doing (or
 * what happened) and why. */
export function errorSummary(error: AppError, t: Translate): string {
  const words = errorWords(error, t);
  return words.task ?? (words.message ? `${words.title} ${words.message}` : words.title);
}

/** The log's own marks. */
const MARK: Record<AuditMark, MessageKey> = {
  intent: "audit.intent",
  torn_line: "audit.mark.torn_line",
  anchor_mismatch: "audit.mark.anchor_mismatch",
};

const OUTCOME: Record<OutcomeCode, MessageKey> = { ...ERROR_TITLE, ...MARK };

/** An audit outcome's code in words; a code this version does not know (a newer
 * version's, kept as written) is shown as written. */
export function outcomeText(code: OutcomeCode, t: Translate): string {
  return Object.hasOwn(OUTCOME, code) ? t(OUTCOME[code]) : code;
}

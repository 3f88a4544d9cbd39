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

/** What happened, by code: the key `error.<code>`, each code's (the template's type makes a
 * code without its words a compile error). A function, not a table of 60 keys each spelling
 * its code again: this file is among the first paint's scripts, whose size is a start-up goal. */
export function errorTitleKey(code: ErrorCode): `error.${ErrorCode}` {
  return `error.${code}`;
}

/** What to do next, by code: the key `hint.<code>`. */
function hintKey(code: ErrorCode): `hint.${ErrorCode}` {
  return `hint.${code}`;
}

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
  list_unreadable: false,
  not_this_file: false,
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
  team_out_of_space: false,
  file_not_in_team: false,
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

/** What the desk was doing when a local step failed: the key `task.<task>`. */
function taskKey(task: Task): `task.${Task}` {
  return `task.${task}`;
}

/** What a refused file is, by the word the desk judged it with (`evidence::files`). */
const FILE_KINDS = ["html", "xml", "zip", "gif", "tiff", "rtf", "office", "program", "text", "empty", "unknown"] as const;

/** The key of a refused file's kind; one this version does not know is "unknown". */
export function fileIsKey(kind: string): `file.is.${(typeof FILE_KINDS)[number]}` {
  const known = (FILE_KINDS as readonly string[]).includes(kind) ? (kind as (typeof FILE_KINDS)[number]) : "unknown";
  return `file.is.${known}`;
}

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
      return error.task === "fetch_document" || error.task === "show_document"
        ? { title: t("error.too_large.file", { mb: Math.round(details.bytes / MIB) }), hint: t("hint.too_large.file") }
        : null;
    case "list_unreadable":
      // What is wrong with the list's file, and where.
      return {
        title: t(`error.list_unreadable.${details.problem}`, { line: details.line === null ? "" : String(details.line) }),
        hint: t("hint.list_unreadable"),
      };
    case "image_too_large":
      return { title: t("error.image_too_large.sized", { width: String(details.width), height: String(details.height) }), hint: t("hint.image_too_large") };
    case "unsupported_file":
      // What the file is instead, by its first bytes.
      return { title: t("error.unsupported_file.is", { kind: t(fileIsKey(details.kind)) }), hint: t("hint.unsupported_file") };
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
    case "list_unreadable":
      return details.line === null ? [details.problem] : [details.problem, `línea ${details.line}`];
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
  "team_out_of_space",
  "file_not_in_team",
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
  const title = said?.title ?? t(errorTitleKey(error.code));
  const technical = FROM_TEAM_DATABASE.has(error.code) ? error.message.trim() || null : null;
  const cause = technical ? "" : error.message.trim();
  return {
    title,
    task: error.task ? t(cause ? "error.taskWithCause" : "error.task", { task: t(taskKey(error.task)), cause }) : null,
    message: !error.task && cause && cause !== title ? cause : null,
    details: said ? [] : detailLines(error.details),
    hint: said?.hint ?? t(hintKey(error.code)),
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

/** An audit outcome's code in words; a code this version does not know (a newer
 * version's, kept as written) is shown as written. The error codes are
 * FIXED_IN_PROFILE's keys (a table with every code). */
export function outcomeText(code: OutcomeCode, t: Translate): string {
  if (Object.hasOwn(MARK, code)) return t(MARK[code as AuditMark]);
  return Object.hasOwn(FIXED_IN_PROFILE, code) ? t(errorTitleKey(code as ErrorCode)) : code;
}

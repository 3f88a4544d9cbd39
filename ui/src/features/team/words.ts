// The team's words: roles, approval actions and states, claims and trail entries.
import type { ApprovalAction } from "../../bindings/ApprovalAction";
import type { ApprovalState } from "../../bindings/ApprovalState";
import type { Role } from "../../bindings/Role";
import type { MessageKey } from "../../i18n";

export const ROLES: Role[] = ["analyst", "agent", "supervisor"];

/** What each role does on a file, in a team: analysts review and add sections, agents
 * issue enrollment links, supervisors everything. A guide to the work, not a security
 * boundary (every member holds the same key); alone, a desk does everything. */
export type FileAction = "review" | "complementary" | "enroll";

const ROLE_ACTIONS: Record<Role, FileAction[]> = {
  analyst: ["review", "complementary"],
  agent: ["enroll"],
  supervisor: ["review", "complementary", "enroll"],
};

export function mayDo(role: Role | null, action: FileAction): boolean {
  return role === null || ROLE_ACTIONS[role].includes(action);
}

export const ROLE_WORDS: Record<Role, MessageKey> = {
  analyst: "team.role.analyst",
  agent: "team.role.agent",
  supervisor: "team.role.supervisor",
};

export const ACTION_WORDS: Record<ApprovalAction, MessageKey> = {
  cancel: "team.action.cancel",
  resend: "team.action.resend",
};

export const APPROVAL_STATE_WORDS: Record<ApprovalState, MessageKey> = {
  waiting: "team.approval.waiting",
  approved: "team.approval.approved",
  declined: "team.approval.declined",
  sent: "team.approval.sent",
  failed: "team.approval.failed",
  withdrawn: "team.approval.withdrawn",
};

/** A team event of the trail (`team: <event>`) by its words; null for a service call. */
export function teamEventWords(operation: string): MessageKey | null {
  switch (operation) {
    case "team: claim-taken-over":
      return "team.event.claimTakenOver";
    case "team: approval-asked":
      return "team.event.approvalAsked";
    case "team: approval-given":
      return "team.event.approvalGiven";
    case "team: approval-declined":
      return "team.event.approvalDeclined";
    case "team: four-eyes-set":
      return "team.event.fourEyesSet";
    case "team: findings-acknowledged":
      return "team.event.findingsAcknowledged";
    case "team: hit-disposed":
      return "team.event.hitDisposed";
    case "team: list-imported":
      return "team.event.listImported";
    case "team: member-added":
      return "team.event.memberAdded";
    case "team: member-removed":
      return "team.event.memberRemoved";
    case "team: role-set":
      return "team.event.roleSet";
    case "team: password-reset":
      return "team.event.passwordReset";
    case "team: claim-taken-after-lapse":
      return "team.event.claimTakenAfterLapse";
    case "team: checkpoint-signed":
      return "team.event.checkpointSigned";
    // The workload's (migration 0006), a claim's and a status's old → new (0009),
    // the SLA policy's (0011).
    case "team: assigned":
      return "team.event.assigned";
    case "team: cap-set":
      return "team.event.capSet";
    case "team: away-set":
      return "team.event.awaySet";
    case "team: status":
      return "team.event.status";
    case "team: claimed":
      return "team.event.claimed";
    case "team: sla-policy-set":
      return "team.event.slaPolicySet";
    case "team: desk-version-needed-set":
      return "team.event.deskVersionNeededSet";
    default:
      return operation.startsWith("team: ") ? "team.event.other" : null;
  }
}

/** A UTC instant as the hour and minute of the user's day. */
export function clock(utc: string, locale: string): string {
  const at = new Date(utc);
  if (Number.isNaN(at.getTime())) return utc;
  return at.toLocaleString(locale, { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" });
}

/** An instant as the user's date and time (an absence's end). */
export function dateTime(utc: string, locale: string): string {
  const at = new Date(utc);
  if (Number.isNaN(at.getTime())) return utc;
  return at.toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });
}

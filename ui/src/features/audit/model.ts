// The audit log viewer's filters: by operation, by target (DocumentId, folio or
// PersonId, in part), and by local calendar day from and to; the names of operations,
// the intents whose result never came, the chain's breaks and the keyring's anchor in
// words.
import type { AnchorState } from "../../bindings/AnchorState";
import type { AuditEntry } from "../../bindings/AuditEntry";
import type { AuditMark } from "../../bindings/AuditMark";
import type { BreakKind } from "../../bindings/BreakKind";
import type { OperationRoute } from "../../bindings/OperationRoute";
import type { MessageKey, Vars } from "../../i18n";
import { localDay } from "../../ui/format";
import { operationName } from "../../ui/operations";

export interface AuditFilter {
  /** An operation's route as the log names it, or "" for all. */
  operation: string;
  target: string;
  /** YYYY-MM-DD (local), or "". */
  from: string;
  to: string;
}

export const noFilter: AuditFilter = { operation: "", target: "", from: "", to: "" };

export function applyFilter(entries: AuditEntry[], filter: AuditFilter): AuditEntry[] {
  const target = filter.target.trim().toLowerCase();
  return entries.filter((e) => {
    if (filter.operation && e.operation !== filter.operation) return false;
    if (target && !e.target.toLowerCase().includes(target)) return false;
    const day = localDay(e.atUtc);
    if (filter.from && day < filter.from) return false;
    if (filter.to && day > filter.to) return false;
    return true;
  });
}

/** The operations present in the log, in the order they first appear. */
export function operationsIn(entries: AuditEntry[]): string[] {
  return [...new Set(entries.map((e) => e.operation))];
}

/** The desk's own events, as the log names them. */
const DESK_EVENTS: Partial<Record<string, MessageKey>> = {
  "desk: profile-address-changed": "op.desk.profileAddressChanged",
  "desk: key-origin-confirmed": "op.desk.keyOriginConfirmed",
  "desk: key-replaced": "op.desk.keyReplaced",
  "desk: audit-recovered": "op.desk.auditRecovered",
  "desk: audit-tamper-detected": "op.desk.auditTamperDetected",
  "desk: findings-acknowledged": "op.desk.findingsAcknowledged",
};

/** A human name for what an entry records: a service call by the route the backend
 * gives for it, or an event of the desk; null for anything else (an entry's operation
 * is whatever its line holds). */
export function operationLabel(route: string, routes: OperationRoute[]): MessageKey | null {
  return operationName(route, routes) ?? (Object.hasOwn(DESK_EVENTS, route) ? (DESK_EVENTS[route] ?? null) : null);
}

/** The outcome code of the record written before a request leaves. */
export const INTENT: AuditMark = "intent";

export function isIntent(entry: AuditEntry): boolean {
  return entry.outcome.code === INTENT;
}

/** How a line breaks the hash chain, as a message. */
export function breakMessage(problem: BreakKind): { key: MessageKey; vars: Vars } {
  switch (problem.kind) {
    case "unreadable":
      return { key: "audit.break.unreadable", vars: {} };
    case "modified":
      return { key: "audit.break.modified", vars: {} };
    case "missing":
      return { key: "audit.break.missing", vars: { after: problem.after, next: problem.next } };
    case "not_following":
      return { key: "audit.break.not_following", vars: {} };
  }
}

/** The keyring's anchor compared with the log, as a message and whether it is sound. */
export function anchorMessage(anchor: AnchorState): { key: MessageKey; vars: Vars; ok: boolean } {
  switch (anchor.state) {
    case "matches":
      return { key: "audit.anchor.matches", vars: {}, ok: true };
    case "missing":
      return { key: "audit.anchor.missing", vars: {}, ok: false };
    case "unavailable":
      return { key: "audit.anchor.unavailable", vars: { reason: anchor.reason }, ok: false };
    case "unreadable":
      return { key: "audit.anchor.unreadable", vars: {}, ok: false };
    case "behind":
      return { key: "audit.anchor.behind", vars: { anchored: anchor.anchoredSeq, last: anchor.lastSeq }, ok: false };
    case "truncated":
      return { key: "audit.anchor.truncated", vars: { anchored: anchor.anchoredSeq, last: anchor.lastSeq }, ok: false };
    case "rewritten":
      return { key: "audit.anchor.rewritten", vars: { seq: anchor.seq }, ok: false };
  }
}

/** What an entry is about, to follow it. The desk writes each operation's target its
 * own way (crates/kyb-desk-core/src/desk/service.rs): a verification by its folio; a
 * correction by its DocumentId; an enrollment link "DocumentId / PersonId";
 * complementary information "DocumentId / FlowID" (its intent); a new file "FlowID /
 * RFC" until it exists, then its DocumentId. Anything else (a profile, the log itself)
 * cannot be opened. */
export type AuditSubject =
  | { kind: "folio"; folio: string }
  | { kind: "file"; documentId: string; person: string | null; flow: string | null }
  | { kind: "newFile"; flowId: string; rfc: string }
  | { kind: "none" };

export function subjectOf(entry: Pick<AuditEntry, "operation" | "target">, routes: OperationRoute[]): AuditSubject {
  const target = entry.target.trim();
  const operation = routes.find((r) => r.route === entry.operation)?.operation;
  if (!target || !operation) return { kind: "none" };
  const [first = "", second = ""] = target.split(" / ").map((part) => part.trim());
  switch (operation) {
    case "resend_verification":
    case "cancel_verification":
      return { kind: "folio", folio: target };
    case "create_file":
      if (second) return { kind: "newFile", flowId: first, rfc: second };
      return isUuid(first) ? { kind: "file", documentId: first, person: null, flow: null } : { kind: "none" };
    case "correction":
    case "enrollment_link":
    case "complementary_info":
      if (!isUuid(first)) return { kind: "none" };
      return {
        kind: "file",
        documentId: first,
        person: operation === "enrollment_link" && second ? second : null,
        flow: operation === "complementary_info" && second ? second : null,
      };
    default:
      return { kind: "none" };
  }
}

function isUuid(text: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);
}

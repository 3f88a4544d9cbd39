// The audit log viewer's filters: by operation, by target (DocumentId, folio or
// PersonId, in part), and by local calendar day from and to; the names of operations,
// what each entry is about, the intents whose result never came, the chain's breaks and
// the keyring's anchor in words.
import type { AnchorState } from "../../bindings/AnchorState";
import type { AuditEntry } from "../../bindings/AuditEntry";
import type { AuditMark } from "../../bindings/AuditMark";
import type { BreakKind } from "../../bindings/BreakKind";
import type { OperationRoute } from "../../bindings/OperationRoute";
import type { MessageKey, Vars } from "../../i18n";
import { localDay } from "../../words/format";
import { operationName } from "../../words/operations";

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
  "desk: dossier-exported": "op.desk.dossierExported",
  "desk: sla-policy-changed": "op.desk.slaPolicyChanged",
  "desk: list-imported": "op.desk.listImported",
  "desk: hit-disposed": "op.desk.hitDisposed",
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

/** What an entry is about, to follow it, from the typed target the backend gives each
 * entry (`subject`: written with the entry, or read by the backend from an older entry's
 * text): a verification by its folio; a file by its DocumentId, with the person of an
 * enrollment link or the flow added to it; a new file by its flow and RFC until it exists.
 * Anything else (a profile, the log itself) cannot be opened. */
export type AuditSubject =
  | { kind: "folio"; folio: string }
  | { kind: "file"; documentId: string; person: string | null; flow: string | null }
  | { kind: "newFile"; flowId: string; rfc: string }
  | { kind: "none" };

export function subjectOf(entry: Pick<AuditEntry, "subject">): AuditSubject {
  const about = entry.subject;
  switch (about.kind) {
    case "folio":
      return { kind: "folio", folio: about.folio };
    case "file":
      return { kind: "file", documentId: about.documentId, person: null, flow: null };
    case "person":
      return { kind: "file", documentId: about.documentId, person: about.personId, flow: null };
    case "added_flow":
      return { kind: "file", documentId: about.documentId, person: null, flow: about.flowId };
    case "new_file":
      return { kind: "newFile", flowId: about.flowId, rfc: about.company };
    case "profile":
    case "log_file":
    case "other":
      return { kind: "none" };
  }
}

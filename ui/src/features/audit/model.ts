// The audit log viewer's filters: by operation, by target (DocumentId, folio or
// PersonId, in part), and by local calendar day from and to.
import type { AuditEntry } from "../../bindings/AuditEntry";
import type { MessageKey } from "../../i18n";

export interface AuditFilter {
  /** An operation's route as the log names it, or "" for all. */
  operation: string;
  target: string;
  /** YYYY-MM-DD (local), or "". */
  from: string;
  to: string;
}

export const noFilter: AuditFilter = { operation: "", target: "", from: "", to: "" };

/** The local calendar day of an instant, YYYY-MM-DD. */
export function localDay(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

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

/** A human name for each operation the log records (by its route). */
const LABELS: Record<string, MessageKey> = {
  "POST /expedientes/nuevo": "op.createFile",
  "POST /expedientes/solicitar-correccion": "op.correction",
  "POST /expedientes/informacion-complementaria": "op.complementary",
  "POST /enrollment/v1/url": "op.enrollmentLink",
  "POST /verificaciones/{folio}/reenviar": "op.resend",
  "POST /verificaciones/{folio}/cancelar": "op.cancel",
};

export function operationLabel(route: string): MessageKey | null {
  return LABELS[route] ?? null;
}

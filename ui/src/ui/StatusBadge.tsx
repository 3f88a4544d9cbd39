import type { StatusCategory } from "../bindings/StatusCategory";
import { MISSING } from "./text";

/** A file status as the service names it, coloured by what it means. */
export function StatusBadge({ status, category }: { status: string | null; category: StatusCategory | null }) {
  if (!status) return <span className="muted">{MISSING}</span>;
  return <span className={`status status-${category ?? "unknown"}`}>{status}</span>;
}

// The file to review after one is sent. In a team, the queue decides (the database's
// take-next: the file is assigned and claimed for the analyst, never two desks the
// same). On one desk, the followed file that has waited longest under review: the
// oldest change first, as a queue is worked, never the file just sent.
import type { WatchedFile } from "../../bindings/WatchedFile";

/** A file to open next: its review when the service gave it a DocumentId, else its tracking. */
export interface NextFile {
  flowId: string;
  rfc: string;
  documentId: string | null;
}

export function nextToReview(files: readonly WatchedFile[], after: { flowId: string; rfc: string }): WatchedFile | null {
  const waiting = files.filter(
    (f) => f.statusCategory === "in_review" && f.documentId !== null && !(f.flowId === after.flowId && f.rfc.toUpperCase() === after.rfc.toUpperCase()),
  );
  // A file never updated has waited longest of all.
  const at = (f: WatchedFile) => (f.updatedAtUtc ? Date.parse(f.updatedAtUtc) : Number.NEGATIVE_INFINITY);
  return waiting.reduce<WatchedFile | null>((oldest, f) => (oldest === null || at(f) < at(oldest) ? f : oldest), null);
}

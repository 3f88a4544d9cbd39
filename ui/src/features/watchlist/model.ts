// The watchlist's pure rules: which rows show, in what order. Kept apart from React so
// Vitest checks them directly.
import type { StatusCategory } from "../../bindings/StatusCategory";
import type { WatchedFile } from "../../bindings/WatchedFile";
import { fold } from "../../ui/text";
import { type AgeBucket, ageBucket } from "./overview";

export type SortKey = "company" | "rfc" | "flow" | "status" | "sections" | "persons" | "updated";
export interface Sort {
  key: SortKey;
  descending: boolean;
}

export interface Filter {
  /** Matches RFC, company name or DocumentId, ignoring case and accents. */
  query: string;
  /** Only these categories; empty means all. */
  categories: StatusCategory[];
  onlyChanged: boolean;
  /** Only files whose last change falls in this bucket (the overview's); null: any. */
  age: AgeBucket | null;
}

export const emptyFilter: Filter = { query: "", categories: [], onlyChanged: false, age: null };

export function rowKey(file: WatchedFile): string {
  return `${file.flowId}\u0000${file.rfc}`;
}

function matches(file: WatchedFile, filter: Filter, now: number): boolean {
  if (filter.onlyChanged && !file.changed) return false;
  if (filter.age !== null && ageBucket(file.updatedAtUtc, now) !== filter.age) return false;
  if (filter.categories.length > 0 && !filter.categories.includes(file.statusCategory ?? "unknown")) return false;
  const query = fold(filter.query.trim());
  if (!query) return true;
  return [file.rfc, file.companyName ?? "", file.documentId ?? "", file.flowId].some((field) => fold(field).includes(query));
}

/** Share of sections accepted, for ordering by progress. */
function progress(file: WatchedFile): number {
  return file.sections.total === 0 ? -1 : file.sections.accepted / file.sections.total;
}

function compare(a: WatchedFile, b: WatchedFile, key: SortKey): number {
  const text = (x: string | null | undefined, y: string | null | undefined) => fold(x ?? "").localeCompare(fold(y ?? ""), "es");
  switch (key) {
    case "company":
      return text(a.companyName, b.companyName);
    case "rfc":
      return text(a.rfc, b.rfc);
    case "flow":
      return text(a.flowId, b.flowId);
    case "status":
      return text(a.documentStatus, b.documentStatus);
    case "sections":
      return progress(a) - progress(b);
    case "persons":
      return a.personsEnrolled - b.personsEnrolled;
    case "updated":
      return (Date.parse(a.updatedAtUtc ?? "") || 0) - (Date.parse(b.updatedAtUtc ?? "") || 0);
  }
}

export function visibleRows(files: WatchedFile[], filter: Filter, sort: Sort, now = Date.now()): WatchedFile[] {
  const rows = files.filter((file) => matches(file, filter, now));
  rows.sort((a, b) => {
    const order = compare(a, b, sort.key) || a.rfc.localeCompare(b.rfc);
    return sort.descending ? -order : order;
  });
  return rows;
}

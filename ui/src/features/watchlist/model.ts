// The watchlist's pure rules: which rows show, in what order. Kept apart from React so
// Vitest checks them directly.
import type { RiskFloor } from "../../bindings/RiskFloor";
import type { Severity } from "../../bindings/Severity";
import type { StatusCategory } from "../../bindings/StatusCategory";
import type { WatchedFile } from "../../bindings/WatchedFile";
import { fold } from "../../words/text";
import { type AgeBucket, ageBucket } from "./overview";

/** `due`: by the SLA clock's due instant (sla.ts gives it). */
export type SortKey = "company" | "rfc" | "flow" | "status" | "riskLevel" | "sections" | "persons" | "updated" | "due";
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
  /** Only files whose last review found risk at this level or above; null: any. */
  minRisk: RiskFloor | null;
}

export const emptyFilter: Filter = { query: "", categories: [], onlyChanged: false, age: null, minRisk: null };

const RANK: Record<Severity, number> = { low: 1, medium: 2, high: 3 };
const FLOOR: Record<RiskFloor, number> = { medium: 2, high: 3 };

/** A file's risk as a number to order by: its level first, then how many findings; a
 * file never reviewed below every reviewed one. */
export function riskValue(file: WatchedFile): number {
  const risk = file.risk;
  if (!risk) return -1;
  return (risk.level ? RANK[risk.level] : 0) * 10_000 + Math.min(risk.findings, 9_999);
}

export function rowKey(file: Pick<WatchedFile, "flowId" | "rfc">): string {
  return `${file.flowId}\u0000${file.rfc}`;
}

// What a search looks in and what a sort compares, worked out once per file and kept
// while the file is (a refresh replaces a file's object, and with it these): a
// keystroke in a list of 10,000 files then folds no text, and a sort parses no date.
const searchTexts = new WeakMap<WatchedFile, string>();
const collator = new Intl.Collator("es");

/** The fields a search matches, folded, apart: a query never spans two of them. */
function searchText(file: WatchedFile): string {
  let text = searchTexts.get(file);
  if (text === undefined) {
    text = [file.rfc, file.companyName ?? "", file.documentId ?? "", file.flowId].map(fold).join("\u0000");
    searchTexts.set(file, text);
  }
  return text;
}

function matches(file: WatchedFile, filter: Filter, query: string, now: number): boolean {
  if (filter.onlyChanged && !file.changed) return false;
  if (filter.age !== null && ageBucket(file.updatedAtUtc, now) !== filter.age) return false;
  if (filter.categories.length > 0 && !filter.categories.includes(file.statusCategory ?? "unknown")) return false;
  if (filter.minRisk !== null && (file.risk?.level ? RANK[file.risk.level] : 0) < FLOOR[filter.minRisk]) return false;
  return !query || searchText(file).includes(query);
}

/** Share of sections accepted, for ordering by progress. */
function progress(file: WatchedFile): number {
  return file.sections.total === 0 ? -1 : file.sections.accepted / file.sections.total;
}

/** The value a file is ordered by for `key`: folded text, or a number. */
function sortValue(file: WatchedFile, key: SortKey, due: (file: WatchedFile) => number): string | number {
  switch (key) {
    case "due":
      return due(file);
    case "company":
      return fold(file.companyName ?? "");
    case "rfc":
      return fold(file.rfc);
    case "flow":
      return fold(file.flowId);
    case "status":
      return fold(file.documentStatus ?? "");
    case "sections":
      return progress(file);
    case "persons":
      return file.personsEnrolled;
    case "riskLevel":
      return riskValue(file);
    case "updated":
      return updatedValue(file);
  }
}

/** When the file last changed. One not asked about yet was just followed or created:
 * the newest of all, so it shows where the user looks, not under a screenful of rows. */
function updatedValue(file: WatchedFile): number {
  if (file.updatedAtUtc) return Date.parse(file.updatedAtUtc) || 0;
  return file.lastRefreshUtc === null && file.lastError === null ? Number.POSITIVE_INFINITY : 0;
}

function compareValues(a: string | number, b: string | number): number {
  return typeof a === "number" && typeof b === "number" ? a - b : collator.compare(String(a), String(b));
}

/** The files in the order `sort` asks (the RFC breaks ties); each file's value is read
 * once, not at every comparison. */
export function sortRows(files: readonly WatchedFile[], sort: Sort, due: (file: WatchedFile) => number = () => 0): WatchedFile[] {
  const keyed = files.map((file) => ({ file, value: sortValue(file, sort.key, due) }));
  keyed.sort((a, b) => {
    const order = compareValues(a.value, b.value) || collator.compare(a.file.rfc, b.file.rfc);
    return sort.descending ? -order : order;
  });
  return keyed.map((k) => k.file);
}

/** The files `filter` lets through, in their order. */
export function filterRows(files: readonly WatchedFile[], filter: Filter, now = Date.now()): WatchedFile[] {
  const query = fold(filter.query.trim());
  return files.filter((file) => matches(file, filter, query, now));
}

/** The rows the table shows: the files `filter` lets through, in the order of `sort`. */
export function visibleRows(files: WatchedFile[], filter: Filter, sort: Sort, now = Date.now()): WatchedFile[] {
  return filterRows(sortRows(files, sort), filter, now);
}

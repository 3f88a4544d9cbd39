// The watchlist's overview: how many files are in each status, and how long since each
// last changed, in buckets. Pure, so Vitest checks the counting and the day boundaries.
import type { StatusCategory } from "../../bindings/StatusCategory";
import type { WatchedFile } from "../../bindings/WatchedFile";
import { CATEGORIES } from "../../components/StatusBadge";

/** Time since the file last changed at the service (`updatedAtUtc`, the file's own
 * last update): under a day, 1–3 days, 4–7 days, more; `unknown` when the service gave
 * none. */
export type AgeBucket = "today" | "days1to3" | "days4to7" | "older" | "unknown";

export const AGE_BUCKETS: AgeBucket[] = ["today", "days1to3", "days4to7", "older", "unknown"];

const DAY = 24 * 60 * 60 * 1000;

/** Which bucket a change at `iso` falls in by its age in whole days: under a day is
 * today's, 1 to 3 days old, 4 to 7, more; a clock a little behind the service's (a
 * change "in the future") is today's. */
export function ageBucket(iso: string | null, now: number): AgeBucket {
  const at = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(at)) return "unknown";
  const days = Math.floor((now - at) / DAY);
  if (days <= 0) return "today";
  if (days <= 3) return "days1to3";
  if (days <= 7) return "days4to7";
  return "older";
}

export interface Overview {
  /** Files per status category, in the order a file moves through them; only those with files. */
  statuses: { category: StatusCategory; count: number }[];
  /** Files per age bucket, every bucket but `unknown` always listed. */
  ages: { bucket: AgeBucket; count: number }[];
}

export function overview(files: WatchedFile[], now: number): Overview {
  const byStatus = new Map<StatusCategory, number>();
  const byAge = new Map<AgeBucket, number>();
  for (const file of files) {
    if (file.documentStatus) {
      const category = file.statusCategory ?? "unknown";
      byStatus.set(category, (byStatus.get(category) ?? 0) + 1);
    }
    const bucket = ageBucket(file.updatedAtUtc, now);
    byAge.set(bucket, (byAge.get(bucket) ?? 0) + 1);
  }
  return {
    statuses: CATEGORIES.filter((c) => byStatus.has(c)).map((category) => ({ category, count: byStatus.get(category) ?? 0 })),
    ages: AGE_BUCKETS.filter((b) => b !== "unknown" || byAge.has(b)).map((bucket) => ({ bucket, count: byAge.get(bucket) ?? 0 })),
  };
}

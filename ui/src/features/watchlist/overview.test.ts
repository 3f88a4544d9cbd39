import { describe, expect, it } from "vitest";
import { ageBucket, overview } from "./overview";
import { watchedFile } from "./testing";

const at = (y: number, m: number, d: number, h = 12, min = 0) => new Date(y, m - 1, d, h, min).getTime();
const iso = (ms: number) => new Date(ms).toISOString();

describe("the watchlist's overview", () => {
  it("buckets the age since the last change in whole days", () => {
    const now = at(2026, 11, 23, 12, 0);
    const hours = (h: number) => iso(now - h * 3600 * 1000);
    expect(ageBucket(hours(0), now)).toBe("today");
    expect(ageBucket(hours(23.9), now)).toBe("today");
    expect(ageBucket(hours(24), now)).toBe("days1to3");
    expect(ageBucket(hours(3 * 24 + 23), now)).toBe("days1to3");
    expect(ageBucket(hours(4 * 24), now)).toBe("days4to7");
    expect(ageBucket(hours(7 * 24 + 23), now)).toBe("days4to7");
    expect(ageBucket(hours(8 * 24), now)).toBe("older");
    // A clock a little behind the service's: a change "in the future" is today's.
    expect(ageBucket(hours(-0.1), now)).toBe("today");
    expect(ageBucket(null, now)).toBe("unknown");
    expect(ageBucket("no es fecha", now)).toBe("unknown");
  });

  it("counts files per status in the order a file moves, and per age", () => {
    const now = at(2026, 11, 23);
    const files = [
      watchedFile("A", { documentStatus: "Aceptado", statusCategory: "approved", updatedAtUtc: iso(now) }),
      watchedFile("B", { documentStatus: "En Revisión", statusCategory: "in_review", updatedAtUtc: iso(at(2026, 11, 21)) }),
      watchedFile("C", { documentStatus: "En Revisión", statusCategory: "in_review", updatedAtUtc: iso(at(2026, 11, 1)) }),
      watchedFile("D", { documentStatus: "Pausado", statusCategory: "unknown", updatedAtUtc: iso(at(2026, 11, 18)) }),
      // Never answered: no status to count, its age unknown.
      watchedFile("E"),
    ];
    const seen = overview(files, now);
    expect(seen.statuses).toEqual([
      { category: "in_review", count: 2 },
      { category: "approved", count: 1 },
      { category: "unknown", count: 1 },
    ]);
    expect(seen.ages).toEqual([
      { bucket: "today", count: 1 },
      { bucket: "days1to3", count: 1 },
      { bucket: "days4to7", count: 1 },
      { bucket: "older", count: 1 },
      { bucket: "unknown", count: 1 },
    ]);
    expect(overview([], now)).toEqual({
      statuses: [],
      ages: [
        { bucket: "today", count: 0 },
        { bucket: "days1to3", count: 0 },
        { bucket: "days4to7", count: 0 },
        { bucket: "older", count: 0 },
      ],
    });
  });
});

import { describe, expect, it } from "vitest";

import { formatDay, formatLocal, localDay, mebibytes, meters, shownInstant, timeAgo, timeOfDay } from "./format";
import { MISSING } from "./text";

describe("instants", () => {
  it("are written in the UI's language, or not at all when absent or unreadable", () => {
    expect(formatLocal("2026-11-21T15:00:00Z", "en")).toContain("2026");
    expect(formatLocal("2026-11-21T15:00:00Z", "es-MX")).not.toBe(formatLocal("2026-11-21T15:00:00Z", "en"));
    expect(formatLocal(null, "en")).toBeNull();
    expect(formatLocal("no es fecha", "en")).toBeNull();
    expect(shownInstant(null, "es-MX")).toBe(MISSING);
    expect(shownInstant("2026-11-21T15:00:00Z", "en")).toBe(formatLocal("2026-11-21T15:00:00Z", "en"));
  });

  it("say how long ago, in the user's language", () => {
    const now = Date.parse("2026-11-22T10:00:00Z");
    expect(timeAgo("2026-11-22T09:55:00Z", now, "en")).toBe("5 min. ago");
    expect(timeAgo("2026-11-19T10:00:00Z", now, "es-MX")).toBe("hace 3 días");
    expect(timeAgo(null, now, "en")).toBeNull();
  });

  it("give their local calendar day and time of day", () => {
    const at = new Date(2026, 10, 21, 9, 5);
    expect(localDay(at.toISOString())).toBe("2026-11-21");
    expect(localDay("no es fecha")).toBe("");
    expect(timeOfDay(at.getTime(), "es-MX")).toContain("09:05");
  });
});

describe("formatters", () => {
  it("are built once per style and language, however many dates a screen writes", () => {
    const original = Intl.DateTimeFormat;
    let built = 0;
    Intl.DateTimeFormat = class extends original {
      constructor(...args: ConstructorParameters<typeof original>) {
        super(...args);
        built += 1;
      }
    } as typeof original;
    try {
      // A language no other test uses, so nothing was built for it before.
      const days = Array.from({ length: 400 }, (_, i) => formatDay(`2026-10-${String(1 + (i % 28)).padStart(2, "0")}`, "fr"));
      expect(days[0]).toBe("1 oct. 2026");
      expect(days[27]).toBe("28 oct. 2026");
      expect(built).toBe(1);
      formatLocal("2026-11-21T15:00:00Z", "fr");
      formatLocal("2026-11-22T15:00:00Z", "fr");
      expect(built).toBe(2);
    } finally {
      Intl.DateTimeFormat = original;
    }
  });
});

describe("quantities", () => {
  it("write sizes in MiB with one decimal and distances in whole metres", () => {
    expect(mebibytes(1.5 * 1024 * 1024)).toBe("1.5");
    expect(mebibytes(10 * 1024 * 1024)).toBe("10.0");
    expect(meters(120.4)).toBe("120 m");
  });
});

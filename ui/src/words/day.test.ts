import { describe, expect, it } from "vitest";

import { dayOrder, dayPattern, readDay, writeDay } from "./day";

describe("a day typed in the user's language", () => {
  it("follows the language's order: day first in Spanish, month first in English", () => {
    expect(dayOrder("es-MX")).toEqual(["day", "month", "year"]);
    expect(dayOrder("en")).toEqual(["month", "day", "year"]);
    expect(dayPattern("es-MX", { day: "d", month: "m", year: "a" })).toBe("dd/mm/aaaa");
    expect(readDay("21/11/2026", "es-MX")).toBe("2026-11-21");
    expect(readDay("11/21/2026", "en")).toBe("2026-11-21");
    expect(readDay(" 5-3-2026 ", "es-MX")).toBe("2026-03-05");
    expect(writeDay("2026-03-05", "es-MX")).toBe("05/03/2026");
  });

  it("reads nothing that is not a whole, real day", () => {
    for (const text of ["", "21/11", "31/02/2026", "21/13/2026", "aa/bb/cccc", "21/11/26", "1/1/2026/1"]) {
      expect(readDay(text, "es-MX")).toBeNull();
    }
  });
});

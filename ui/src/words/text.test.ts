import { describe, expect, it } from "vitest";

import { MISSING, shown, shownParts } from "./text";

describe("values as shown", () => {
  it("write a dash for what the service left missing", () => {
    expect(shown(null)).toBe(MISSING);
    expect(shown("  ")).toBe(MISSING);
    expect(shown(Number.NaN)).toBe(MISSING);
    expect(shown(0)).toBe("0");
  });

  it("join the parts that were sent, leaving blanks out", () => {
    expect(shownParts(["Mexicana", null, " "])).toBe("Mexicana");
    expect(shownParts(["Mexicana", "México"])).toBe("Mexicana · México");
    expect(shownParts(["Calle 5", "12"], ", ")).toBe("Calle 5, 12");
    expect(shownParts([null, ""])).toBe(MISSING);
  });
});

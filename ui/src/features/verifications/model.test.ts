import { describe, expect, it } from "vitest";

import type { Verification } from "../../bindings/Verification";
import { BANDS, bandOf, markerOf, positionOf, remember, timeline } from "./model";

describe("the geo band diagram", () => {
  it("classifies distances as the spec does, the 100–500 m band unassigned", () => {
    expect(bandOf(0)).toBe("consistent");
    expect(bandOf(100)).toBe("consistent");
    expect(bandOf(100.5)).toBe("unassigned");
    expect(bandOf(500)).toBe("unassigned");
    expect(bandOf(500.1)).toBe("inconsistent");
    expect(bandOf(null)).toBeNull();
    expect(bandOf(-3)).toBeNull();
  });

  it("draws the three bands end to end over the whole width", () => {
    expect(BANDS.map((b) => b.band)).toEqual(["consistent", "unassigned", "inconsistent"]);
    expect(BANDS[0]?.from).toBe(0);
    expect(BANDS[2]?.to).toBe(1);
    expect(BANDS[0]?.to).toBe(BANDS[1]?.from);
    expect(BANDS[1]?.to).toBe(BANDS[2]?.from);
  });

  it("places a distance inside its own band, farther to the right the farther it is", () => {
    for (const meters of [0, 40, 100, 101, 300, 500, 501, 1200, 4999, 80000]) {
      const at = positionOf(meters);
      const band = BANDS.find((b) => b.band === bandOf(meters));
      expect(at, String(meters)).toBeGreaterThanOrEqual(band?.from ?? 2);
      expect(at, String(meters)).toBeLessThanOrEqual(band?.to ?? -1);
    }
    const positions = [0, 50, 100, 250, 500, 900, 2000, 5000].map(positionOf);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(positionOf(80000)).toBe(1);
  });

  it("spreads the marker by the accuracy, and has none without a distance", () => {
    const marker = markerOf(120, 30);
    expect(marker?.from).toBeCloseTo(positionOf(90));
    expect(marker?.to).toBeCloseTo(positionOf(150));
    expect(markerOf(120, null)).toEqual({ at: positionOf(120), from: positionOf(120), to: positionOf(120) });
    expect(markerOf(null, 10)).toBeNull();
  });
});

describe("a verification's timeline", () => {
  const base = {
    CreatedAtUtc: "2026-11-01T10:00:00Z",
    SentAtUtc: "2026-11-01T10:05:00Z",
    CompletedAtUtc: null,
    ExpiresAtUtc: "2026-11-08T10:05:00Z",
  } as Verification;
  it("marks a deadline still ahead as due and a passed one as missed", () => {
    expect(timeline(base, Date.parse("2026-11-02T00:00:00Z")).map((e) => e.state)).toEqual(["done", "done", "pending", "due"]);
    expect(timeline(base, Date.parse("2026-11-20T00:00:00Z"))[3]?.state).toBe("missed");
    const done = { ...base, CompletedAtUtc: "2026-11-03T09:00:00Z" };
    expect(timeline(done, Date.parse("2026-11-20T00:00:00Z")).map((e) => e.state)).toEqual(["done", "done", "done", "done"]);
  });
});

describe("recent folios", () => {
  it("keeps the latest first, once, and at most eight", () => {
    let recent: string[] = [];
    for (let i = 1; i <= 10; i += 1) recent = remember(recent, `VD-${String(i).padStart(8, "0")}`);
    expect(recent).toHaveLength(8);
    expect(recent[0]).toBe("VD-00000010");
    expect(remember(recent, " VD-00000005 ")[0]).toBe("VD-00000005");
    expect(remember(recent, "VD-00000005").filter((f) => f === "VD-00000005")).toHaveLength(1);
    expect(remember(recent, "vd-00000005").slice(0, 2)).toEqual(["vd-00000005", "VD-00000010"]);
  });
});

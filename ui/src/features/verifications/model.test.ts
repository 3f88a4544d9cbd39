import { describe, expect, it } from "vitest";

import type { GeoBand } from "../../bindings/GeoBand";
import type { GeoBands } from "../../bindings/GeoBands";
import type { Verification } from "../../bindings/Verification";
import { bandsOf, markerOf, positionOf, remember, ticksOf, timeline } from "./model";

/** Edges of the app's info's own choosing, so the diagram is seen to follow them. */
const EDGES: GeoBands = { consistentMaxMeters: 80, inconsistentAboveMeters: 300 };
const at = (meters: number) => positionOf(meters, EDGES);

describe("the geo band diagram", () => {
  it("draws the three bands end to end over the whole width, meeting at the edges the app's info gives", () => {
    const bands = bandsOf(EDGES);
    expect(bands.map((b) => b.band)).toEqual(["consistent", "unassigned", "inconsistent"]);
    expect(bands[0]?.from).toBe(0);
    expect(bands[2]?.to).toBe(1);
    expect(bands[0]?.to).toBe(at(80));
    expect(bands[1]?.from).toBe(at(80));
    expect(bands[1]?.to).toBe(at(300));
    expect(bands[2]?.from).toBe(at(300));
    expect(ticksOf(EDGES).slice(0, 3)).toEqual([0, 80, 300]);
  });

  it("places a distance inside the band it is in under those edges, farther to the right the farther it is", () => {
    const inBand: [number, GeoBand][] = [
      [0, "consistent"],
      [40, "consistent"],
      [80, "consistent"],
      [81, "unassigned"],
      [300, "unassigned"],
      [301, "inconsistent"],
      [1200, "inconsistent"],
      [4999, "inconsistent"],
      [80000, "inconsistent"],
    ];
    for (const [meters, name] of inBand) {
      const band = bandsOf(EDGES).find((b) => b.band === name);
      expect(at(meters), String(meters)).toBeGreaterThanOrEqual(band?.from ?? 2);
      expect(at(meters), String(meters)).toBeLessThanOrEqual(band?.to ?? -1);
    }
    const positions = [0, 40, 80, 250, 300, 900, 2000, 5000].map(at);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(at(80000)).toBe(1);
  });

  it("still has room for the inconsistent band when it begins far out", () => {
    const far: GeoBands = { consistentMaxMeters: 800, inconsistentAboveMeters: 6000 };
    const bands = bandsOf(far);
    expect(bands[2]?.from).toBeLessThan(1);
    expect(positionOf(9000, far)).toBeGreaterThan(positionOf(6001, far));
    expect(positionOf(9000, far)).toBeLessThan(1);
  });

  it("spreads the marker by the accuracy, and has none without a distance", () => {
    const marker = markerOf(120, 30, EDGES);
    expect(marker?.from).toBeCloseTo(at(90));
    expect(marker?.to).toBeCloseTo(at(150));
    expect(markerOf(120, null, EDGES)).toEqual({ at: at(120), from: at(120), to: at(120) });
    expect(markerOf(null, 10, EDGES)).toBeNull();
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

  it("reads an instant the client gives as null (not happened: null, absent or 0001-01-01 on the wire) as not yet", () => {
    const unsent = { ...base, SentAtUtc: null, CompletedAtUtc: null };
    const entries = timeline(unsent, Date.parse("2026-11-02T00:00:00Z"));
    expect(entries.map((e) => [e.step, e.at, e.state])).toEqual([
      ["created", "2026-11-01T10:00:00Z", "done"],
      ["sent", null, "pending"],
      ["completed", null, "pending"],
      ["expires", "2026-11-08T10:05:00Z", "due"],
    ]);
    // Not completed, so its deadline is missed once passed, never met.
    expect(timeline(unsent, Date.parse("2026-11-20T00:00:00Z"))[3]?.state).toBe("missed");
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

import { describe, expect, it } from "vitest";
import type { Dashboard } from "../../bindings/Dashboard";
import { decisionTable, durationText, fitLabel, isEmpty, percentText, queryOf, stacked } from "./model";

const DASHBOARD: Dashboard = {
  decisions: [
    { day: "2026-03-02", analyst: "ana@kyb.mx", count: 2 },
    { day: "2026-03-02", analyst: "beto@kyb.mx", count: 1 },
    { day: "2026-03-01", analyst: "beto@kyb.mx", count: 3 },
  ],
  decisionsTotal: 6,
  analysts: ["ana@kyb.mx", "beto@kyb.mx"],
  flows: ["flujo-1"],
  timeToDecision: { timed: 5, untimed: 1, medianSeconds: 3600, p90Seconds: 90_000 },
  queue: { open: 0, bands: [], overdue: 0, dueSoon: 0, byRisk: [] },
  sla: { within: 2, breached: 1, unmeasured: 3, sharePermille: 666 },
  reasons: { rejectedSections: 0, withoutReason: 0, top: [] },
};

describe("the dashboard's data shaping", () => {
  it("lays decisions out by day and analyst, with zeros and each day's total", () => {
    const table = decisionTable(DASHBOARD);
    expect(table.days).toEqual(["2026-03-01", "2026-03-02"]);
    expect(table.analysts).toEqual(["ana@kyb.mx", "beto@kyb.mx"]);
    expect(table.counts).toEqual([
      [0, 2],
      [3, 1],
    ]);
    expect(table.totals).toEqual([3, 3]);
  });

  it("stacks the analysts' bars: the first reaches the total, the last is its own", () => {
    expect(
      stacked([
        [0, 2],
        [3, 1],
        [1, 0],
      ]),
    ).toEqual([
      [4, 3],
      [4, 1],
      [1, 0],
    ]);
    expect(stacked([])).toEqual([]);
  });

  it("asks for the preset's days ending today, in the window's time zone", () => {
    const now = new Date(2026, 2, 10, 15, 0);
    const q = queryOf({ preset: "7d", from: "", to: "", analyst: "ana@kyb.mx", flow: "" }, now);
    expect(q.from).toBe("2026-03-04");
    expect(q.to).toBe("2026-03-10");
    expect(q.analyst).toBe("ana@kyb.mx");
    expect(q.flow).toBeNull();
    expect(q.utcOffsetMinutes).toBe(-now.getTimezoneOffset());
    expect(queryOf({ preset: "all", from: "2026-01-01", to: "", analyst: "", flow: "" }, now)).toMatchObject({ from: null, to: null });
    expect(queryOf({ preset: "custom", from: "2026-01-01", to: "", analyst: "", flow: "f" }, now)).toMatchObject({ from: "2026-01-01", to: null, flow: "f" });
  });

  it("words a wait by its two largest units", () => {
    expect(durationText(0)).toBe("0 s");
    expect(durationText(45)).toBe("45 s");
    expect(durationText(3600)).toBe("1 h");
    expect(durationText(12_000)).toBe("3 h 20 min");
    expect(durationText(90_000)).toBe("1 d 1 h");
    expect(durationText(86_400 + 59)).toBe("1 d 59 s");
  });

  it("shows thousandths as a percentage in the language's way", () => {
    expect(percentText(666, "en")).toBe("66.6%");
    expect(percentText(1000, "es-MX")).toMatch(/^100\.0\s?%$/);
  });

  it("is empty only with no decision and no open file", () => {
    expect(isEmpty(DASHBOARD)).toBe(false);
    expect(isEmpty({ ...DASHBOARD, decisionsTotal: 0 })).toBe(true);
    expect(isEmpty({ ...DASHBOARD, decisionsTotal: 0, queue: { open: 1, bands: [], overdue: 0, dueSoon: 0, byRisk: [] } })).toBe(false);
  });
});

describe("the language uPlot is given", () => {
  it("is the window's when it is a language tag, the page's otherwise", async () => {
    const { validLanguage } = await import("./languageTag");
    expect(validLanguage("en-US", "es-MX")).toBe("en-US");
    expect(validLanguage("C", "es-MX")).toBe("es-MX");
  });
});

describe("a label under a bar", () => {
  it("stays on one line when it fits its slot, else breaks at the space nearest its middle", () => {
    expect(fitLabel("Hoy", 48)).toBe("Hoy");
    expect(fitLabel("Más de 7 días", 120)).toBe("Más de 7 días");
    expect(fitLabel("Más de 7 días", 48)).toBe("Más de\n7 días");
    expect(fitLabel("Sin fecha", 48)).toBe("Sin\nfecha");
    expect(fitLabel("Unbroken", 20)).toBe("Unbroken");
  });
});

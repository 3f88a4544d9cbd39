import { act, render } from "@testing-library/react";
import { createElement, useState } from "react";
import { afterEach, describe, expect, it } from "vitest";

import { answered, begin, countLive, exposeCounts, keepBounded, MEASURES_KEPT, paintedSince, usePaintMeasure } from "./perf";

const measures = (name: string) => performance.getEntriesByName(name, "measure");
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

/** A list of `n` rows; `show(2)` also asks for the commit that follows to be measured. */
let show: (n: number) => void = () => {};
function Rows() {
  const [n, setN] = useState(0);
  const measureNextCommit = usePaintMeasure();
  show = (next) => {
    if (next === 2) {
      begin("watchlist");
      measureNextCommit("watchlist");
    }
    setN(next);
  };
  return createElement(
    "ul",
    null,
    Array.from({ length: n }, (_, i) => createElement("li", { key: i }, i)),
  );
}

afterEach(() => {
  performance.clearMarks();
  performance.clearMeasures();
});

describe("paint measures", () => {
  it("records a measure from its start once the next frame is painted, and hands over its duration", async () => {
    begin("detail");
    let handed = -1;
    paintedSince("detail", (ms) => (handed = ms));
    expect(measures("detail")).toHaveLength(0);
    await settle();
    expect(measures("detail")).toHaveLength(1);
    expect(handed).toBe(measures("detail")[0]?.duration);
    expect(handed).toBeGreaterThanOrEqual(0);
  });

  it("records nothing without a start, and each start once", async () => {
    paintedSince("watchlist");
    await settle();
    expect(measures("watchlist")).toHaveLength(0);
    begin("watchlist");
    paintedSince("watchlist");
    paintedSince("watchlist");
    await settle();
    expect(measures("watchlist")).toHaveLength(1);
  });

  it("measures the commit that follows the update asked for, not the ones after", async () => {
    const { container } = render(createElement(Rows));
    act(() => show(1));
    await settle();
    expect(measures("watchlist")).toHaveLength(0);
    act(() => show(2));
    await settle();
    expect(container.querySelectorAll("li")).toHaveLength(2);
    expect(measures("watchlist")).toHaveLength(1);
    act(() => show(3));
    await settle();
    expect(measures("watchlist")).toHaveLength(1);
  });
});

describe("the page's counts", () => {
  it("hands the bench the count it is given, read at each call", () => {
    let kept = 3;
    exposeCounts(() => kept);
    const counts = (globalThis as unknown as { kybCounts: () => { queries: number } }).kybCounts;
    expect(counts()).toMatchObject({ queries: 3 });
    kept = 5;
    expect(counts()).toMatchObject({ queries: 5 });
  });

  it("adds the live counts other modules report, as they change", () => {
    exposeCounts(() => 0);
    const counts = (globalThis as unknown as { kybCounts: () => Record<string, number> }).kybCounts;
    const before = counts().pdfWorkers ?? 0;
    countLive("pdfWorkers", 1);
    expect(counts().pdfWorkers).toBe(before + 1);
    countLive("pdfWorkers", -1);
    expect(counts().pdfWorkers).toBe(before);
  });
});

describe("measures kept", () => {
  it("clears a name's measures once more than the cap are held, and only that name's", () => {
    for (let i = 0; i < 3; i++) performance.measure("detail");
    performance.measure("watchlist");
    keepBounded("detail", 3);
    expect(measures("detail")).toHaveLength(3);
    performance.measure("detail");
    keepBounded("detail", 3);
    expect(measures("detail")).toHaveLength(0);
    expect(measures("watchlist")).toHaveLength(1);
  });

  it("bounds what a long day leaves: the answers' measures too", () => {
    for (let i = 0; i <= MEASURES_KEPT; i++) {
      begin("dashboard");
      answered("dashboard");
    }
    expect(measures("dashboard-answer").length).toBeLessThanOrEqual(MEASURES_KEPT);
    begin("dashboard");
    answered("dashboard");
    expect(measures("dashboard-answer")).toHaveLength(1);
  });
});

import { act, render } from "@testing-library/react";
import { createElement, useState } from "react";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";

import { answered, begin, countLive, exposeCounts, keepBounded, MEASURES_KEPT, paintedSince, usePaintMeasure } from "./perf";
import { framesByHand, nextFrame } from "./test/clock";

const measures = (name: string) => performance.getEntriesByName(name, "measure");

/** Paints in the test's hands: the frame, and the task queued from it that runs once the
 * frame is painted (`afterNextPaint`'s message). Answers how to paint the next frame. */
function paintsByHand(): () => void {
  framesByHand();
  const posted: (() => void)[] = [];
  class HandChannel {
    port1 = { onmessage: null as (() => void) | null, close: () => undefined };
    port2 = { postMessage: () => posted.push(() => this.port1.onmessage?.()) };
  }
  vi.stubGlobal("MessageChannel", HandChannel);
  onTestFinished(() => {
    vi.unstubAllGlobals();
  });
  return () => {
    nextFrame();
    for (const task of posted.splice(0)) task();
  };
}

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
  it("records a measure from its start once the next frame is painted, and hands over its duration", () => {
    const paint = paintsByHand();
    begin("detail");
    let handed = -1;
    paintedSince("detail", (ms) => (handed = ms));
    expect(measures("detail")).toHaveLength(0);
    paint();
    expect(measures("detail")).toHaveLength(1);
    expect(handed).toBe(measures("detail")[0]?.duration);
    expect(handed).toBeGreaterThanOrEqual(0);
  });

  it("records nothing without a start, and each start once", () => {
    const paint = paintsByHand();
    paintedSince("watchlist");
    paint();
    expect(measures("watchlist")).toHaveLength(0);
    begin("watchlist");
    paintedSince("watchlist");
    paintedSince("watchlist");
    paint();
    expect(measures("watchlist")).toHaveLength(1);
  });

  it("measures the commit that follows the update asked for, not the ones after", () => {
    const paint = paintsByHand();
    const { container } = render(createElement(Rows));
    act(() => show(1));
    paint();
    expect(measures("watchlist")).toHaveLength(0);
    act(() => show(2));
    paint();
    expect(container.querySelectorAll("li")).toHaveLength(2);
    expect(measures("watchlist")).toHaveLength(1);
    act(() => show(3));
    paint();
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

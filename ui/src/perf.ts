import { useCallback, useLayoutEffect, useRef } from "react";

import { nextFrame } from "./dom/frames";

/**
 * What the analyst waits for, measured with the browser's User Timing API so anyone
 * can read it (`performance.getEntriesByName(name, "measure")`; `make bench` does):
 *
 * - `watchlist`: the followed files' list received → its rows painted;
 * - `detail`: a file's detail received → its screen painted;
 * - `detail-entities`, `detail-documents`…: a detail tab chosen → painted;
 * - `watchlist-refresh`: "refresh all" pressed → the last answer painted;
 * - `watchlist-search`: a keystroke in the watchlist's search → the rows it leaves painted;
 * - `evidence`: a review's section focused → its evidence's file painted (a PDF's page
 *   drawn, an image decoded and shown).
 * - `dashboard`: the dashboard's figures asked for → its charts drawn.
 * - `screening`: a review's section with screening results chosen (clicked, focused or
 *   reached with j/k) → its hits and its ownership (the table and the picture) painted;
 * - `review`: a review's material received → the review painted with the team's notes
 *   on the file (read then, in a team; without one, the review alone);
 * - `watchlist-sort`: a column's sort chosen → the rows in the new order painted.
 *
 * "Painted" is the first moment after the next frame was presented: a task queued
 * from inside `requestAnimationFrame` runs once that frame's paint is done.
 */
export type Measure =
  | "watchlist"
  | "detail"
  | `detail-${string}`
  | "watchlist-refresh"
  | "watchlist-search"
  | "watchlist-sort"
  | "evidence"
  | "dashboard"
  | "screening"
  | "review";

const startOf = (name: Measure) => `${name}:start`;

/** Marks the start of `name` (data received, or the user's action) now. */
export function begin(name: Measure) {
  performance.mark(startOf(name));
}

/** Records `${name}-answer` from `name`'s start (if one is pending): the data received,
 * before it is drawn (`make bench` splits the dashboard's measure with it). */
export function answered(name: Measure) {
  if (performance.getEntriesByName(startOf(name), "mark").length === 0) return;
  performance.measure(`${name}-answer`, startOf(name));
  keepBounded(`${name}-answer`);
}

/** User Timing keeps every measure until the page clears it: over a working day of
 * details and reviews they would pile up without end. Past this many of one name, that
 * name's measures are cleared; `make bench` waits for a name's count to grow, and counts
 * a few hundred of one name at most in a window's life, far below. */
export const MEASURES_KEPT = 1000;

/** Clears `name`'s measures once more than `kept` are held. */
export function keepBounded(name: string, kept = MEASURES_KEPT) {
  if (performance.getEntriesByName(name, "measure").length > kept) performance.clearMeasures(name);
}

/** Runs `callback` after the next frame has been painted. */
export function afterNextPaint(callback: () => void) {
  nextFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      callback();
    };
    channel.port2.postMessage(null);
  });
}

/** After the next paint, records `name` from its start mark (if one is pending) and
 * hands its duration in milliseconds to `then`. */
export function paintedSince(name: Measure, then?: (ms: number) => void) {
  afterNextPaint(() => {
    if (performance.getEntriesByName(startOf(name), "mark").length === 0) return;
    const entry = performance.measure(name, startOf(name));
    performance.clearMarks(startOf(name));
    keepBounded(name);
    then?.(entry.duration);
  });
}

/**
 * For a screen whose data arrives through state: `begin(name)` marks the start, and
 * `measureNextCommit(name)`, called with the state update, has the commit that
 * follows (whatever renders it) record `name` once it is painted. Only the updates
 * asked for are measured.
 */
export function usePaintMeasure(): (name: Measure, then?: (ms: number) => void) => void {
  const pending = useRef<{ name: Measure; then: ((ms: number) => void) | undefined }[]>([]);
  useLayoutEffect(() => {
    for (const { name, then } of pending.current.splice(0)) paintedSince(name, then);
  });
  return useCallback((name: Measure, then?: (ms: number) => void) => {
    pending.current.push({ name, then });
  }, []);
}

/** Live objects other modules report for `window.kybCounts()`: the evidence's pdf.js
 * sessions holding a worker or a document, their workers running, and the PDF documents
 * they keep opened (features/evidence/pdfSession.ts). Reported here, not read from there:
 * the entry never imports the evidence's modules. */
export type LiveCount = "pdfSessions" | "pdfWorkers" | "pdfDocuments";
const live: Record<LiveCount, number> = { pdfSessions: 0, pdfWorkers: 0, pdfDocuments: 0 };

/** Adds `delta` to the live count `name`. */
export function countLive(name: LiveCount, delta: number) {
  live[name] += delta;
}

/** What `make bench` reads of the page's own objects (`window.kybCounts()`), besides what
 * the DOM shows: the answers TanStack Query keeps and the live counts above. A read-only
 * count, so harmless in a production build; WebKitGTK has no `performance.memory`, so the
 * bench tells a leak by counts like these before and after 200 details
 * (docs/bench/memory.md) and before and after 50 reviews (docs/bench/evidence.md). */
export function exposeCounts(queries: () => number) {
  (globalThis as { kybCounts?: () => { queries: number } & Record<LiveCount, number> }).kybCounts = () => ({ queries: queries(), ...live });
}

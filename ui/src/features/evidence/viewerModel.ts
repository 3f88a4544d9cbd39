// The PDF viewer's rules, apart from pdf.js and the DOM: which page, how large, and what a
// key does. A zoom of 1 is the page at its printed size (one PDF point is 96/72 CSS pixels).

export interface Size {
  width: number;
  height: number;
}

/** How the page is sized: to the pane's width, whole in the pane, or at a chosen zoom. */
export type Fit = { kind: "width" } | { kind: "page" } | { kind: "zoom"; zoom: number };

export const MIN_ZOOM = 0.25;
export const MAX_ZOOM = 4;

/** The zooms the buttons and keys step through, as a reader's viewer offers them. */
export const ZOOM_STEPS = [0.25, 0.33, 0.5, 0.67, 0.75, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4] as const;

/** Above this many pages the viewer says that it draws one page at a time. */
export const LONG_DOCUMENT_PAGES = 500;

/** CSS pixels per PDF point: a zoom of 1 shows the page at its printed size. */
export const CSS_PER_POINT = 96 / 72;

/** Device pixels a canvas may hold: WebKit refuses (draws nothing on) larger ones, and
 * a page at 400 % on a dense screen passes that. */
export const MAX_CANVAS_PIXELS = 4096 * 4096;

// A step is "the same" zoom within this, so that 0.6667 after a fit does not step to 0.67.
const EPSILON = 0.005;

export function clampPage(page: number, pageCount: number): number {
  if (pageCount < 1 || !Number.isFinite(page)) return 1;
  return Math.min(pageCount, Math.max(1, Math.round(page)));
}

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom) || zoom <= 0) return 1;
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/** The next step above the current zoom (a fitted zoom may sit between two steps). */
export function zoomIn(zoom: number): number {
  return ZOOM_STEPS.find((step) => step > zoom + EPSILON) ?? MAX_ZOOM;
}

/** The next step below the current zoom. */
export function zoomOut(zoom: number): number {
  return [...ZOOM_STEPS].reverse().find((step) => step < zoom - EPSILON) ?? MIN_ZOOM;
}

/** The zoom at which `page` (its size at zoom 1) fills the pane's width, or fits whole
 * in it; a chosen zoom as it is. An unmeasured pane or page gives zoom 1. */
export function zoomFor(fit: Fit, page: Size, pane: Size): number {
  if (fit.kind === "zoom") return clampZoom(fit.zoom);
  if (page.width <= 0 || page.height <= 0 || pane.width <= 0) return 1;
  const across = pane.width / page.width;
  if (fit.kind === "width" || pane.height <= 0) return clampZoom(across);
  return clampZoom(Math.min(across, pane.height / page.height));
}

/** Device pixels per CSS pixel for a page drawn `css` large: the screen's ratio, lowered
 * when the canvas would pass `MAX_CANVAS_PIXELS` (the page then looks softer, not blank). */
export function pixelRatio(css: Size, devicePixelRatio: number, maxPixels = MAX_CANVAS_PIXELS): number {
  const ratio = Number.isFinite(devicePixelRatio) && devicePixelRatio > 0 ? devicePixelRatio : 1;
  const area = css.width * css.height;
  if (area <= 0) return ratio;
  return Math.min(ratio, Math.sqrt(maxPixels / area));
}

export type Action = "previous" | "next" | "first" | "last" | "zoomIn" | "zoomOut" | "fitWidth" | "fitPage";

/** What a key does in the viewer, or null for a key it leaves alone (arrows scroll the
 * page, and a key with Ctrl, Alt or Meta belongs to the window). `+` is also `=`, its
 * unshifted key on a US layout; `-` is also the numeric keypad's. */
export function actionOfKey(key: string, modifiers: { ctrl?: boolean; alt?: boolean; meta?: boolean } = {}): Action | null {
  if (modifiers.ctrl || modifiers.alt || modifiers.meta) return null;
  switch (key) {
    case "PageUp":
    case "[":
      return "previous";
    case "PageDown":
    case "]":
      return "next";
    case "Home":
      return "first";
    case "End":
      return "last";
    case "+":
    case "=":
      return "zoomIn";
    case "-":
    case "_":
      return "zoomOut";
    case "w":
    case "W":
      return "fitWidth";
    case "f":
    case "F":
      return "fitPage";
    default:
      return null;
  }
}

export interface Position {
  page: number;
  fit: Fit;
}

/** The position after `action`, on a document of `pageCount` pages shown at `zoom` now
 * (a zoom step starts from what is on screen, fitted or not). */
export function apply(position: Position, action: Action, pageCount: number, zoom: number): Position {
  switch (action) {
    case "previous":
      return { ...position, page: clampPage(position.page - 1, pageCount) };
    case "next":
      return { ...position, page: clampPage(position.page + 1, pageCount) };
    case "first":
      return { ...position, page: 1 };
    case "last":
      return { ...position, page: clampPage(pageCount, pageCount) };
    case "zoomIn":
      return { ...position, fit: { kind: "zoom", zoom: zoomIn(zoom) } };
    case "zoomOut":
      return { ...position, fit: { kind: "zoom", zoom: zoomOut(zoom) } };
    case "fitWidth":
      return { ...position, fit: { kind: "width" } };
    case "fitPage":
      return { ...position, fit: { kind: "page" } };
  }
}

/** Why a document could not be shown, from what pdf.js threw (its exceptions carry a
 * `name`; the classes themselves live in the lazily loaded pdf.js chunk). */
export type OpenFailure = "password" | "damaged" | "timeout";

export function failureOf(error: unknown): OpenFailure {
  const name = typeof error === "object" && error !== null && "name" in error ? String(error.name) : "";
  return name === "PasswordException" ? "password" : "damaged";
}

/** pdf.js rejects a render it was told to stop with this; it is no failure. */
export function isCancelled(error: unknown): boolean {
  const name = typeof error === "object" && error !== null && "name" in error ? String(error.name) : "";
  return name === "RenderingCancelledException" || name === "AbortException";
}

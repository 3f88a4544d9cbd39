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

/** Where the app serves pdf.js's image decoders, from its root (vite.config.ts emits them there). */
export const DECODERS_PATH = "pdfjs-decoders/";

/** Pixels of the largest image pdf.js decodes: an A4 page scanned at 600 dpi is about
 * 35 million. A larger one (an image bomb: a few bytes that decode to gigabytes) is
 * left out of the page instead of filling the worker's memory. */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** The options every document is opened with, beside its bytes and worker; `base` is the
 * app's own address (`document.baseURI`). */
export function openOptions(base: string) {
  return {
    enableXfa: false,
    // Embedded fonts are drawn as paths by pdf.js, so a document's font program never
    // reaches WebKit's font stack (a FontFace); fonts a document names without embedding
    // them are drawn with the system's fonts, as before.
    disableFontFace: true,
    maxImageSize: MAX_IMAGE_PIXELS,
    // A decoded image larger than a canvas the viewer draws is scaled down in the worker
    // before it is sent to the window.
    canvasMaxAreaInBytes: MAX_CANVAS_PIXELS * 4,
    // The CCITT fax / JBIG2 and JPEG 2000 decoders in their JavaScript form, imported by the
    // worker from the app's files: allowed by `script-src 'self'` alone. Their WebAssembly
    // form would need the CSP to allow 'wasm-unsafe-eval' (compiling code at run time) and
    // `connect-src 'self'` (pdf.js fetches the .wasm from the window, as `tauri://` is no
    // http(s) address to it): a wider policy for a speed a one-page viewer does not need.
    useWasm: false,
    wasmUrl: new URL(`/${DECODERS_PATH}`, base).href,
  };
}

/** What pdf.js could read of a document's actions: script anywhere it collects it, and a
 * link that opens something other than a web, mail or phone address (a program or a file:
 * pdf.js reports Launch and GoToR alike, as a target it could not make a URL of). pdf.js
 * does not expose a Launch in an open action or a page's own actions. */
export interface FoundActions {
  scripts: boolean;
  launch: boolean;
}

/** A link or widget as pdf.js's `getAnnotations` describes it (only what is read here). */
export interface AnnotationActions {
  actions?: Record<string, unknown> | null;
  url?: string | null;
  unsafeUrl?: string | null;
}

/** pdf.js answers scripts as a Map, or a plain object, or null for none. */
function hasEntries(scripts: unknown): boolean {
  if (scripts instanceof Map) return scripts.size > 0;
  return typeof scripts === "object" && scripts !== null && Object.keys(scripts).length > 0;
}

/** The actions found in a document's script (`getJSActions` of the document and of a page)
 * and in a page's annotations. */
export function actionsOf(scripts: readonly unknown[], annotations: readonly AnnotationActions[]): FoundActions {
  return {
    scripts: scripts.some(hasEntries) || annotations.some((annotation) => hasEntries(annotation.actions)),
    launch: annotations.some((annotation) => typeof annotation.unsafeUrl === "string" && !annotation.url),
  };
}

/** True when a page's drawing left an image out because it could not be decoded: pdf.js
 * then resolves the image's object, in the page's objects or the document's shared ones
 * (`g_…_img_…`, an image on several pages), with no data. */
export function hasUndecodedImage(pageObjects: Iterable<unknown[]>, sharedObjects: Iterable<unknown[]>): boolean {
  for (const [, data] of pageObjects) if (data === null) return true;
  for (const [id, data] of sharedObjects) if (data === null && typeof id === "string" && id.includes("_img_")) return true;
  return false;
}

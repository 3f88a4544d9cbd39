import type { PDFDocumentProxy, PDFPageProxy, RenderTask } from "pdfjs-dist";
import { type KeyboardEvent, useCallback, useContext, useEffect, useLayoutEffect, useRef, useState } from "react";
import { isTyping } from "../../dom/keys";
import { type MessageKey, useI18n } from "../../i18n";
import { PdfToolbar } from "./PdfToolbar";
import { createPdfSession, type PdfSession, PdfSessionContext, WorkerFailed } from "./pdfSession";
import {
  type Action,
  type AnnotationActions,
  actionOfKey,
  actionsOf,
  apply,
  CSS_PER_POINT,
  type FoundActions,
  failureOf,
  hasUndecodedImage,
  isCancelled,
  LONG_DOCUMENT_PAGES,
  type OpenFailure,
  type Position,
  pixelRatio,
  type Size,
  zoomFor,
} from "./viewerModel";
import "./evidence.css";
import "../../i18n/evidence";

/** Opening a document (pdf.js's chunk, its worker, the parse) ends in a message after this. */
export const OPEN_TIMEOUT_MS = 20_000;

type Failure = OpenFailure | "viewer";

const failureMessage: Record<Failure, MessageKey> = {
  damaged: "viewer.error.damaged",
  password: "viewer.error.password",
  timeout: "viewer.error.timeout",
  viewer: "viewer.error.viewer",
};

type Opening = { kind: "loading" } | { kind: "ready"; doc: PDFDocumentProxy } | { kind: "failed"; failure: Failure };

export interface PdfViewerProps {
  /** The document, as the backend fetched and checked it. Never a URL. */
  bytes: Uint8Array;
  /** What the document is ("Comprobante de domicilio"), for the region's name. */
  label: string;
  onPageCount?: (pages: number) => void;
  /** What pdf.js found of the document's script and links that open a program or a file
   * (its own catalog and the pages shown so far), each time it finds more. Nothing of it
   * is run: this is for the caller to show. */
  onActions?: (found: FoundActions) => void;
  /** A page was drawn on the canvas (for the evidence's paint measure). */
  onPainted?: () => void;
}

/** A PDF from its bytes, one page at a time on a canvas. A document is data here, never a
 * program or a place: no XFA forms, no scripting (pdf.js runs none without the sandbox,
 * which is not loaded), no annotation or text layer, so no link is followed and no form
 * submitted; annotations' printed appearances (stamps, filled fields) are drawn on the
 * page. pdf.js 6 has no eval path left (its `isEvalSupported` option is gone); its image
 * decoders run as the app's own JavaScript, and embedded fonts are drawn as paths. */
export function PdfViewer({ bytes, label, onPageCount, onPainted, onActions }: PdfViewerProps) {
  const { t } = useI18n();
  const session = useSession();
  const [opening, setOpening] = useState<Opening>({ kind: "loading" });
  const [position, setPosition] = useState<Position>({ page: 1, fit: { kind: "width" } });
  const [page, setPage] = useState<{ proxy: PDFPageProxy; size: Size } | null>(null);
  const [pageError, setPageError] = useState<number | null>(null);
  // The page shown when its drawing left out an image pdf.js could not decode.
  const [partial, setPartial] = useState<number | null>(null);
  const [drawing, setDrawing] = useState(false);
  const [pane, setPane] = useState<Size>({ width: 0, height: 0 });
  const stage = useRef<HTMLDivElement>(null);
  // The latest callback, so a new one does not draw the page again.
  const painted = useRef(onPainted);
  painted.current = onPainted;
  const canvas = useRef<HTMLCanvasElement>(null);
  const lastRender = useRef<Promise<unknown> | null>(null);
  const pageCountListener = useRef(onPageCount);
  pageCountListener.current = onPageCount;
  const actionsListener = useRef(onActions);
  actionsListener.current = onActions;
  // What was told of the open document's actions, so each finding is told once.
  const foundActions = useRef<FoundActions>({ scripts: false, launch: false });
  /** Adds what was found to what the document showed before, and tells it when it is more. */
  const found = useCallback((more: FoundActions) => {
    const before = foundActions.current;
    const now = { scripts: before.scripts || more.scripts, launch: before.launch || more.launch };
    foundActions.current = now;
    if (now.scripts !== before.scripts || now.launch !== before.launch) actionsListener.current?.(now);
  }, []);

  useEffect(() => {
    setOpening({ kind: "loading" });
    setPosition((current) => ({ ...current, page: 1 }));
    setPage(null);
    setPageError(null);
    foundActions.current = { scripts: false, launch: false };
    if (bytes.length === 0) {
      setOpening({ kind: "failed", failure: "damaged" });
      return;
    }
    let settled = false;
    /** Shows how the opening ended, once: the first of an answer and the time limit. */
    const settle = (next: Opening): boolean => {
      if (settled) return false;
      settled = true;
      clearTimeout(timer);
      setOpening(next);
      return true;
    };
    const timer = setTimeout(() => {
      // A parse that never ends is stopped by ending its worker, which pdf.js's own
      // destroy (a message) cannot do; the pane's other documents go with it.
      if (settle({ kind: "failed", failure: "timeout" })) session.kill();
    }, OPEN_TIMEOUT_MS);
    // The document is held from its opening to the viewer's end, whichever comes last.
    let gone = false;
    let held = false;
    const open = async () => {
      const doc = await session.open(bytes);
      held = true;
      if (gone) session.release(bytes);
      if (settled) return;
      if (doc.numPages > 0) {
        if (!settle({ kind: "ready", doc })) return;
        pageCountListener.current?.(doc.numPages);
        // Script in the catalog (open action, document-level, document events). The open
        // action itself is not asked: pdf.js answers only its destination or a named action.
        doc.getJSActions().then(
          (scripts) => found(actionsOf([scripts], [])),
          () => undefined,
        );
      } else {
        settle({ kind: "failed", failure: "damaged" });
      }
    };
    // pdf.js's chunk or its worker could not start (an update replaced the files, or a
    // window without workers), or the document is no PDF pdf.js can read.
    open().catch((error: unknown) => {
      settle({ kind: "failed", failure: error instanceof WorkerFailed ? "viewer" : failureOf(error) });
    });
    return () => {
      // Left while its parse is under way: the parse would go on in the pane's one worker
      // and hold up every document after it (a hostile file, for ever), so the worker
      // ends with it, as each viewer's own worker did; the next document starts another.
      const parsing = !settled;
      settled = true;
      gone = true;
      clearTimeout(timer);
      if (parsing && !held) session.kill();
      // The document stays opened in the pane's session for a switch back; the session
      // lets it go when others need the room, or when the pane closes.
      if (held) session.release(bytes);
    };
  }, [bytes, found, session]);

  const doc = opening.kind === "ready" ? opening.doc : null;
  const pageCount = doc?.numPages ?? 0;

  // The current page only: a 2,000-page document asks for one page at a time.
  useEffect(() => {
    if (!doc) return;
    let current = true;
    setPageError(null);
    doc.getPage(position.page).then(
      (proxy) => {
        if (!current) return;
        const viewport = proxy.getViewport({ scale: CSS_PER_POINT });
        setPage({ proxy, size: { width: viewport.width, height: viewport.height } });
        // The page's own script and its links and fields: parsed for drawing anyway.
        Promise.all([proxy.getJSActions(), proxy.getAnnotations({ intent: "display" })]).then(
          ([scripts, annotations]: [unknown, AnnotationActions[]]) => {
            if (current) found(actionsOf([scripts], annotations));
          },
          () => undefined,
        );
      },
      () => {
        if (current) setPageError(position.page);
      },
    );
    return () => {
      current = false;
    };
  }, [doc, position.page, found]);

  // The pane's inner size, for the fits. Rounded down: a page fitted to a fraction more
  // than the pane would show a scrollbar, which shrinks the pane and moves the fit again.
  useLayoutEffect(() => {
    const element = stage.current;
    if (!element || typeof ResizeObserver === "undefined") return;
    const measure = () => {
      const style = getComputedStyle(element);
      const padding = (side: "Left" | "Right" | "Top" | "Bottom") => Number.parseFloat(style[`padding${side}`]) || 0;
      setPane({
        width: Math.max(0, Math.floor(element.clientWidth - padding("Left") - padding("Right"))),
        height: Math.max(0, Math.floor(element.clientHeight - padding("Top") - padding("Bottom"))),
      });
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const zoom = page ? zoomFor(position.fit, page.size, pane) : 1;

  useEffect(() => {
    const target = canvas.current;
    if (!page || !target) return;
    let task: RenderTask | null = null;
    let stopped = false;
    setDrawing(true);
    const draw = async () => {
      // One render at a time on a canvas: the one this replaces was cancelled below,
      // and pdf.js refuses a second until the first has let go.
      await lastRender.current?.catch(() => undefined);
      if (stopped) return;
      const viewport = page.proxy.getViewport({ scale: zoom * CSS_PER_POINT });
      const css = { width: Math.floor(viewport.width), height: Math.floor(viewport.height) };
      const ratio = pixelRatio(css, globalThis.devicePixelRatio ?? 1);
      target.width = Math.floor(viewport.width * ratio);
      target.height = Math.floor(viewport.height * ratio);
      target.style.width = `${css.width}px`;
      target.style.height = `${css.height}px`;
      task = page.proxy.render({ canvas: target, viewport, ...(ratio === 1 ? {} : { transform: [ratio, 0, 0, ratio, 0, 0] }) });
      lastRender.current = task.promise;
      await task.promise;
    };
    // A page whose drawing never ends (a hostile file) holds the pane's worker: past the
    // limit the worker ends, the page says so, and the next document starts another.
    const limit = setTimeout(() => {
      if (stopped) return;
      stopped = true;
      task?.cancel();
      session.kill();
      setDrawing(false);
      setPageError(page.proxy.pageNumber);
    }, OPEN_TIMEOUT_MS);
    draw().then(
      () => {
        clearTimeout(limit);
        if (stopped) return;
        setDrawing(false);
        setPartial(hasUndecodedImage(page.proxy.objs, page.proxy.commonObjs) ? page.proxy.pageNumber : null);
        painted.current?.();
      },
      (error: unknown) => {
        clearTimeout(limit);
        if (stopped || isCancelled(error)) return;
        setDrawing(false);
        setPageError(page.proxy.pageNumber);
      },
    );
    return () => {
      clearTimeout(limit);
      stopped = true;
      task?.cancel();
    };
  }, [page, zoom, session]);

  const act = useCallback(
    (action: Action) => {
      if (pageCount > 0) setPosition((current) => apply(current, action, pageCount, zoom));
    },
    [pageCount, zoom],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (isTyping(event.target)) return;
    const action = actionOfKey(event.key, { ctrl: event.ctrlKey, alt: event.altKey, meta: event.metaKey });
    if (!action || pageCount === 0) return;
    event.preventDefault();
    act(action);
  };

  return (
    <section className="pdf-viewer" aria-label={t("viewer.region", { label })} aria-busy={opening.kind === "loading" || drawing} onKeyDown={onKeyDown}>
      <PdfToolbar page={position.page} pageCount={pageCount} zoom={zoom} fit={position.fit} act={act} />
      {pageCount > LONG_DOCUMENT_PAGES && (
        <p className="pdf-long" data-testid="pdf-long">
          {t("viewer.long", { n: pageCount })}
        </p>
      )}
      {/* Focusable so that arrows scroll a page larger than the pane. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling area must take focus to be scrolled by keyboard */}
      <div className="pdf-stage" ref={stage} tabIndex={0}>
        {opening.kind === "loading" && <p className="pdf-status">{t("viewer.loading")}</p>}
        {opening.kind === "failed" && (
          <p className="notice notice-error pdf-error" role="alert" data-testid="viewer-error">
            {t(failureMessage[opening.failure], { seconds: OPEN_TIMEOUT_MS / 1000 })}
          </p>
        )}
        {pageError !== null && (
          <p className="notice notice-error pdf-error" role="alert" data-testid="viewer-error">
            {t("viewer.error.page", { page: pageError })}
          </p>
        )}
        <canvas
          ref={canvas}
          className="pdf-canvas"
          data-testid="pdf-canvas"
          role="img"
          hidden={pageCount === 0 || pageError !== null}
          aria-label={t("viewer.canvas", { page: position.page })}
        />
      </div>
      {partial === position.page && pageError === null && (
        <p className="notice" role="status" data-testid="viewer-partial">
          {t("viewer.partial")}
        </p>
      )}
    </section>
  );
}

/** The evidence pane's session, or one of this viewer's own, closed with it. */
function useSession(): PdfSession {
  const shared = useContext(PdfSessionContext);
  const [own] = useState<PdfSession | null>(() => (shared ? null : createPdfSession()));
  useEffect(() => () => own?.close(), [own]);
  return shared ?? own ?? createPdfSession();
}

export default PdfViewer;

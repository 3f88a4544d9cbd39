import type { PDFDocumentLoadingTask, PDFDocumentProxy, PDFWorker } from "pdfjs-dist";
// The worker is a file of the app (dist/assets), allowed by the CSP's `worker-src 'self'`.
// The session starts it itself: given only a URL, pdf.js wraps the worker in a blob: script
// whenever the page's origin is opaque, which `tauri://localhost` is, and the CSP refuses
// blob: workers (pdf.js would then parse on the main thread, past any time limit).
import workerSrc from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { createContext } from "react";
import { countLive } from "../../perf";
import { openOptions } from "./viewerModel";

type Pdfjs = typeof import("pdfjs-dist");

let pdfjsLoading: Promise<Pdfjs> | null = null;

/** pdf.js, loaded on the first PDF shown: its own chunk, never the entry's. */
function loadPdfjs(): Promise<Pdfjs> {
  if (!pdfjsLoading) {
    pdfjsLoading = import("pdfjs-dist");
    // A chunk that failed to load is asked for again by the next document.
    pdfjsLoading.catch(() => {
      pdfjsLoading = null;
    });
  }
  return pdfjsLoading;
}

/** Documents of a pane kept opened for a switch back (the one shown included). */
export const DOCUMENTS_KEPT = 4;

/** The worker itself could not start or broke (not the document's fault). */
export class WorkerFailed extends Error {}

export interface PdfSessionDeps {
  load: () => Promise<Pick<Pdfjs, "PDFWorker" | "getDocument">>;
  startPort: () => Worker;
}

const appDeps: PdfSessionDeps = {
  load: loadPdfjs,
  startPort: () => new Worker(workerSrc, { type: "module" }),
};

interface Kept {
  task: PDFDocumentLoadingTask;
  promise: Promise<PDFDocumentProxy>;
  users: number;
}

/** The pdf.js worker of an evidence pane and the documents it opened. Starting the worker
 * (a 1.3 MB module, parsed and compiled in a new thread) cost more than opening a page, and
 * a switch of section started one each time: one worker now serves every document of the
 * pane, and the last few documents stay opened so a switch back does not parse again.
 * `close` lets all of it go (the review closed); the session may then start again. */
export interface PdfSession {
  /** The document of `bytes` (the same array: the review's cached answer), opened once. */
  open(bytes: Uint8Array): Promise<PDFDocumentProxy>;
  /** The viewer of `bytes` is gone: its document may be let go when others need room. */
  release(bytes: Uint8Array): void;
  /** Starts pdf.js and its worker ahead of the first PDF (the review just opened), so that
   * its first page waits for the parse alone. */
  warm(): void;
  /** Ends the worker and every document: a parse that never ends is stopped only so. */
  kill(): void;
  close(): void;
}

export function createPdfSession(deps: PdfSessionDeps = appDeps): PdfSession {
  let port: Worker | null = null;
  let worker: PDFWorker | null = null;
  // Least recently opened first (a Map keeps insertion order).
  const kept = new Map<Uint8Array, Kept>();
  // Rejected when the worker ends under its documents (an error, a time limit): a parse
  // waiting in a terminated worker would never answer.
  let ended: { promise: Promise<never>; end: (error: Error) => void } | null = null;

  // What this session last reported to the page's live counts (`window.kybCounts()`).
  let reported = { workers: 0, documents: 0 };
  const report = () => {
    const now = { workers: port ? 1 : 0, documents: kept.size };
    const holding = (counts: typeof now) => (counts.workers + counts.documents > 0 ? 1 : 0);
    countLive("pdfWorkers", now.workers - reported.workers);
    countLive("pdfDocuments", now.documents - reported.documents);
    countLive("pdfSessions", holding(now) - holding(reported));
    reported = now;
  };

  const destroy = (entry: Kept) => {
    entry.task.destroy().catch(() => undefined);
  };

  // Counts the closings: a warming that ends after one starts nothing.
  let generation = 0;
  // Counts the pane's closings alone: an opening under way as the pane closed (pdf.js's
  // chunk still loading) starts no worker in a session nobody will close again.
  let closings = 0;

  const kill = () => {
    generation += 1;
    for (const entry of kept.values()) destroy(entry);
    kept.clear();
    ended?.end(new WorkerFailed("the PDF worker ended"));
    ended = null;
    worker?.destroy();
    worker = null;
    port?.terminate();
    port = null;
    report();
  };

  const workerOf = (pdfjs: Pick<Pdfjs, "PDFWorker">): { worker: PDFWorker; ended: Promise<never> } => {
    if (!port || !worker || !ended) {
      const started = deps.startPort();
      port = started;
      started.addEventListener("error", () => {
        if (port === started) kill();
      });
      worker = pdfjs.PDFWorker.create({ port: started });
      let end: (error: Error) => void = () => undefined;
      const promise = new Promise<never>((_, reject) => {
        end = reject;
      });
      promise.catch(() => undefined);
      ended = { promise, end };
      report();
    }
    return { worker, ended: ended.promise };
  };

  /** Past the limit, the least recently opened documents no viewer shows are let go. */
  const trim = () => {
    for (const [bytes, entry] of kept) {
      if (kept.size <= DOCUMENTS_KEPT) break;
      if (entry.users > 0) continue;
      kept.delete(bytes);
      destroy(entry);
    }
    report();
  };

  return {
    async open(bytes) {
      const known = kept.get(bytes);
      if (known) {
        kept.delete(bytes);
        kept.set(bytes, known);
        known.users += 1;
        return known.promise;
      }
      let pdfjs: Pick<Pdfjs, "PDFWorker" | "getDocument">;
      const at = closings;
      try {
        pdfjs = await deps.load();
      } catch (error) {
        throw new WorkerFailed(String(error));
      }
      if (at !== closings) throw new WorkerFailed("the evidence pane closed");
      const again = kept.get(bytes);
      if (again) {
        again.users += 1;
        return again.promise;
      }
      let started: ReturnType<typeof workerOf>;
      try {
        started = workerOf(pdfjs);
      } catch (error) {
        // A window without workers: nothing was kept of the attempt.
        kill();
        throw new WorkerFailed(String(error));
      }
      const { worker: shared, ended: workerEnded } = started;
      const task = pdfjs.getDocument({
        // pdf.js transfers the buffer it is given to its worker, which empties the
        // caller's array: it gets a copy, and the review keeps its bytes.
        data: bytes.slice(),
        worker: shared,
        ...openOptions(document.baseURI),
      });
      const promise = Promise.race([task.promise, workerEnded]);
      const entry: Kept = { task, promise, users: 1 };
      kept.set(bytes, entry);
      // A document that failed is not kept: the next viewer tries again.
      promise.catch(() => {
        if (kept.get(bytes) === entry) {
          kept.delete(bytes);
          destroy(entry);
          report();
        }
      });
      trim();
      return promise;
    },
    release(bytes) {
      const entry = kept.get(bytes);
      if (entry) entry.users = Math.max(0, entry.users - 1);
      trim();
    },
    warm() {
      const at = generation;
      deps.load().then(
        (pdfjs) => {
          if (at !== generation) return;
          try {
            workerOf(pdfjs);
          } catch {
            // A window without workers: the first PDF says so.
            kill();
          }
        },
        () => undefined,
      );
    },
    kill,
    close() {
      closings += 1;
      kill();
    },
  };
}

/** The session of the evidence pane around a viewer; without one, each viewer has its own. */
export const PdfSessionContext = createContext<PdfSession | null>(null);

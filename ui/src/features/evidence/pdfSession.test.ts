import { describe, expect, it, vi } from "vitest";

import { exposeCounts } from "../../perf";
import { promisesSettled } from "../../test/held";
import { createPdfSession, DOCUMENTS_KEPT, type PdfSessionDeps, WorkerFailed } from "./pdfSession";

// pdf.js and its worker as the session sees them: jsdom has no Worker, and what is checked
// here is the lifetime (which worker, which document, when each is let go), not a parse.
function fakes() {
  const ports: { terminated: boolean; fail: () => void }[] = [];
  const workers: { port: unknown; destroyed: boolean }[] = [];
  const opened: { worker: unknown; destroyed: boolean; bytes: Uint8Array; answer: (n: number) => void; refuse: (e: Error) => void }[] = [];
  const deps: PdfSessionDeps = {
    load: async () =>
      ({
        PDFWorker: {
          create: ({ port }: { port: unknown }) => {
            const worker = {
              port,
              destroyed: false,
              destroy() {
                worker.destroyed = true;
              },
            };
            workers.push(worker);
            return worker;
          },
        },
        getDocument: ({ data, worker }: { data: Uint8Array; worker: unknown }) => {
          let answer: (n: number) => void = () => undefined;
          let refuse: (e: Error) => void = () => undefined;
          const promise = new Promise((resolve, reject) => {
            answer = (numPages) => resolve({ numPages });
            refuse = reject;
          });
          const entry = { worker, destroyed: false, bytes: data, answer, refuse };
          opened.push(entry);
          return {
            promise,
            destroy: async () => {
              entry.destroyed = true;
            },
          };
        },
      }) as unknown as Awaited<ReturnType<PdfSessionDeps["load"]>>,
    startPort: () => {
      let onError: () => void = () => undefined;
      const port = {
        terminated: false,
        fail: () => onError(),
        addEventListener: (_: string, listener: () => void) => {
          onError = listener;
        },
        terminate() {
          port.terminated = true;
        },
      };
      ports.push(port);
      return port as unknown as Worker;
    },
  };
  return { deps, ports, workers, opened };
}

const pdf = (n: number) => new Uint8Array([0x25, 0x50, 0x44, 0x46, n]);
/** pdf.js loading and the session's steps are promise callbacks alone (the fakes above). */
const settle = promisesSettled;

describe("the evidence pane's PDF session", () => {
  it("starts one worker for every document of the review, and opens a document once", async () => {
    const { deps, ports, workers, opened } = fakes();
    const session = createPdfSession(deps);
    const [a, b] = [pdf(1), pdf(2)];
    const first = session.open(a);
    await settle();
    opened[0]?.answer(1);
    expect((await first).numPages).toBe(1);
    session.release(a);
    const second = session.open(b);
    await settle();
    opened[1]?.answer(30);
    expect((await second).numPages).toBe(30);
    session.release(b);
    // A switch back to the first: the same document, no new parse.
    const again = session.open(a);
    expect(await again).toBe(await first);
    expect(ports).toHaveLength(1);
    expect(workers).toHaveLength(1);
    expect(opened.map((o) => o.worker)).toEqual([workers[0], workers[0]]);
    // pdf.js is given a copy: the review keeps its bytes.
    expect(opened[0]?.bytes).not.toBe(a);
  });

  it("lets the worker and every document go when the review closes, and can start again", async () => {
    const { deps, ports, workers, opened } = fakes();
    const session = createPdfSession(deps);
    const opening = session.open(pdf(1));
    await settle();
    opened[0]?.answer(1);
    await opening;
    session.close();
    expect(opened[0]?.destroyed).toBe(true);
    expect(workers[0]?.destroyed).toBe(true);
    expect(ports[0]?.terminated).toBe(true);
    // A review opened after it (or React's second mount) gets a new worker.
    const next = session.open(pdf(1));
    await settle();
    opened[1]?.answer(1);
    await next;
    expect(ports).toHaveLength(2);
    expect(ports[1]?.terminated).toBe(false);
  });

  it("keeps a few documents only, letting the oldest unshown go", async () => {
    const { deps, opened } = fakes();
    const session = createPdfSession(deps);
    for (let n = 0; n <= DOCUMENTS_KEPT; n++) {
      const bytes = pdf(n);
      const opening = session.open(bytes);
      await settle();
      opened[n]?.answer(1);
      await opening;
      session.release(bytes);
    }
    expect(opened.map((o) => o.destroyed)).toEqual([true, ...Array(DOCUMENTS_KEPT).fill(false)]);
  });

  it("ends a parse in a broken worker with a worker failure, not a damaged document", async () => {
    const { deps, ports, opened } = fakes();
    const session = createPdfSession(deps);
    const opening = session.open(pdf(1));
    await settle();
    ports[0]?.fail();
    await expect(opening).rejects.toBeInstanceOf(WorkerFailed);
    expect(ports[0]?.terminated).toBe(true);
    expect(opened[0]?.destroyed).toBe(true);
  });

  it("does not keep a document pdf.js refused: the next viewer tries again", async () => {
    const { deps, opened } = fakes();
    const session = createPdfSession(deps);
    const bytes = pdf(1);
    const opening = session.open(bytes);
    await settle();
    opened[0]?.refuse(Object.assign(new Error("bad"), { name: "InvalidPDFException" }));
    await expect(opening).rejects.toThrow("bad");
    await settle();
    expect(opened[0]?.destroyed).toBe(true);
    void session.open(bytes);
    await settle();
    expect(opened).toHaveLength(2);
  });

  it("says a window without workers is the viewer's failure", async () => {
    const { deps } = fakes();
    const session = createPdfSession({
      ...deps,
      startPort: vi.fn(() => {
        throw new ReferenceError("Worker is not defined");
      }),
    });
    await expect(session.open(pdf(1))).rejects.toBeInstanceOf(WorkerFailed);
  });

  it("starts the worker ahead of the first PDF when warmed, and none after the review closed", async () => {
    const { deps, ports, opened } = fakes();
    const session = createPdfSession(deps);
    session.warm();
    await settle();
    expect(ports).toHaveLength(1);
    const shown = session.open(pdf(1));
    await settle();
    expect(ports).toHaveLength(1);
    expect(opened).toHaveLength(1);
    session.close();
    await expect(shown).rejects.toBeInstanceOf(WorkerFailed);
    // Warmed, then closed before pdf.js arrived: nothing is left running.
    session.warm();
    session.close();
    await settle();
    expect(ports).toHaveLength(1);
    expect(ports[0]?.terminated).toBe(true);
  });

  it("starts no worker for an opening under way as the review closed", async () => {
    const { deps, ports } = fakes();
    let arrive: () => void = () => undefined;
    const late = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    // pdf.js's chunk still loading (the window's first PDF) as the review closes.
    const session = createPdfSession({ ...deps, load: () => late.then(() => deps.load()) });
    const shown = session.open(pdf(1));
    session.close();
    arrive();
    await expect(shown).rejects.toBeInstanceOf(WorkerFailed);
    await settle();
    expect(ports).toHaveLength(0);
  });

  it("reports its worker and documents to the page's counts, and none once closed", async () => {
    exposeCounts(() => 0);
    const live = () => (globalThis as unknown as { kybCounts: () => Record<string, number> }).kybCounts();
    const base = live();
    const { deps, opened } = fakes();
    const session = createPdfSession(deps);
    const [a, b] = [pdf(1), pdf(2)];
    const first = session.open(a);
    await settle();
    opened[0]?.answer(1);
    await first;
    const second = session.open(b);
    await settle();
    opened[1]?.answer(2);
    await second;
    expect(live().pdfSessions).toBe((base.pdfSessions ?? 0) + 1);
    expect(live().pdfWorkers).toBe((base.pdfWorkers ?? 0) + 1);
    expect(live().pdfDocuments).toBe((base.pdfDocuments ?? 0) + 2);
    session.close();
    expect(live()).toEqual(base);
  });
});

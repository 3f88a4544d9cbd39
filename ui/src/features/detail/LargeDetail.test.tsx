import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { command } from "../../api/commands";
import { I18nProvider } from "../../i18n";
import { largeDetail } from "../../test/largeDetail";
import { render } from "../../test/render";
import { DetailView } from "./DetailView";

afterEach(() => {
  cleanup();
  clearMocks();
  vi.unstubAllGlobals();
});

/** How long every card of a long tab may take to arrive: a few frames in the window, more
 * for React's development build in jsdom on a busy machine. */
const ALL_DRAWN = { timeout: 15_000 };

/** Opens the large example file's detail; the photos asked for are counted by URL. */
async function openLarge() {
  const detail = largeDetail();
  const photos: string[] = [];
  mockIPC((cmd, args) => {
    if (cmd === command.file_detail) return { version: "2", detail, sections: [], mismatches: [] };
    if (cmd === command.detail_changes) return { sinceUtc: null, sinceReview: false, changes: [], truncated: false, snapshots: 1 };
    if (cmd === command.fetch_image) {
      photos.push((args as { url: string }).url);
      return "data:image/png;base64,iVBORw0KGgo=";
    }
    throw new Error(cmd);
  });
  render(
    <I18nProvider>
      <DetailView documentId="large" back={{ toTracking: true, go: () => {} }} />
    </I18nProvider>,
  );
  await screen.findByTestId("detail-panel");
  return { detail, photos };
}

/** An IntersectionObserver the test moves: `show(element)` brings an observed element
 * into view. */
function fakeObserver() {
  const watched = new Map<Element, IntersectionObserverCallback>();
  class Observer {
    constructor(private callback: IntersectionObserverCallback) {}
    observe(element: Element) {
      watched.set(element, this.callback);
    }
    unobserve(element: Element) {
      watched.delete(element);
    }
    disconnect() {
      for (const [element, callback] of watched) if (callback === this.callback) watched.delete(element);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal("IntersectionObserver", Observer);
  return {
    watched,
    show(element: Element) {
      const callback = watched.get(element);
      if (!callback) throw new Error("not observed");
      act(() => callback([{ isIntersecting: true, target: element } as IntersectionObserverEntry], {} as IntersectionObserver));
    },
  };
}

// Some 250 cards drawn by React's development build into jsdom: seconds on a busy machine.
describe("the large file's detail", { timeout: 30_000 }, () => {
  it("paints a long tab's first screen at once, and has every card in the page a moment later, the last ones too", async () => {
    const { detail } = await openLarge();
    fireEvent.click(screen.getByTestId("tab-documents"));
    const first = screen.getAllByTestId("document-card").length;
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(200);
    await waitFor(() => expect(screen.getAllByTestId("document-card")).toHaveLength(200), ALL_DRAWN);
    const documents = screen.getAllByTestId("document-card");
    const lastName = detail.Documentos[199]?.Referencia ?? "";
    expect(lastName).toMatch(/^Comprobante de domicilio de Sucursal \d+$/);
    expect(screen.getAllByText(lastName).at(-1)?.closest("[data-testid=document-card]")).toBe(documents[199]);
    expect(within(documents[199] as HTMLElement).getByRole("button", { name: "Abrir archivo" })).toBeTruthy();

    fireEvent.click(screen.getByTestId("tab-entities"));
    expect(screen.getAllByTestId("entity-card").length).toBeLessThan(50);
    await waitFor(() => expect(screen.getAllByTestId("entity-card")).toHaveLength(50), ALL_DRAWN);
    expect(screen.getAllByTestId("entity-card")[49]?.textContent).toContain("Sucursal 30");
    expect(screen.getAllByTestId("photo-thumb")).toHaveLength(120);
  });

  it("fetches a branch's photos once its strip nears the screen, not all 120 at once", async () => {
    const screenArea = fakeObserver();
    const { photos } = await openLarge();
    fireEvent.click(screen.getByTestId("tab-entities"));
    await waitFor(() => expect(screen.getAllByTestId("entity-card")).toHaveLength(50), ALL_DRAWN);
    const strips = [...document.querySelectorAll(".photo-strip")];
    expect(strips).toHaveLength(30);
    // Nothing is in view yet: no photo asked for, each thumbnail holds its place.
    await act(async () => {});
    expect(photos).toHaveLength(0);
    expect(screen.getAllByTestId("photo-thumb")[0]?.querySelector(".photo-placeholder")).toBeTruthy();

    // The last branch scrolled to: its four photos, and only those.
    screenArea.show(strips[29] as Element);
    const last = screen.getAllByTestId("entity-card")[49] as HTMLElement;
    // Each photo is its own read, answered in its own turn.
    await waitFor(() => expect(within(last).getAllByRole("img")).toHaveLength(4));
    expect(photos).toHaveLength(4);
    expect(photos.every((url) => url.includes("/29-"))).toBe(true);
    // Once shown, a strip is not watched any more.
    expect(screenArea.watched.has(strips[29] as Element)).toBe(false);
  });

  it("shows the raw JSON whole, in blocks of lines, the same text as one piece", async () => {
    const { detail } = await openLarge();
    fireEvent.keyDown(window, { key: "5" });
    const json = screen.getByTestId("detail-panel").querySelector(".json") as HTMLElement;
    const text = JSON.stringify(detail, null, 2);
    expect(json.textContent).toBe(text);
    const blocks = json.querySelectorAll(".json-block");
    expect(blocks.length).toBe(Math.ceil(text.split("\n").length / 100));
    expect(blocks[0]?.textContent?.split("\n")).toHaveLength(101);
  });
});

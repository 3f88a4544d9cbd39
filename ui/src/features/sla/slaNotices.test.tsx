// The notice of files about to breach is the app's: told on whatever screen the analyst
// is, kept across screen changes until closed or opened, and told once (once shown). The
// IPC stands in for the desk's rule: a file "por vencer" is named until the window says
// it showed it, and forgotten once it leaves "por vencer".
import type { QueryClient } from "@tanstack/react-query";
import { mockIPC } from "@tauri-apps/api/mocks";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { App } from "../../App";
import { command } from "../../api/commands";
import { keys } from "../../api/queries";
import type { FileClock } from "../../bindings/FileClock";
import type { ProfileBook } from "../../bindings/ProfileBook";
import type { SelectedFile } from "../../bindings/SelectedFile";
import type { SlaBoard } from "../../bindings/SlaBoard";
import { I18nProvider } from "../../i18n";
import { render } from "../../test/render";
import { sizedScreen, watchedFile } from "../watchlist/testing";

sizedScreen();

const soon = watchedFile("SOON01010AA1");
const calm = watchedFile("CALM01010AA1");

const book: ProfileBook = {
  active: "p1",
  profiles: [
    {
      id: "p1",
      name: "Mesa",
      environment: { kind: "custom", base_url: "http://127.0.0.1:1" },
      workspaceId: "6a1f0000-0000-4000-8000-000000000099",
      agentEmail: "ana@kybdesk.mx",
      flows: [{ flowId: soon.flowId, label: "Personas morales", personType: "Moral" }],
    },
  ],
};

/** The desk as the window meets it: `approaching` files are "por vencer"; `failMarks`
 * marks are refused before one is kept. */
function desk() {
  const state = { approaching: new Set<string>(), told: new Set<string>(), marks: [] as SelectedFile[][], failMarks: 0 };
  mockIPC((cmd, args) => {
    if (cmd === command.app_info) return { name: "KYB Desk", version: "1.0.0", profile: "release", demo: false };
    if (cmd === command.profiles) return book;
    if (cmd === command.watchlist) return [soon, calm];
    if (cmd === command.sla_board) {
      const clocks: FileClock[] = [soon, calm].map((f) => ({
        flowId: f.flowId,
        rfc: f.rfc,
        clock: state.approaching.has(f.rfc)
          ? { state: "at_risk", targetMinutes: 480, elapsedMinutes: 400, remainingMinutes: 80, dueAt: "2026-11-26T20:00:00Z" }
          : { state: "on_time", targetMinutes: 480, elapsedMinutes: 10, remainingMinutes: 470, dueAt: "2026-11-27T20:00:00Z" },
      }));
      for (const rfc of state.told) if (!state.approaching.has(rfc)) state.told.delete(rfc);
      const atRisk = clocks.filter((c) => c.clock.state === "at_risk");
      const board: SlaBoard = {
        clocks,
        breached: 0,
        atRisk: atRisk.length,
        newlyAtRisk: atRisk.filter((c) => !state.told.has(c.rfc)),
        at: "2026-11-26T18:00:00Z",
      };
      return board;
    }
    if (cmd === command.sla_notices_shown) {
      const files = (args as { files: SelectedFile[] }).files;
      state.marks.push(files);
      if (state.failMarks > 0) {
        state.failMarks -= 1;
        throw new Error("disk full");
      }
      for (const f of files) state.told.add(f.rfc);
      return null;
    }
    // Every other screen's reads stay pending: the notice is what is looked at.
    return new Promise(() => undefined);
  });
  return state;
}

/** The files the window said it showed, each once (a read answered before a mark was
 * kept names its file again, and has the mark sent again). */
function markedFiles(state: ReturnType<typeof desk>): string[] {
  return [...new Set(state.marks.flat().map((f) => f.rfc))];
}

function renderApp() {
  return render(
    <I18nProvider>
      <App />
    </I18nProvider>,
  );
}

/** The minute's read, now. */
async function tick(client: QueryClient) {
  await act(() => client.refetchQueries({ queryKey: keys.slaBoard() }));
}

const notices = () => screen.queryAllByTestId("sla-notice");

describe("the notice of files about to breach", () => {
  it("is told on another screen than the watchlist, kept across a screen change, gone once closed, and not told twice", async () => {
    const state = desk();
    const { client } = renderApp();
    await screen.findAllByTestId("watch-row");
    // The analyst is in the audit screen when the file comes near its due time.
    fireEvent.click(screen.getByTestId("nav-audit"));
    await waitFor(() => expect(screen.queryAllByTestId("watch-row")).toHaveLength(0));
    state.approaching.add(soon.rfc);
    await tick(client);
    const notice = await screen.findByTestId("sla-notice");
    expect(notice.textContent).toContain(`Un expediente tuyo está por vencer: ${soon.rfc}.`);
    expect(notice.textContent).not.toContain(calm.rfc);
    // Told means shown: the desk is told once it is on screen.
    await waitFor(() => expect(state.told.has(soon.rfc)).toBe(true));
    expect(markedFiles(state)).toEqual([soon.rfc]);
    // Another screen: still there, once.
    fireEvent.click(screen.getByTestId("nav-profiles"));
    await tick(client);
    expect(notices()).toHaveLength(1);
    expect(screen.getByTestId("sla-notice").textContent).toContain(soon.rfc);
    // Closed: gone, and the next reads do not bring it back (the desk named it no more).
    fireEvent.click(screen.getByTestId("sla-notice-dismiss"));
    expect(notices()).toHaveLength(0);
    await tick(client);
    fireEvent.click(screen.getByTestId("nav-watchlist"));
    await tick(client);
    expect(notices()).toHaveLength(0);
    expect(markedFiles(state)).toEqual([soon.rfc]);
    // It leaves "por vencer" and comes near again: a new approach, told again.
    state.approaching.delete(soon.rfc);
    await tick(client);
    state.approaching.add(soon.rfc);
    await tick(client);
    expect((await screen.findByTestId("sla-notice")).textContent).toContain(soon.rfc);
  });

  it("a new approach is told even when no read of this window saw the file leave por vencer", async () => {
    const state = desk();
    state.approaching.add(soon.rfc);
    const { client } = renderApp();
    await screen.findByTestId("sla-notice");
    await waitFor(() => expect(state.told.has(soon.rfc)).toBe(true));
    fireEvent.click(screen.getByTestId("sla-notice-dismiss"));
    await tick(client);
    expect(notices()).toHaveLength(0);
    // It left and came back between two of this window's reads (another screen's read
    // saw it leave, or a refresh moved it twice): the desk names it as new again.
    state.told.delete(soon.rfc);
    await tick(client);
    expect((await screen.findByTestId("sla-notice")).textContent).toContain(soon.rfc);
  });

  it("opened, leads to the watchlist filtered to por vencer", async () => {
    const state = desk();
    state.approaching.add(soon.rfc);
    renderApp();
    await screen.findByTestId("sla-notice");
    fireEvent.click(screen.getByTestId("nav-verifications"));
    fireEvent.click(screen.getByTestId("sla-notice-show"));
    const filter = await screen.findByTestId("overview-sla-at_risk");
    await waitFor(() => expect(filter.getAttribute("aria-pressed")).toBe("true"));
    expect(notices()).toHaveLength(0);
    await waitFor(() => expect(screen.getAllByTestId("watch-row").map((row) => row.textContent?.includes(soon.rfc))).toEqual([true]));
  });

  it("a mark the desk could not keep is sent again, and the notice is not shown twice meanwhile", async () => {
    const state = desk();
    state.failMarks = 1;
    state.approaching.add(soon.rfc);
    const { client } = renderApp();
    await screen.findByTestId("sla-notice");
    await waitFor(() => expect(state.marks.length).toBeGreaterThan(0));
    fireEvent.click(screen.getByTestId("sla-notice-dismiss"));
    // The desk still names it (the mark failed): not shown again, marked again.
    await tick(client);
    await waitFor(() => expect(state.told.has(soon.rfc)).toBe(true));
    expect(state.marks.length).toBeGreaterThanOrEqual(2);
    expect(notices()).toHaveLength(0);
    expect(state.told.has(soon.rfc)).toBe(true);
  });
});

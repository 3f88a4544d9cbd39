// The SLA board during a refresh: its rows arrive frame by frame, and the board (every
// clock computed again, the whole table redrawn) is not read at each of them, only once
// the refresh has ended (make bench: at 10,000 files, reading it at each frame slowed
// the refresh to a quarter of its speed).
import { mockIPC } from "@tauri-apps/api/mocks";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import { command } from "../../api/commands";
import type { RefreshProgress } from "../../bindings/RefreshProgress";
import type { SlaBoard } from "../../bindings/SlaBoard";
import type { WatchedFile } from "../../bindings/WatchedFile";
import { I18nProvider } from "../../i18n";
import { framesByHand, nextFrame } from "../../test/clock";
import { render } from "../../test/render";
import { sizedScreen, testProfile, watchedFile } from "./testing";
import { WatchlistView } from "./WatchlistView";

sizedScreen();

const files = ["AAA010101AA1", "BBB010101BB1", "CCC010101CC1", "DDD010101DD1"].map((rfc) => watchedFile(rfc));
/** The board as its `read`th read answers it: that many breached (the overview shows which read it drew). */
const board = (read: number): SlaBoard => ({ clocks: [], breached: read, atRisk: 0, newlyAtRisk: [], at: new Date().toISOString() });
// A file as its refresh answers it: its name learned.
const answered = (file: WatchedFile): WatchedFile => ({ ...file, companyName: `Empresa ${file.rfc}`, lastRefreshUtc: new Date().toISOString() });

describe("the SLA board during a refresh", () => {
  it("is read once the refresh has ended, not at each of its frames", async () => {
    let boards = 0;
    const running: { send: ((p: RefreshProgress) => void) | null; end: (() => void) | null } = { send: null, end: null };
    mockIPC((cmd, args) => {
      if (cmd === command.watchlist) return files;
      if (cmd === command.startup_painted) return null;
      if (cmd === command.sla_board) {
        boards += 1;
        return board(boards);
      }
      if (cmd === command.refresh_watchlist) {
        const channel = (args as { onProgress: { onmessage: (p: RefreshProgress) => void } }).onProgress;
        running.send = (p) => channel.onmessage(p);
        return new Promise((resolve) => {
          running.end = () => resolve(files.map(answered));
        });
      }
      return null;
    });
    render(
      <I18nProvider>
        <WatchlistView profile={testProfile} onOpen={() => {}} onReview={() => {}} />
      </I18nProvider>,
    );
    const breachedShown = () => screen.getByTestId("overview-sla-breached").querySelector("strong")?.textContent;
    await screen.findByText(files[0]?.rfc ?? "");
    await waitFor(() => expect(breachedShown()).toBe("1"));
    framesByHand();
    fireEvent.click(screen.getByRole("button", { name: "Actualizar todo" }));
    await waitFor(() => expect(running.send).not.toBeNull());
    // Four frames of answers, each a newer list, each drawn.
    for (const [done, file] of files.entries()) {
      running.send?.({ done: done + 1, total: files.length, file: answered(file) });
      nextFrame();
      await screen.findByText(`Empresa ${file.rfc}`);
    }
    expect(boards, "no board read while the refresh runs").toBe(1);
    running.end?.();
    // Ended: the clocks catch up with the statuses it moved on, once: the second read
    // drawn (what it set off asked by then), and two frames more.
    await waitFor(() => expect(breachedShown()).toBe("2"));
    nextFrame();
    nextFrame();
    expect(boards).toBe(2);
  });
});

import { mockIPC } from "@tauri-apps/api/mocks";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { command } from "../../api/commands";
import type { WatchedFile } from "../../bindings/WatchedFile";
import { I18nProvider } from "../../i18n";
import { render } from "../../test/render";
import { QuickOpen } from "../quickopen/QuickOpen";
import { sizedScreen, testProfile, watchedFile } from "./testing";
import { WatchlistView } from "./WatchlistView";

const profile = testProfile;
sizedScreen();

describe("the watchlist as one query", () => {
  const files: WatchedFile[] = [
    watchedFile("PLE150301AB2", { companyName: "Panificadora La Espiga" }),
    watchedFile("AAA010101AA1", { companyName: "Abarrotes Andrade" }),
  ];

  /** The watchlist and the quick-open box on one screen, both needing the list. */
  function both() {
    let list = files;
    const asked: string[] = [];
    mockIPC((cmd, args) => {
      asked.push(cmd);
      if (cmd === command.watchlist) return list;
      if (cmd === command.startup_painted) return null;
      if (cmd === command.unwatch_file) {
        const { rfc } = args as { rfc: string };
        list = list.filter((f) => f.rfc !== rfc);
        return list;
      }
      throw new Error(cmd);
    });
    render(
      <I18nProvider>
        <WatchlistView profile={profile} onOpen={() => {}} onReview={() => {}} />
        <QuickOpen profile={profile} onOpen={() => {}} onClose={() => {}} />
      </I18nProvider>,
    );
    return { reads: () => asked.filter((cmd) => cmd === command.watchlist).length };
  }

  it("reads the list once for two parts of the screen that show it", async () => {
    const { reads } = both();
    expect(await screen.findAllByTestId("watch-row")).toHaveLength(2);
    expect(await screen.findAllByTestId("quick-item")).toHaveLength(2);
    // Both parts asked for it as they were first drawn, before either showed it: a second
    // read would have been asked by then.
    expect(reads()).toBe(1);
  });

  it("shows an unfollow in both parts from the command's answer, without reading the list again", async () => {
    const { reads } = both();
    await screen.findAllByTestId("quick-item");
    const row = (await screen.findAllByTestId("watch-row")).find((r) => r.dataset.rfc === "AAA010101AA1");
    if (!row) throw new Error("row missing");
    fireEvent.click(row.querySelector("[data-testid=unwatch]") as HTMLElement);
    await waitFor(() => expect(screen.getAllByTestId("watch-row").map((r) => r.dataset.rfc)).toEqual(["PLE150301AB2"]));
    expect(screen.getAllByTestId("quick-item").map((item) => item.textContent)).toEqual([expect.stringContaining("PLE150301AB2")]);
    expect(screen.getByTestId("watch-notice").textContent).toContain("Dejó de seguir el expediente AAA010101AA1.");
    // The answer is applied as it comes: a read again would have been asked then.
    expect(reads()).toBe(1);
  });
});

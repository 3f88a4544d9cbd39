import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { cleanup, render, screen } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import type { Profile } from "../../bindings/Profile";
import * as sparse from "../../bindings/sparse";
import { I18nProvider } from "../../i18n";
import { watchSparse } from "../../test/sparse";
import { WatchlistView } from "./WatchlistView";

const profile: Profile = {
  id: "p1",
  name: "Pruebas",
  environment: { kind: "sandbox" },
  workspaceId: "w",
  agentEmail: "a@b.mx",
  flows: [{ flowId: sparse.watchedFile.flowId, label: "Morales", personType: "Moral" }],
};

// jsdom lays nothing out: give elements a size, so the virtualised table has rows to show.
const sized = ["offsetHeight", "offsetWidth", "clientHeight", "clientWidth"] as const;
beforeAll(() => {
  for (const property of sized) {
    Object.defineProperty(HTMLElement.prototype, property, { configurable: true, get: () => 600 });
  }
});
afterAll(() => {
  for (const property of sized) Reflect.deleteProperty(HTMLElement.prototype, property);
});
afterEach(() => {
  cleanup();
  clearMocks();
  localStorage.clear();
});

describe("the watchlist on a sparse answer", () => {
  it("shows a file the service has said nothing about with its flow, dashes, and 'not queried yet'", async () => {
    const check = watchSparse();
    mockIPC((cmd) => {
      if (cmd === "watchlist") return [sparse.watchedFile];
      if (cmd === "startup_painted") return null;
      throw new Error(cmd);
    });
    render(
      <I18nProvider>
        <WatchlistView profile={profile} onOpen={() => {}} />
      </I18nProvider>,
    );
    const row = await screen.findByTestId("watch-row");
    expect(row.textContent).toContain("Morales");
    expect(screen.getByTestId("row-status").textContent).toBe("—");
    expect(row.textContent).toContain("Sin consultar");
    // The first column is a mark, blank while nothing changed.
    check.expectShown(document.body, { blankAllowed: ".cell-mark" });
  });
});

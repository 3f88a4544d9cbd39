import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import type { Failure } from "../../bindings/Failure";
import type { ImportReport } from "../../bindings/ImportReport";
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

const failure = (field: string, rule: Failure["rule"]): Failure => ({ field, rule, limit: null, section: null, position: null, sent: null });

describe("a file or a CSV line the watchlist refuses", () => {
  function open(extra: (cmd: string) => unknown) {
    mockIPC((cmd) => {
      if (cmd === "watchlist") return [];
      if (cmd === "startup_painted") return null;
      return extra(cmd);
    });
    render(
      <I18nProvider>
        <WatchlistView profile={profile} onOpen={() => {}} />
      </I18nProvider>,
    );
  }

  it("says which rule an added file breaks", async () => {
    open((cmd) => {
      if (cmd === "watch_file") throw { code: "invalid_input", message: "", details: [], task: null, problems: [failure("RFC", "invalid")] };
      throw new Error(cmd);
    });
    fireEvent.change(await screen.findByTestId("add-rfc"), { target: { value: "NO-ES-RFC" } });
    fireEvent.click(screen.getByRole("button", { name: "Seguir" }));
    const notice = await screen.findByTestId("error-notice");
    expect(notice.textContent).toContain("Hay datos por corregir.");
    expect(within(notice).getByTestId("error-problems").textContent).toBe("El campo RFC no es válido.");
  });

  it("says for each refused line of an import why, by its number", async () => {
    const report: ImportReport = {
      added: 2,
      alreadyWatched: 1,
      refused: [
        { line: 4, problems: [failure("RFC", "invalid")] },
        { line: 7, problems: [failure("FlowID", "required"), failure("RFC", "invalid")] },
        { line: 9, problems: [failure("line", "invalid")] },
      ],
    };
    open((cmd) => {
      if (cmd === "app_info") return { maxImportBytes: 2 * 1024 * 1024 };
      if (cmd === "import_watchlist_csv") return report;
      throw new Error(cmd);
    });
    const picker = document.querySelector<HTMLInputElement>("input[type=file]");
    if (!picker) throw new Error("no file picker");
    const csv = new File([], "rfcs.csv", { type: "text/csv" });
    // jsdom's File cannot read itself.
    csv.text = () => Promise.resolve("RFC\nAAA010101AA1\n");
    fireEvent.change(picker, { target: { files: [csv] } });
    const status = await screen.findByText("2 agregados, 1 ya seguidos, 3 rechazados.");
    expect([...status.querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "Línea 4: El campo RFC no es válido.",
      "Línea 7: El campo Flujo es obligatorio. El campo RFC no es válido.",
      "Línea 9: La línea no se pudo leer.",
    ]);
  });
});

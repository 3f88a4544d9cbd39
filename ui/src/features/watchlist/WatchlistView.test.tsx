import { mockIPC } from "@tauri-apps/api/mocks";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { command } from "../../api/commands";
import type { Failure } from "../../bindings/Failure";
import type { ImportReport } from "../../bindings/ImportReport";
import * as sparse from "../../bindings/sparse";
import type { WatchedFile } from "../../bindings/WatchedFile";
import { I18nProvider } from "../../i18n";
import { framesByHand, nextFrame } from "../../test/clock";
import { render } from "../../test/render";
import { watchSparse } from "../../test/sparse";
import { sizedScreen, testProfile, watchedFile } from "./testing";
import { WatchlistView } from "./WatchlistView";

/** The RFC's rule in words: it says the SAT's format. */
const RFC_FORMAT =
  "El RFC no tiene el formato del SAT: el de persona moral tiene 12 caracteres (3 letras, la fecha AAMMDD y una homoclave de 3) y el de persona física, 13 (4 letras, la fecha AAMMDD y la homoclave de 3).";

const profile = testProfile;
sizedScreen();

describe("the watchlist on a sparse answer", () => {
  it("shows a file the service has said nothing about with its flow, dashes, and 'not queried yet'", async () => {
    const check = watchSparse();
    mockIPC((cmd) => {
      if (cmd === command.watchlist) return [sparse.watchedFile];
      if (cmd === command.startup_painted) return null;
      throw new Error(cmd);
    });
    render(
      <I18nProvider>
        <WatchlistView profile={profile} onOpen={() => {}} onReview={() => {}} />
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

describe("the search box", () => {
  it("hints in a few words, short enough for the filters' line in a team at 1280 px, and says the whole in its title and name", async () => {
    mockIPC((cmd) => {
      if (cmd === command.watchlist) return [sparse.watchedFile];
      if (cmd === command.startup_painted) return null;
      throw new Error(cmd);
    });
    render(
      <I18nProvider>
        <WatchlistView profile={profile} onOpen={() => {}} onReview={() => {}} />
      </I18nProvider>,
    );
    const search = (await screen.findByRole("searchbox")) as HTMLInputElement;
    expect(search.placeholder).toBe("RFC, empresa o ID  ( / )");
    expect(search.title).toBe("Buscar por RFC, empresa o DocumentId  ( / )");
    expect(search.getAttribute("aria-label")).toBe(search.title);
  });
});

const failure = (field: string, rule: Failure["rule"]): Failure => ({ field, rule, limit: null, section: null, position: null, sent: null });

describe("a file or a CSV line the watchlist refuses", () => {
  function open(extra: (cmd: string) => unknown) {
    mockIPC((cmd) => {
      if (cmd === command.watchlist) return [];
      if (cmd === command.startup_painted) return null;
      return extra(cmd);
    });
    render(
      <I18nProvider>
        <WatchlistView profile={profile} onOpen={() => {}} onReview={() => {}} />
      </I18nProvider>,
    );
  }

  it("says which rule an added file breaks", async () => {
    open((cmd) => {
      if (cmd === command.watch_file) throw { code: "invalid_input", message: "", details: [], task: null, problems: [failure("RFC", "invalid")] };
      throw new Error(cmd);
    });
    fireEvent.change(await screen.findByTestId("add-rfc"), { target: { value: "NO-ES-RFC" } });
    fireEvent.click(screen.getByRole("button", { name: "Seguir" }));
    const notice = await screen.findByTestId("error-notice");
    expect(notice.textContent).toContain("Hay datos por corregir.");
    expect(within(notice).getByTestId("error-problems").textContent).toBe(RFC_FORMAT);
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
      if (cmd === command.app_info) return { maxImportBytes: 2 * 1024 * 1024 };
      if (cmd === command.import_watchlist_csv) return report;
      throw new Error(cmd);
    });
    const picker = document.querySelector<HTMLInputElement>("input[type=file]");
    if (!picker) throw new Error("no file picker");
    const csv = new File([], "rfcs.csv", { type: "text/csv" });
    // jsdom's File cannot read itself.
    csv.text = () => Promise.resolve("RFC\nAAA010101AA1\n");
    fireEvent.change(picker, { target: { files: [csv] } });
    const status = await screen.findByText("2 agregados, 1 ya seguido, 3 rechazados.");
    expect([...status.querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      `Línea 4: ${RFC_FORMAT}`,
      `Línea 7: El campo Flujo es obligatorio. ${RFC_FORMAT}`,
      "Línea 9: La línea no se pudo leer.",
    ]);
  });
});

describe("rows the analyst can trust", { timeout: 30_000 }, () => {
  const known = watchedFile("PLE150301AB2", {
    flowId: sparse.watchedFile.flowId,
    documentId: "2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10",
    companyName: "Panificadora La Espiga",
    documentStatus: "Corrección por el Usuario",
    statusCategory: "with_user",
    updatedAtUtc: "2026-11-21T09:30:00Z",
    lastRefreshUtc: "2026-11-21T09:31:00Z",
    sections: { total: 11, accepted: 5, rejected: 2, needsUser: 2, inReview: 2 },
  });

  function show(
    files: WatchedFile[],
    extra: (cmd: string, args: Record<string, unknown>) => unknown = (cmd) => {
      throw new Error(cmd);
    },
  ) {
    mockIPC((cmd, args) => {
      if (cmd === command.watchlist) return files;
      if (cmd === command.startup_painted) return null;
      return extra(cmd, (args ?? {}) as Record<string, unknown>);
    });
    render(
      <I18nProvider>
        <WatchlistView profile={profile} onOpen={() => {}} onReview={() => {}} />
      </I18nProvider>,
    );
  }

  it("marks a file the service no longer finds, keeping its last known data, and one it never found as asked", async () => {
    const gone = { ...known, lastError: "not_found" as const };
    const never = watchedFile("ZZZ990101ZZ9", { lastError: "not_found", lastRefreshUtc: new Date(Date.now() - 120_000).toISOString() });
    show([gone, never]);
    const rows = await screen.findAllByTestId("watch-row");
    const goneRow = rows.find((r) => r.dataset.rfc === "PLE150301AB2");
    const neverRow = rows.find((r) => r.dataset.rfc === "ZZZ990101ZZ9");
    if (!goneRow || !neverRow) throw new Error("rows missing");
    expect(within(goneRow).getByTestId("row-gone").textContent).toBe("Ya no lo encuentra");
    expect(goneRow.textContent).toContain("Panificadora La Espiga");
    expect(goneRow.querySelector(".stale .status")?.textContent).toBe("Corrección por el Usuario");
    expect(neverRow.textContent).toContain("El servicio aún no tiene este expediente");
    expect(within(neverRow).getByTestId("row-updated").textContent).toBe("consultado hace 2 min");
    expect(neverRow.textContent).not.toContain("Sin consultar");
    // No company known: the company column says so, never the flow's name in its place.
    expect(within(neverRow).getByTestId("open-file").textContent).toBe("Sin datos de la empresa");
    expect(within(neverRow).getByTestId("open-file").getAttribute("aria-label")).toBe("Abrir el expediente ZZZ990101ZZ9");
    expect(neverRow.textContent?.split("Morales")).toHaveLength(2);
  });

  it("shows accepted, rejected and undecided sections alike", async () => {
    show([known]);
    const cell = await screen.findByTestId("row-sections");
    expect(cell.textContent).toBe("5 de 11 aceptadas2 rechazadas · 4 por decidir");
    expect(cell.querySelector("[title]")?.getAttribute("title")).toBe("5 aceptadas, 2 rechazadas y 4 por decidir, de 11");
  });

  it("filters by the same words the rows show", async () => {
    const statuses = [
      known,
      watchedFile("AAA010101AA1", { documentStatus: "Pendiente de Corrección", statusCategory: "with_user" }),
      watchedFile("BBB020202BB2", { documentStatus: "En Revisión", statusCategory: "in_review" }),
    ];
    show(statuses);
    await screen.findAllByTestId("watch-row");
    const options = [...screen.getByRole("combobox", { name: "Estatus" }).querySelectorAll("option")].map((o) => o.textContent);
    const badges = [...document.querySelectorAll("[data-testid=row-status] .status")].map((b) => b.textContent);
    // Both names of the correction state read as one, in the row and in the filter.
    expect(new Set(badges)).toEqual(new Set(["Corrección por el Usuario", "En Revisión"]));
    for (const badge of badges) expect(options).toContain(badge);
  });

  it("says a file is followed already instead of asking again, and shows it", async () => {
    const asked: string[] = [];
    show([known, watchedFile("AAA010101AA1")], (cmd) => {
      asked.push(cmd);
      throw new Error(cmd);
    });
    // Known once the list has been read (its rows shown).
    await screen.findAllByTestId("watch-row");
    fireEvent.change(screen.getByTestId("add-rfc"), { target: { value: "ple150301ab2" } });
    fireEvent.click(screen.getByRole("button", { name: "Seguir" }));
    expect((await screen.findByTestId("watch-notice")).textContent).toContain("Ya sigue el expediente PLE150301AB2.");
    expect(asked).not.toContain(command.watch_file);
    fireEvent.click(screen.getByRole("button", { name: "Mostrarlo" }));
    expect(screen.getAllByTestId("watch-row").map((r) => r.dataset.rfc)).toEqual(["PLE150301AB2"]);
  });

  it("undoes an unfollow, putting the file back as it was", async () => {
    const restored: unknown[] = [];
    show([known], (cmd, args) => {
      if (cmd === command.unwatch_file) return [];
      if (cmd === command.restore_watched_file) {
        restored.push(args.file);
        return [known];
      }
      throw new Error(cmd);
    });
    fireEvent.click(await screen.findByRole("button", { name: "Dejar de seguir Panificadora La Espiga (PLE150301AB2)" }));
    expect((await screen.findByTestId("watch-notice")).textContent).toContain("Dejó de seguir el expediente PLE150301AB2.");
    fireEvent.click(screen.getByTestId("watch-undo"));
    expect(await screen.findByTestId("watch-row")).toBeTruthy();
    expect(restored).toEqual([known]);
    expect(screen.getByTestId("watch-notice").textContent).toContain("Volvió a seguir el expediente PLE150301AB2.");
  });

  it("ends the refresh's progress even when its last answers arrive after the command returned", async () => {
    const late: { send: (() => void) | null } = { send: null };
    show([known], (cmd, args) => {
      if (cmd === command.refresh_watchlist) {
        const channel = args.onProgress as { onmessage: (p: unknown) => void };
        // The channel's message overtaken by the command's answer, as Tauri may deliver them.
        late.send = () => channel.onmessage({ done: 1, total: 1, file: known });
        return [known];
      }
      throw new Error(cmd);
    });
    // The button is drawn disabled until the watchlist has been read: a click before
    // that does nothing, so the test clicks once the row it refreshes is shown.
    await screen.findByText(known.rfc);
    const refreshAll = screen.getByRole("button", { name: "Actualizar todo" }) as HTMLButtonElement;
    expect(refreshAll.disabled).toBe(false);
    fireEvent.click(refreshAll);
    // Generous waits: on a loaded machine the first render and call take over a second.
    await waitFor(() => expect(late.send).not.toBeNull(), { timeout: 10_000 });
    await screen.findByRole("button", { name: "Actualizar todo" }, { timeout: 10_000 });
    framesByHand();
    late.send?.();
    // The frame a late answer would be drawn in.
    nextFrame();
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.getByRole("button", { name: "Actualizar todo" })).toBeTruthy();
  });
});

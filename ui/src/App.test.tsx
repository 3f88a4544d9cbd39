import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { App } from "./App";
import { command } from "./api/commands";
import type { ProfileBook } from "./bindings/ProfileBook";
import type { WatchedFile } from "./bindings/WatchedFile";
import { I18nProvider } from "./i18n";
import { preferences, startWithPreferences } from "./preferences";
import { render } from "./test/render";
import { sizedElements } from "./test/sized";

function renderApp() {
  return render(
    <I18nProvider>
      <App />
    </I18nProvider>,
  );
}

const book: ProfileBook = {
  active: "p1",
  profiles: [
    {
      id: "p1",
      name: "Demostración",
      environment: { kind: "custom", base_url: "http://127.0.0.1:1" },
      workspaceId: "6a1f0000-0000-4000-8000-000000000099",
      agentEmail: "ana@kybdesk.mx",
      flows: [{ flowId: "flujo-moral", label: "Personas morales", personType: "Moral" }],
    },
  ],
};

const followed: WatchedFile = {
  flowId: "flujo-moral",
  rfc: "PLE150301AB2",
  documentId: "2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10",
  companyName: "Panificadora La Espiga",
  documentStatus: "Corrección por el Usuario",
  statusCategory: "with_user",
  updatedAtUtc: "2026-11-21T09:30:00Z",
  lastRefreshUtc: "2026-11-21T09:31:00Z",
  lastError: null,
  refreshFailed: false,
  fingerprint: "a",
  seenFingerprint: "b",
  changed: true,
  sections: { total: 7, accepted: 3, rejected: 1, needsUser: 2, inReview: 1 },
  personsTotal: 2,
  personsEnrolled: 1,
  statusSpans: [],
  risk: null,
};

function backend(watched: WatchedFile[], demo = true) {
  const calls: string[] = [];
  mockIPC((cmd) => {
    calls.push(cmd);
    if (cmd === command.app_info) return { name: "KYB Desk", version: "9.8.7", profile: "release", demo };
    if (cmd === command.profiles) return book;
    if (cmd === command.watchlist) return watched;
    if (cmd === command.key_status) {
      const origin = "http://127.0.0.1:1";
      return { present: true, lastFour: "9f2a", storage: "keyring", keyringProblem: null, boundOrigin: origin, profileOrigin: origin, originConfirmed: true };
    }
    throw new Error(`unexpected command ${cmd}`);
  });
  return calls;
}

sizedElements();

afterEach(() => {
  cleanup();
  clearMocks();
});

describe("App", () => {
  it("shows the heading and the version and profile the backend reports", async () => {
    const calls = backend([]);
    renderApp();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("KYB Desk");
    expect((await screen.findByTestId("app-version")).textContent).toBe("v9.8.7");
    expect(screen.getByTestId("app-profile").textContent).toBe("release");
    expect(calls).toContain(command.app_info);
  });

  it("says plainly when the backend cannot be reached", async () => {
    mockIPC(() => {
      throw new Error("ipc down");
    });
    renderApp();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("No se pudo comunicar con el proceso de la aplicación.");
    expect(alert.textContent).toContain("ipc down");
    expect(screen.queryByTestId("app-version")).toBeNull();
  });

  it("speaks Spanish by default and switches to English", async () => {
    const calls = backend([]);
    renderApp();
    expect(screen.getByText("Mesa de revisión de expedientes empresariales")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Idioma: English" }));
    expect(screen.getByText("Business onboarding file review desk")).toBeTruthy();
    // Kept as the data folder's preference, by the backend.
    expect(preferences().language).toBe("en");
    expect(calls).toContain(command.set_preference);
    await screen.findByTestId("app-version");
  });

  it("says when it runs on the demo service, and shows an empty watchlist plainly", async () => {
    backend([]);
    renderApp();
    expect(await screen.findByTestId("demo-banner")).toBeTruthy();
    expect(await screen.findByText("No sigue ningún expediente")).toBeTruthy();
    expect(screen.getByTestId("active-profile").textContent).toBe("Demostración");
  });

  it("offers the demo's walks above the watchlist, and one opens a verification by its folio", async () => {
    const looked: unknown[] = [];
    mockIPC((cmd, args) => {
      if (cmd === command.app_info) return { name: "KYB Desk", version: "9.8.7", profile: "release", demo: true };
      if (cmd === command.profiles) return book;
      if (cmd === command.watchlist) return [followed];
      if (cmd === command.demo_guide) {
        const file = { flowId: "flujo-moral", rfc: followed.rfc, documentId: followed.documentId, company: "Panificadora La Espiga" };
        return { review: file, enrollment: file, resendFolio: "VD-00000002", folios: [{ folio: "VD-00000002", status: "Enviado" }] };
      }
      if (cmd === command.verification) {
        looked.push(args);
        return new Promise(() => undefined);
      }
      throw new Error(`unexpected command ${cmd}`);
    });
    renderApp();
    const panel = await screen.findByTestId("try-this");
    expect(panel.textContent).toContain("Panificadora La Espiga");
    fireEvent.click(screen.getByTestId("try-resend"));
    await waitFor(() => expect(looked).toEqual([{ folio: "VD-00000002" }]));
    expect((screen.getByTestId("folio-input") as HTMLInputElement).value).toBe("VD-00000002");
    expect(screen.getByTestId("demo-folios").textContent).toContain("VD-00000002");
    // Back on the watchlist the panel is there until hidden, and stays hidden.
    fireEvent.click(screen.getByTestId("nav-watchlist"));
    fireEvent.click(await screen.findByTestId("try-this-hide"));
    expect(screen.queryByTestId("try-this")).toBeNull();
    fireEvent.click(screen.getByTestId("nav-verifications"));
    // Hidden, the panel still leaves the demo's folios on the verifications screen.
    expect(await screen.findByTestId("demo-folios")).toBeTruthy();
    fireEvent.click(screen.getByTestId("nav-watchlist"));
    await screen.findByTestId("watch-row");
    expect(screen.queryByTestId("try-this")).toBeNull();
    // And it stays hidden at the next start.
    cleanup();
    renderApp();
    await screen.findByTestId("watch-row");
    expect(screen.queryByTestId("try-this")).toBeNull();
  });

  it("lists followed files with status, section progress, persons and the changed mark", async () => {
    backend([followed], false);
    renderApp();
    const row = await screen.findByTestId("watch-row");
    expect(row.textContent).toContain("Panificadora La Espiga");
    expect(row.textContent).toContain("Corrección por el Usuario");
    expect(row.textContent).toContain("3 de 7 aceptadas");
    // None of the counts is hidden: accepted of all, then rejected and undecided.
    expect(row.textContent).toContain("1 rechazada");
    expect(row.textContent).toContain("3 por decidir");
    expect(row.textContent).toContain("1/2");
    expect(row.textContent).toContain("Personas morales");
    expect(screen.getByLabelText("Cambió desde su última revisión")).toBeTruthy();
    expect(screen.queryByTestId("demo-banner")).toBeNull();
  });

  it("says once why files the service refused for the profile's key were not refreshed, and leads to Profiles", async () => {
    const refused: WatchedFile = { ...followed, lastError: "unauthorized", refreshFailed: true };
    backend([refused, { ...refused, rfc: "OTR150301AB2" }, { ...followed, rfc: "BIEN50301AB2" }], false);
    renderApp();
    const notice = await screen.findByTestId("error-notice");
    expect(notice.dataset.code).toBe("unauthorized");
    expect(notice.textContent).toContain("2 expedientes no se actualizaron por esto.");
    expect(notice.textContent).toContain("Revise la API Key del perfil");
    fireEvent.click(screen.getByTestId("open-profiles"));
    expect(await screen.findByRole("heading", { name: "Perfiles" })).toBeTruthy();
    // The key's status is read after the screen shows ("Cargando…" until then).
    await waitFor(() => expect(screen.getByTestId("profile-key-status").textContent).toContain("9f2a"));
    expect(screen.getByTestId("nav-profiles").getAttribute("aria-current")).toBe("page");
  });

  it("keeps every navigation entry in its place when the team's role arrives, dimming those outside it", async () => {
    const teamBook: ProfileBook = {
      ...book,
      profiles: book.profiles.map((p) => ({ ...p, team: { host: "localhost", port: 5432, database: "kyb", user: "kyb" } })),
    };
    let answerStatus: (status: unknown) => void = () => undefined;
    mockIPC((cmd) => {
      if (cmd === command.app_info) return { name: "KYB Desk", version: "9.8.7", profile: "release", demo: false };
      if (cmd === command.profiles) return teamBook;
      if (cmd === command.watchlist) return [];
      if (cmd === command.team_queue) return { files: [], claims: [], me: "beto@kybdesk.mx", role: "analyst" };
      if (cmd === command.team_changes) return new Promise(() => undefined);
      if (cmd === command.team_status) return new Promise((resolve) => (answerStatus = resolve));
      throw new Error(`unexpected command ${cmd}`);
    });
    renderApp();
    const entries = () => Array.from(document.querySelectorAll(".sidenav > [data-testid^=nav-]")).map((e) => e.getAttribute("data-testid"));
    await screen.findByTestId("nav-team");
    const before = entries();
    expect(before).toEqual(["nav-watchlist", "nav-newfile", "nav-verifications", "nav-audit", "nav-lists", "nav-dashboard", "nav-team", "nav-profiles"]);
    answerStatus({
      configured: true,
      address: { host: "localhost", port: 5432, database: "kyb", user: "kyb" },
      password: { present: true, lastFour: null, storage: "keyring", keyringProblem: null, boundOrigin: null, profileOrigin: null, originConfirmed: true },
      connected: true,
      problem: null,
      member: "beto@kybdesk.mx",
      role: "analyst",
      fourEyes: null,
    });
    await waitFor(() => expect(screen.getByTestId("nav-verifications").getAttribute("aria-disabled")).toBe("true"));
    expect(entries()).toEqual(before);
    expect(screen.getByTestId("nav-newfile").getAttribute("aria-disabled")).toBe("true");
    // The dashboard is the supervisor's; the risk lists are the analyst's too (hits are disposed of in reviews).
    expect(screen.getByTestId("nav-dashboard").getAttribute("aria-disabled")).toBe("true");
    expect(screen.getByTestId("nav-lists").getAttribute("aria-disabled")).toBeNull();
    expect(screen.getByTestId("nav-verifications").getAttribute("title")).toContain("Analista");
    // A click on a dimmed entry goes nowhere: the analyst stays where they were.
    fireEvent.click(screen.getByTestId("nav-verifications"));
    expect(screen.getByTestId("nav-watchlist").getAttribute("aria-current")).toBe("page");
    expect(screen.getByTestId("nav-team").getAttribute("aria-disabled")).toBeNull();
  });

  it("keeps the service's diagnostics out of the main navigation, a link at its foot that opens them", async () => {
    backend([followed], false);
    renderApp();
    await screen.findByTestId("watch-row");
    const main = Array.from(document.querySelectorAll(".sidenav > .sidenav-item")).map((e) => e.textContent);
    expect(main).not.toContain("Acerca del servicio");
    const about = screen.getByRole("link", { name: "Acerca del servicio" });
    expect(about.closest(".sidenav-foot")).not.toBeNull();
    // A link with an address: reached with Tab, followed with Enter like any other.
    expect(about.getAttribute("href")).toBe("#about");
    about.focus();
    expect(document.activeElement).toBe(about);
    fireEvent.click(about);
    expect(await screen.findByRole("heading", { level: 2, name: /servicio/i })).toBeTruthy();
    expect(about.getAttribute("aria-current")).toBe("page");
  });

  it("shows only the profile set-up, without navigation, until there is a profile", async () => {
    mockIPC((cmd) => {
      if (cmd === command.app_info) return { name: "KYB Desk", version: "9.8.7", profile: "release", demo: false };
      if (cmd === command.profiles) return { profiles: [], active: null };
      if (cmd === command.check_profile) return [];
      throw new Error(`unexpected command ${cmd}`);
    });
    renderApp();
    expect(await screen.findByRole("heading", { name: "Configure su perfil" })).toBeTruthy();
    expect(screen.queryByRole("navigation")).toBeNull();
    expect(screen.queryByTestId("active-profile")).toBeNull();
  });

  it("announces once, after the profiles are read, each local file set aside, and works on meanwhile", async () => {
    const asked: string[] = [];
    mockIPC((cmd) => {
      asked.push(cmd);
      if (cmd === command.app_info) return { name: "KYB Desk", version: "9.8.7", profile: "release", demo: false };
      if (cmd === command.profiles) return book;
      if (cmd === command.watchlist) return [followed];
      if (cmd === command.recoveries)
        return [
          {
            kind: "watchlist",
            path: "/home/ana/.local/share/kyb-desk/p1/watchlist.json",
            setAsideAs: "watchlist.json.unreadable-20261122T053000Z",
            reason: "expected value at line 1 column 1",
          },
        ];
      throw new Error(`unexpected command ${cmd}`);
    });
    renderApp();
    const notice = await screen.findByTestId("recovery-notice");
    expect(notice.getAttribute("role")).toBe("alert");
    expect(screen.getByTestId("recovery-item").textContent).toContain(
      "No se pudo leer el archivo de una lista de seguimiento; se apartó como watchlist.json.unreadable-20261122T053000Z y se empezó de nuevo. El archivo apartado conserva los datos.",
    );
    expect(screen.getByTestId("recovery-item").textContent).toContain("Motivo: su contenido no se pudo interpretar (expected value at line 1 column 1)");
    expect(asked.indexOf(command.recoveries)).toBeGreaterThan(asked.indexOf(command.profiles));
    expect(await screen.findByTestId("watch-row")).toBeTruthy();
    fireEvent.click(screen.getByTestId("recovery-dismiss"));
    expect(screen.queryByTestId("recovery-notice")).toBeNull();
    fireEvent.click(screen.getByTestId("nav-audit"));
    fireEvent.click(screen.getByTestId("nav-watchlist"));
    expect(asked.filter((c) => c === command.recoveries)).toHaveLength(1);
  });

  it("announces a file set aside on the first-run screen too", async () => {
    mockIPC((cmd) => {
      if (cmd === command.app_info) return { name: "KYB Desk", version: "9.8.7", profile: "release", demo: false };
      if (cmd === command.profiles) return { profiles: [], active: null };
      if (cmd === command.check_profile) return [];
      if (cmd === command.recoveries) return [{ kind: "profiles", path: "/p/profiles.json", setAsideAs: "profiles.json.unreadable-1", reason: "" }];
      throw new Error(`unexpected command ${cmd}`);
    });
    renderApp();
    expect(await screen.findByRole("heading", { name: "Configure su perfil" })).toBeTruthy();
    expect((await screen.findByTestId("recovery-item")).textContent).toContain(
      "No se pudo leer el archivo de los perfiles; se apartó como profiles.json.unreadable-1",
    );
    expect(screen.getByTestId("recovery-item").textContent).not.toContain("Motivo");
  });

  it("refreshes the watchlist on its own once asked to, and keeps the choice for the profile", async () => {
    const refreshed: string[] = [];
    mockIPC((cmd) => {
      if (cmd === command.app_info) return { name: "KYB Desk", version: "9.8.7", profile: "release", demo: false };
      if (cmd === command.profiles) return book;
      if (cmd === command.watchlist) return [followed];
      if (cmd === command.refresh_watchlist) {
        refreshed.push(cmd);
        return [{ ...followed, lastRefreshUtc: new Date().toISOString() }];
      }
      throw new Error(`unexpected command ${cmd}`);
    });
    renderApp();
    await screen.findByTestId("watch-row");
    expect(screen.queryByTestId("auto-next")).toBeNull();
    // The list's newest answer is a day old: with 5 minutes chosen, a refresh is due at once.
    fireEvent.change(screen.getByTestId("auto-refresh"), { target: { value: "5" } });
    await waitFor(() => expect(refreshed).toHaveLength(1));
    expect((await screen.findByTestId("auto-next")).textContent).toMatch(/Próxima: \d\d:\d\d/);
    expect(preferences().autoRefresh.p1).toBe(5);
  });

  it("notifies what an automatic refresh changed, never what a refresh asked for by hand", async () => {
    const notified: unknown[] = [];
    let fingerprint = "a";
    mockIPC((cmd, args) => {
      if (cmd === command.app_info) return { name: "KYB Desk", version: "9.8.7", profile: "release", demo: false };
      if (cmd === command.profiles) return book;
      if (cmd === command.watchlist) return [followed];
      if (cmd === command.refresh_watchlist) {
        fingerprint += "+";
        // The company's name as the refresh answers it: drawn once the answer is taken.
        return [{ ...followed, fingerprint, companyName: `Panificadora ${fingerprint}`, lastRefreshUtc: new Date().toISOString() }];
      }
      if (cmd === command.notify_if_hidden) {
        notified.push(args);
        return true;
      }
      throw new Error(`unexpected command ${cmd}`);
    });
    renderApp();
    await screen.findByTestId("watch-row");
    fireEvent.click(screen.getByRole("button", { name: "Actualizar todo" }));
    // The refresh's answer taken (a notice would have been asked with it).
    await screen.findByText("Panificadora a+");
    expect(notified).toEqual([]);
    // The list's newest answer is a day old: with 5 minutes chosen, a refresh is due at once.
    startWithPreferences({ autoRefresh: { p1: 5 } });
    cleanup();
    renderApp();
    await waitFor(() => expect(notified).toHaveLength(1));
    expect(notified[0]).toEqual({ body: "1 expediente seguido cambió.", pageHidden: false });
  });

  it("refuses a CSV file over the import limit before reading it, saying both sizes", async () => {
    let imports = 0;
    mockIPC((cmd) => {
      if (cmd === command.app_info) return { name: "KYB Desk", version: "9.8.7", profile: "release", demo: false, maxImportBytes: 2 * 1024 * 1024 };
      if (cmd === command.profiles) return book;
      if (cmd === command.watchlist) return [followed];
      if (cmd === command.import_watchlist_csv) imports += 1;
      throw new Error(`unexpected command ${cmd}`);
    });
    renderApp();
    await screen.findByTestId("watch-row");
    const huge = new File(["x"], "rfcs.csv", { type: "text/csv" });
    Object.defineProperty(huge, "size", { value: 3 * 1024 * 1024 });
    let read = false;
    huge.text = () => {
      read = true;
      return Promise.resolve("");
    };
    const picker = document.querySelector<HTMLInputElement>("input[type=file]");
    if (!picker) throw new Error("no file picker");
    fireEvent.change(picker, { target: { files: [huge] } });
    const notice = await screen.findByTestId("error-notice");
    expect(notice.textContent).toContain("No se importó el archivo.");
    expect(notice.textContent).toContain("El archivo pesa 3 MiB; se admiten hasta 2 MiB por importación. Divídalo en partes.");
    expect(read).toBe(false);
    expect(imports).toBe(0);
  });

  it("exports the whole watchlist as CSV where the analyst chooses, and says where", async () => {
    let exports = 0;
    const exportArgs: unknown[] = [];
    mockIPC((cmd, args) => {
      if (cmd === command.app_info) return { name: "KYB Desk", version: "9.8.7", profile: "release", demo: false };
      if (cmd === command.profiles) return book;
      if (cmd === command.watchlist) return [followed];
      if (cmd === command.export_watchlist_csv) {
        exports += 1;
        exportArgs.push(args);
        // The first time the analyst cancels the save dialog.
        return exports === 1 ? null : { path: "/home/ana/seguimiento.csv", rows: 1 };
      }
      throw new Error(`unexpected command ${cmd}`);
    });
    renderApp();
    await screen.findByTestId("watch-row");
    fireEvent.click(screen.getByTestId("export-watchlist"));
    await waitFor(() => expect(exports).toBe(1));
    expect(screen.queryByTestId("watch-exported")).toBeNull();
    fireEvent.click(screen.getByTestId("export-watchlist"));
    expect((await screen.findByTestId("watch-exported")).textContent).toBe("Lista guardada en /home/ana/seguimiento.csv (1 expediente).");
    // No path from the page: the native save dialog is the only way to choose one.
    expect(exportArgs).toEqual([{}, {}]);
  });

  it("opens a followed file from anywhere with Ctrl+K", async () => {
    const asked: unknown[] = [];
    mockIPC((cmd, args) => {
      if (cmd === command.app_info) return { name: "KYB Desk", version: "9.8.7", profile: "release", demo: false };
      if (cmd === command.profiles) return book;
      if (cmd === command.watchlist) return [followed];
      if (cmd === command.tracking) {
        asked.push(args);
        throw { code: "not_found", message: "Expediente no encontrado", details: [] };
      }
      throw new Error(`unexpected command ${cmd}`);
    });
    renderApp();
    await screen.findByTestId("watch-row");
    fireEvent.click(screen.getByTestId("nav-audit"));
    fireEvent.keyDown(window, { key: "k", ctrlKey: true });
    const query = await screen.findByTestId("quick-query");
    fireEvent.change(query, { target: { value: "espiga" } });
    fireEvent.keyDown(query, { key: "Enter" });
    await waitFor(() => expect(asked).toEqual([expect.objectContaining({ flowId: "flujo-moral", rfc: "PLE150301AB2" })]));
    expect(screen.queryByTestId("quick-open")).toBeNull();
  });

  it("lists the keyboard shortcuts on '?', except while typing, and closes them with Escape", async () => {
    backend([followed], false);
    renderApp();
    await screen.findByTestId("watch-row");
    const search = screen.getByRole("searchbox");
    fireEvent.keyDown(search, { key: "?" });
    expect(screen.queryByTestId("shortcuts")).toBeNull();
    fireEvent.keyDown(document.body, { key: "?" });
    const help = await screen.findByTestId("shortcuts");
    expect(help.textContent).toContain("Ctrl+Enter");
    expect(help.textContent).toContain("Abrir un expediente en seguimiento");
    fireEvent.keyDown(screen.getByRole("button", { name: "Cerrar" }), { key: "Escape" });
    expect(screen.queryByTestId("shortcuts")).toBeNull();
    fireEvent.click(screen.getByTestId("open-shortcuts"));
    expect(await screen.findByTestId("shortcuts")).toBeTruthy();
  });

  it("takes the keyboard focus to the title of each screen it opens", async () => {
    backend([followed], false);
    renderApp();
    await screen.findByTestId("watch-row");
    fireEvent.click(screen.getByTestId("nav-profiles"));
    const title = await screen.findByRole("heading", { name: "Perfiles" });
    expect(document.activeElement).toBe(title);
    fireEvent.click(screen.getByTestId("nav-watchlist"));
    expect(document.activeElement).toBe(await screen.findByRole("heading", { name: "Expedientes en seguimiento" }));
  });

  it("keeps a watchlist of thousands of files to a screenful of rows in the page", async () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({
      ...followed,
      rfc: `AAA${String(i).padStart(6, "0")}AA${i % 10}`,
      companyName: `Empresa ${i}`,
    }));
    backend(many, false);
    renderApp();
    const rows = await screen.findAllByTestId("watch-row");
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(60);
    expect(screen.getByTestId("rows-shown").textContent).toBe("5000 de 5000 expedientes");
    // The rows scroll with the page, in its one scroll area: no box of their own.
    const page = document.querySelector(".content") as HTMLElement;
    expect(page.querySelector(".table-body")?.getAttribute("style")).toBeNull();
    // jsdom lays nothing out and keeps no scroll offset: both are given as the window
    // would have them, the rows (at the page's top) moved up by the scroll.
    const scrolled = 44 * 2000;
    Object.defineProperty(page, "scrollHeight", { configurable: true, value: 44 * 5000 + 400 });
    Object.defineProperty(page, "scrollTop", { configurable: true, value: scrolled });
    const body = page.querySelector(".table-body") as HTMLElement;
    body.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, y: -scrolled, width: 600, height: 44 * 5000 });
    fireEvent.scroll(page);
    // Newest first, then by RFC from the end: the 2001st row is Empresa 2999.
    await waitFor(() => expect(screen.getAllByTestId("watch-row").some((row) => row.textContent?.includes("Empresa 2999"))).toBe(true));
    expect(screen.queryByText("Empresa 4999")).toBeNull();
  });
});

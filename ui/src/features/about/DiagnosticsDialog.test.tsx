import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { command } from "../../api/commands";
import type { DiagnosticsBundle } from "../../bindings/DiagnosticsBundle";
import { I18nProvider } from "../../i18n";
import { startWithPreferences } from "../../preferences";
import { expectModal } from "../../test/modal";
import { render } from "../../test/render";
import { DiagnosticsDialog } from "./DiagnosticsDialog";

afterEach(() => {
  cleanup();
  clearMocks();
});

const BUNDLE: DiagnosticsBundle = {
  kind: "kyb-desk-diagnostics",
  createdAtUtc: "2026-11-26T19:00:00Z",
  version: { appVersion: "0.9.1" },
  platform: { os: "linux", arch: "x86_64", osRelease: "Debian GNU/Linux 13" },
  logs: [
    {
      file: "kyb-desk.2026-11-26.log",
      lines: ['INFO kyb_api::client: service call path="/verificaciones/(folio)" status=200', "INFO second line"],
      leftOut: 3,
    },
  ],
  drift: {
    operations: {
      "POST /expedientes/v1/tracking": { answers: 4, absorbing: 0, unknownFields: {}, nulls: {}, absences: {}, reshaped: {}, unknownValues: {}, timeForms: {} },
    },
  },
  recoveries: [
    { kind: "drift", path: "~/.local/share/kyb-desk/drift.json", setAsideAs: "~/drift.json.unreadable", reason: 'invalid type: string "(withheld)"' },
  ],
  withheld: { folio: 2, rfc: 5 },
};

function open(saved: string | null = "/tmp/kyb-desk-diagnostico.json") {
  const calls: string[] = [];
  let closed = 0;
  mockIPC((cmd) => {
    calls.push(cmd);
    if (cmd === command.preview_diagnostics) return BUNDLE;
    if (cmd === command.save_diagnostics) return saved;
    throw new Error(cmd);
  });
  render(
    <I18nProvider>
      <DiagnosticsDialog onClose={() => closed++} />
    </I18nProvider>,
  );
  return { calls, closed: () => closed };
}

describe("the diagnostics preview", () => {
  it("shows every section before anything is saved, and saves the one shown", async () => {
    const { calls } = open();
    const logs = await screen.findByTestId("diagnostics-logs");
    expect(calls).toEqual([command.preview_diagnostics]);
    expect(screen.getByTestId("diagnostics-version").textContent).toContain("0.9.1");
    expect(screen.getByTestId("diagnostics-platform").textContent).toContain("Debian GNU/Linux 13");
    expect(logs.textContent).toContain("kyb-desk.2026-11-26.log: 2 líneas");
    expect(logs.textContent).toContain('path="/verificaciones/(folio)"');
    expect(logs.textContent).toContain("Se omitieron 3 líneas anteriores");
    expect(screen.getByTestId("diagnostics-drift").textContent).toContain("POST /expedientes/v1/tracking");
    expect(screen.getByTestId("diagnostics-recoveries").textContent).toContain("(withheld)");
    expect(screen.getByTestId("diagnostics-withheld").textContent).toContain("Folios: 2");
    // Each long section is a named region that takes the keyboard's focus, to scroll it.
    const region = within(logs).getByRole("region", { name: "kyb-desk.2026-11-26.log" });
    expect(region.tabIndex).toBe(0);
    // The dialog is named by its title, which has the focus as it opens.
    const dialog = screen.getByRole("dialog", { name: "Diagnóstico para soporte" });
    expect(document.activeElement?.id).toBe("diagnostics-title");

    fireEvent.click(within(dialog).getByRole("button", { name: "Guardar…" }));
    expect((await screen.findByTestId("diagnostics-saved")).textContent).toBe("Diagnóstico guardado en /tmp/kyb-desk-diagnostico.json.");
    expect(calls).toEqual([command.preview_diagnostics, command.save_diagnostics]);
  });

  it("says nothing saved when the save dialog is cancelled, and closes on Escape", async () => {
    const { calls, closed } = open(null);
    // Nothing to save until the bundle is shown.
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Guardar…" }).disabled).toBe(true);
    await screen.findByTestId("diagnostics-logs");
    fireEvent.click(screen.getByRole("button", { name: "Guardar…" }));
    await waitFor(() => expect(calls).toContain(command.save_diagnostics));
    expect(screen.queryByTestId("diagnostics-saved")).toBeNull();
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>("button", { name: "Cerrar" }).disabled).toBe(false));
    fireEvent.keyDown(window, { key: "Escape" });
    expect(closed()).toBe(1);
  });

  it("speaks English too", async () => {
    startWithPreferences({ language: "en" });
    try {
      open();
      const logs = await screen.findByTestId("diagnostics-logs");
      expect(logs.textContent).toContain("kyb-desk.2026-11-26.log: 2 lines");
      expect(logs.textContent).toContain("3 earlier lines of that day left out for size.");
      expect(screen.getByRole("dialog", { name: "Diagnostics for support" })).toBeTruthy();
      expect(screen.getByTestId("diagnostics-withheld").textContent).toContain("RFC: 5");
      expect(screen.getByRole("button", { name: "Save…" })).toBeTruthy();
    } finally {
      startWithPreferences({ language: "es-MX" });
    }
  });
});

describe("the diagnostics dialog from the keyboard", () => {
  it("is a modal dialog that closes with Escape and gives the focus back to its opener", async () => {
    mockIPC((cmd) => {
      if (cmd === command.preview_diagnostics) return BUNDLE;
      throw new Error(cmd);
    });
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Exportar diagnóstico…
          </button>
          {open && <DiagnosticsDialog onClose={() => setOpen(false)} />}
        </>
      );
    }
    render(
      <I18nProvider>
        <Opener />
      </I18nProvider>,
    );
    const opener = screen.getByRole("button", { name: "Exportar diagnóstico…" });
    opener.focus();
    fireEvent.click(opener);
    await screen.findByTestId("diagnostics-logs");
    const dialog = screen.getByTestId("diagnostics");
    expectModal(dialog);
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(window, { key: "Escape" });
    expect(screen.queryByTestId("diagnostics")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});

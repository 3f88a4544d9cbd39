import { mockIPC } from "@tauri-apps/api/mocks";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { command } from "../../api/commands";
import type { BulkReport } from "../../bindings/BulkReport";
import type { Role } from "../../bindings/Role";
import type { WatchedFile } from "../../bindings/WatchedFile";
import { I18nProvider } from "../../i18n";
import { render } from "../../test/render";
import { BulkBar } from "./BulkBar";
import { sizedScreen, watchedFile } from "./testing";

sizedScreen();

const files = ["AAA010101AA1", "BBB010101BB2", "CCC010101CC3"].map((rfc) => watchedFile(rfc));

function report(over: Partial<BulkReport> = {}): BulkReport {
  return {
    outcomes: files.map((f) => ({ flowId: f.flowId, rfc: f.rfc, result: { kind: "done" } })),
    done: files.length,
    failed: 0,
    ...over,
  };
}

function setUp(props: { selected?: WatchedFile[]; all?: boolean; shown?: number; role?: Role | null }, answer: (cmd: string, args: unknown) => unknown) {
  const sent: { cmd: string; args: unknown }[] = [];
  mockIPC((cmd, args) => {
    sent.push({ cmd, args });
    return answer(cmd, args);
  });
  let cleared = false;
  function Host() {
    const [error, setError] = useState<string | null>(null);
    return (
      <>
        <BulkBar
          selected={props.selected ?? files}
          all={props.all ?? false}
          shown={props.shown ?? 3}
          role={props.role ?? null}
          onClear={() => {
            cleared = true;
          }}
          onError={(e) => setError(e ? e.code : null)}
        />
        {error && <p data-testid="error">{error}</p>}
      </>
    );
  }
  render(
    <I18nProvider>
      <Host />
    </I18nProvider>,
  );
  return { sent, cleared: () => cleared };
}

describe("the selection's bar", () => {
  it("says a selection beyond the rows in view covers every row matching the filter", () => {
    const many = Array.from({ length: 1234 }, (_, n) => watchedFile(`AAA01010${String(n).padStart(4, "0")}`));
    setUp({ selected: many, all: true, shown: 50 }, () => null);
    expect(screen.getByTestId("bulk-count").textContent).toBe(
      "1,234 seleccionados (todos los que coinciden con el filtro), 50 a la vista".replace("1,234", (1234).toLocaleString("es-MX")),
    );
  });

  it("refreshes the selected rows and lists each failure in words, keeping the selection", async () => {
    const { sent, cleared } = setUp({}, (cmd) => {
      if (cmd === command.refresh_files)
        return report({
          outcomes: [
            { flowId: files[0]!.flowId, rfc: "AAA010101AA1", result: { kind: "done" } },
            {
              flowId: files[1]!.flowId,
              rfc: "BBB010101BB2",
              result: { kind: "failed", error: { code: "not_found", message: "", details: null, task: null, problems: [] } },
            },
            { flowId: files[2]!.flowId, rfc: "CCC010101CC3", result: { kind: "not_followed" } },
          ],
          done: 1,
          failed: 2,
        });
      return null;
    });
    fireEvent.click(screen.getByTestId("bulk-refresh"));
    const failed = await screen.findByTestId("bulk-failed");
    const refresh = sent.find((s) => s.cmd === command.refresh_files);
    expect((refresh?.args as { rows: unknown } | undefined)?.rows).toEqual(files.map((f) => ({ flowId: f.flowId, rfc: f.rfc })));
    expect(failed.textContent).toContain("2 expedientes no se pudieron procesar");
    expect(failed.textContent).toContain("BBB010101BB2");
    expect(failed.textContent).toContain("ya no está en tu seguimiento");
    expect(screen.getByTestId("bulk-done").textContent).toBe("Actualizados: 1. Con falla: 2.");
    expect(screen.getByTestId("bulk-count").textContent).toBe("3 seleccionados");
    expect(cleared()).toBe(false);
  });

  it("drops a progress message that arrives after the refresh has answered: no progress bar left running", async () => {
    let channel: { onmessage: (message: unknown) => void } | null = null;
    setUp({}, (cmd, args) => {
      if (cmd !== command.refresh_files) return null;
      channel = (args as { onProgress: { onmessage: (message: unknown) => void } }).onProgress;
      return report();
    });
    fireEvent.click(screen.getByTestId("bulk-refresh"));
    expect((await screen.findByTestId("bulk-done")).textContent).toBe("Actualizados: 3. Con falla: 0.");
    expect(channel).not.toBeNull();
    // Heard (and whatever it changed drawn) within act().
    act(() => channel!.onmessage({ done: 3, total: 3, file: files[2] }));
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("asks before unfollowing many, with the count, and undoes it", async () => {
    const { sent } = setUp({}, (cmd, args) => {
      if (cmd === command.unfollow_files) return { report: report(), removed: files, list: [] };
      if (cmd === command.restore_watched_files) return (args as { files: WatchedFile[] }).files;
      return null;
    });
    fireEvent.click(screen.getByTestId("bulk-unfollow"));
    const dialog = screen.getByRole("alertdialog");
    expect(dialog.textContent).toContain("¿Dejar de seguir 3 expedientes?");
    expect(sent.some((s) => s.cmd === command.unfollow_files)).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Dejar de seguir 3" }));
    expect((await screen.findByTestId("bulk-removed")).textContent).toContain("Dejaste de seguir 3 expedientes.");
    fireEvent.click(screen.getByTestId("bulk-undo"));
    await waitFor(() => expect(sent.some((s) => s.cmd === command.restore_watched_files)).toBe(true));
    const restore = sent.find((s) => s.cmd === command.restore_watched_files);
    expect((restore?.args as { files: WatchedFile[] } | undefined)?.files).toHaveLength(3);
  });

  it("offers assignment to a member only to a supervisor, and back to the queue in a team", async () => {
    const { sent } = setUp({ role: "supervisor" }, (cmd) => {
      if (cmd === command.team_members) return [{ login: "beto", email: "b@x.mx", role: "analyst" }];
      if (cmd === command.assign_files) return report();
      return null;
    });
    const member = await screen.findByRole("option", { name: "beto" });
    fireEvent.change(member.closest("select") as HTMLSelectElement, { target: { value: "beto" } });
    fireEvent.click(screen.getByTestId("bulk-assign"));
    expect((await screen.findByTestId("bulk-done")).textContent).toBe("Asignados: 3. No asignados: 0.");
    expect((sent.find((s) => s.cmd === command.assign_files)?.args as { member: string } | undefined)?.member).toBe("beto");
  });

  it("alone, offers no assignment", () => {
    setUp({ role: null }, () => null);
    expect(screen.queryByTestId("bulk-assign")).toBeNull();
    expect(screen.queryByTestId("bulk-unassign")).toBeNull();
    expect(screen.getByTestId("bulk-export")).toBeTruthy();
  });
});

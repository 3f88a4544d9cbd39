import { mockIPC } from "@tauri-apps/api/mocks";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { command } from "../../api/commands";
import * as sparse from "../../bindings/sparse";
import type { WatchedFile } from "../../bindings/WatchedFile";
import { I18nProvider } from "../../i18n";
import { render } from "../../test/render";
import { sizedScreen, testProfile, watchedFile } from "./testing";
import { WatchlistView } from "./WatchlistView";

const flowId = sparse.watchedFile.flowId;
const profile = testProfile;
sizedScreen();

/** A backend whose tracking answers `tracking` for every file; what it was asked. */
function backend(tracking: () => unknown) {
  let list: WatchedFile[] = [];
  const calls: { cmd: string; args: unknown }[] = [];
  mockIPC((cmd, args) => {
    calls.push({ cmd, args });
    const a = args as { flowId: string; rfc: string };
    if (cmd === command.watchlist) return list;
    if (cmd === command.startup_painted) return null;
    if (cmd === command.watch_file) {
      list = [...list, watchedFile(a.rfc, { flowId: a.flowId })];
      return list;
    }
    if (cmd === command.unwatch_file) {
      list = list.filter((f) => f.rfc !== a.rfc);
      return list;
    }
    if (cmd === command.tracking) return tracking();
    throw new Error(cmd);
  });
  return calls;
}

function follow(rfc: string) {
  render(
    <I18nProvider>
      <WatchlistView profile={profile} onOpen={() => {}} onReview={() => {}} />
    </I18nProvider>,
  );
  fireEvent.change(screen.getByTestId("add-rfc"), { target: { value: rfc } });
  fireEvent.click(screen.getByRole("button", { name: "Seguir" }));
}

describe("following a file by its RFC", () => {
  it("says at once when the service does not know the file, and undoes the follow on request", async () => {
    const calls = backend(() => {
      throw { code: "not_found", message: "", details: [], task: null, problems: [] };
    });
    follow("XAXX010101AB1");
    const notice = await screen.findByTestId("watch-notice");
    expect(notice.textContent).toContain("El servicio no conoce el RFC XAXX010101AB1 en el flujo Morales; se seguirá consultando");
    expect(calls.filter((c) => c.cmd === command.tracking).map((c) => c.args)).toEqual([{ flowId, rfc: "XAXX010101AB1" }]);
    expect(await screen.findByTestId("watch-row")).toBeTruthy();
    fireEvent.click(screen.getByTestId("watch-undo-follow"));
    await waitFor(() => expect(screen.queryByTestId("watch-row")).toBeNull());
    expect(calls.filter((c) => c.cmd === command.unwatch_file).map((c) => c.args)).toEqual([{ flowId, rfc: "XAXX010101AB1" }]);
    expect(screen.queryByTestId("watch-notice")).toBeNull();
  });

  it("reads the list again when the service knows the file, with no notice", async () => {
    const calls = backend(() => sparse.fileTracking);
    follow("PLE150301AB2");
    await waitFor(() => expect(calls.filter((c) => c.cmd === command.watchlist).length).toBeGreaterThanOrEqual(2));
    expect(calls.some((c) => c.cmd === command.tracking)).toBe(true);
    expect(screen.queryByTestId("watch-notice")).toBeNull();
  });
});

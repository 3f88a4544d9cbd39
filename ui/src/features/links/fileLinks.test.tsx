import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { App } from "../../App";
import { command } from "../../api/commands";
import type { FileLink } from "../../bindings/FileLink";
import type { ProfileBook } from "../../bindings/ProfileBook";
import { I18nProvider } from "../../i18n";
import { render } from "../../test/render";
import { sizedElements } from "../../test/sized";
import { watchedFile } from "../watchlist/testing";
import { linkTarget } from "./fileLinks";

sizedElements();

afterEach(() => {
  cleanup();
  clearMocks();
});

const FOLLOWED = "2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10";
const NOT_FOLLOWED = "7c9e6679-7425-40de-944b-e07fc1f90ae7";

const book: ProfileBook = {
  active: "p1",
  profiles: [
    {
      id: "p1",
      name: "Demostración",
      environment: { kind: "sandbox" },
      workspaceId: "w",
      agentEmail: "ana@kybdesk.mx",
      flows: [{ flowId: "flujo-moral", label: "Personas morales", personType: "Moral" }],
    },
  ],
};

const followed = watchedFile("PLE150301AB2", { flowId: "flujo-moral", documentId: FOLLOWED, companyName: "Panificadora La Espiga" });

/** The app on a backend whose tracking and detail are refused (what they were asked is
 * what counts); `send` hands the window a link as the backend would. */
function app(options: { pending?: FileLink } = {}) {
  const asked: { cmd: string; args: unknown }[] = [];
  let onLink: ((link: FileLink) => void) | null = null;
  mockIPC((cmd, args) => {
    if (cmd === command.app_info) return { name: "KYB Desk", version: "9.8.7", profile: "release", demo: false };
    if (cmd === command.profiles) return book;
    if (cmd === command.watchlist) return [followed];
    if (cmd === command.file_links) {
      const channel = (args as { onLink: { onmessage: (link: FileLink) => void } }).onLink;
      onLink = (link) => channel.onmessage(link);
      if (options.pending) onLink(options.pending);
      return null;
    }
    if (cmd === command.tracking || cmd === command.file_detail || cmd === command.detail_changes) {
      asked.push({ cmd, args });
      throw { code: "not_found", message: "Expediente no encontrado", details: [], task: null, problems: [] };
    }
    throw new Error(`unexpected command ${cmd}`);
  });
  render(
    <I18nProvider>
      <App />
    </I18nProvider>,
  );
  const send = async (link: FileLink) => {
    await waitFor(() => expect(onLink).not.toBeNull());
    onLink?.(link);
  };
  return { asked, send };
}

describe("links to a file", () => {
  it("open a followed file's tracking, from any screen", async () => {
    const { asked, send } = app();
    await screen.findByTestId("watch-row");
    fireEvent.click(screen.getByTestId("nav-audit"));
    await send({ documentId: FOLLOWED });
    await waitFor(() => expect(asked).toEqual([{ cmd: command.tracking, args: { flowId: "flujo-moral", rfc: "PLE150301AB2" } }]));
    expect(screen.getByTestId("nav-watchlist").getAttribute("aria-current")).toBe("page");
  });

  it("open the link the app was started with, once the window listens", async () => {
    const { asked } = app({ pending: { documentId: FOLLOWED } });
    await waitFor(() => expect(asked.map((a) => a.cmd)).toEqual([command.tracking]));
  });

  it("open the detail of a file the watchlist does not follow, with the way back to the watchlist and no review", async () => {
    const { asked, send } = app();
    await screen.findByTestId("watch-row");
    await send({ documentId: NOT_FOLLOWED });
    await waitFor(() => expect(asked[0]).toEqual({ cmd: command.file_detail, args: { documentId: NOT_FOLLOWED } }));
    expect(screen.queryByTestId("start-review")).toBeNull();
    expect(screen.getByTestId("copy-file-link")).toBeTruthy();
    fireEvent.click(screen.getByText("← Seguimiento"));
    expect(await screen.findByTestId("watch-row")).toBeTruthy();
  });
});

describe("where a link leads", () => {
  it("to the tracking of the followed file with that DocumentId, in any case, else to the detail", () => {
    const other = watchedFile("AAA010101AA1", { documentId: null });
    expect(linkTarget(FOLLOWED, [other, followed])).toEqual({ view: "tracking", flowId: "flujo-moral", rfc: "PLE150301AB2" });
    expect(linkTarget(FOLLOWED.toUpperCase(), [followed])).toEqual({ view: "tracking", flowId: "flujo-moral", rfc: "PLE150301AB2" });
    expect(linkTarget(NOT_FOLLOWED, [other, followed])).toEqual({ view: "detail", documentId: NOT_FOLLOWED });
    expect(linkTarget(FOLLOWED, [])).toEqual({ view: "detail", documentId: FOLLOWED });
  });
});

import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { command } from "../../api/commands";
import type { Profile } from "../../bindings/Profile";
import * as sparse from "../../bindings/sparse";
import type { WatchedFile } from "../../bindings/WatchedFile";
import { I18nProvider } from "../../i18n";
import { render } from "../../test/render";
import { watchSparse } from "../../test/sparse";
import { watchedFile } from "../watchlist/testing";
import { QuickOpen } from "./QuickOpen";

afterEach(() => {
  cleanup();
  clearMocks();
});

const profile: Profile = {
  id: "p1",
  name: "Operación",
  environment: { kind: "sandbox" },
  workspaceId: "6a1f0000-0000-4000-8000-000000000099",
  agentEmail: "ana@kybdesk.mx",
  flows: [{ flowId: "flujo-moral", label: "Personas morales", personType: "Moral" }],
};

const file = (rfc: string, companyName: string, updatedAtUtc: string) => watchedFile(rfc, { flowId: "flujo-moral", companyName, updatedAtUtc });

const followed = [
  file("PLE150301AB2", "Panificadora La Espiga", "2026-11-20T10:00:00Z"),
  file("PAN990101AA1", "Panadería Central", "2026-11-21T10:00:00Z"),
  file("IMP071106AB3", "Importaciones del Pacífico", "2026-11-19T10:00:00Z"),
];

function renderQuickOpen(files: WatchedFile[]) {
  mockIPC((cmd) => {
    if (cmd === command.watchlist) return files;
    throw new Error(cmd);
  });
  const onOpen = vi.fn();
  const onClose = vi.fn();
  render(
    <I18nProvider>
      <QuickOpen profile={profile} onOpen={onOpen} onClose={onClose} />
    </I18nProvider>,
  );
  return { onOpen, onClose };
}

describe("quick open", () => {
  it("finds followed files as the analyst types, newest change first, and opens the one chosen", async () => {
    const { onOpen } = renderQuickOpen(followed);
    const query = screen.getByTestId("quick-query");
    expect(document.activeElement).toBe(query);
    expect(await screen.findAllByTestId("quick-item")).toHaveLength(3);
    fireEvent.change(query, { target: { value: "pan" } });
    const items = screen.getAllByTestId("quick-item");
    // "pan" is in two companies (accents folded): the newer one first.
    expect(items.map((i) => i.textContent)).toEqual([expect.stringContaining("Panadería Central"), expect.stringContaining("Panificadora La Espiga")]);
    expect(items[0]!.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(query, { key: "ArrowDown" });
    expect(screen.getAllByTestId("quick-item")[1]!.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(query, { key: "ArrowDown" });
    fireEvent.keyDown(query, { key: "Enter" });
    expect(onOpen).toHaveBeenCalledWith(followed[0]);
  });

  it("says when nothing is followed or nothing matches, and closes with Escape", async () => {
    const { onOpen, onClose } = renderQuickOpen(followed);
    await screen.findAllByTestId("quick-item");
    const query = screen.getByTestId("quick-query");
    fireEvent.change(query, { target: { value: "zzz" } });
    expect(screen.getByText("Ningún expediente en seguimiento coincide.")).toBeTruthy();
    fireEvent.keyDown(query, { key: "Enter" });
    expect(onOpen).not.toHaveBeenCalled();
    fireEvent.keyDown(query, { key: "Escape" });
    expect(onClose).toHaveBeenCalledOnce();
    cleanup();
    renderQuickOpen([]);
    expect(await screen.findByText("No sigue ningún expediente")).toBeTruthy();
  });
});

describe("quick open on a sparse answer", () => {
  it("names a file the service said nothing about by its flow, its status a dash", async () => {
    const check = watchSparse();
    renderQuickOpen([sparse.watchedFile, { ...sparse.watchedFile, rfc: "PLE150301AB2", companyName: " " }]);
    const items = await screen.findAllByTestId("quick-item");
    expect(items.map((item) => item.querySelector(".strong")?.textContent)).toEqual(["flujo", "flujo"]);
    expect(items[0]?.textContent).toContain("—");
    check.expectShown();
  });
});

import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { command } from "../../api/commands";
import type { SavedDossier } from "../../bindings/SavedDossier";
import { I18nProvider } from "../../i18n";
import { render } from "../../test/render";
import { DossierExport } from "./DossierExport";

afterEach(() => {
  cleanup();
  clearMocks();
});

const DIGEST = "ab".repeat(32);
const SAVED: SavedDossier = { path: "/tmp/expediente-auditoria-1.zip", digest: DIGEST, bytes: 1000, documents: 3, entries: 5 };

/** The export, answered by `answer` once `release` is called (so the wait is seen). */
function renderWith(answer: () => SavedDossier | null) {
  const calls: unknown[] = [];
  let release = () => {};
  const answered = new Promise<void>((resolve) => {
    release = resolve;
  });
  mockIPC(async (cmd, args) => {
    if (cmd !== command.export_dossier) throw new Error(cmd);
    calls.push(args);
    await answered;
    return answer();
  });
  render(
    <I18nProvider>
      <DossierExport flowId="flujo-1" rfc="AAA010101AAA" documentId="doc-1" />
    </I18nProvider>,
  );
  return { calls, release };
}

describe("the dossier's export", () => {
  it("says it is preparing, then where it went and its digest", async () => {
    const { calls, release } = renderWith(() => SAVED);
    const button = screen.getByTestId("export-dossier") as HTMLButtonElement;
    expect(button.textContent).toBe("Exportar para auditoría");
    fireEvent.click(button);
    expect((await screen.findByTestId("dossier-progress")).textContent).toContain("Preparando el expediente para auditoría");
    expect(button.disabled).toBe(true);
    expect(calls).toEqual([{ flowId: "flujo-1", rfc: "AAA010101AAA", documentId: "doc-1", withDocuments: false }]);
    release();
    const saved = await screen.findByTestId("dossier-saved");
    expect(saved.textContent).toContain("/tmp/expediente-auditoria-1.zip");
    expect(screen.getByTestId("dossier-digest").textContent).toContain(DIGEST);
    expect(screen.queryByTestId("dossier-progress")).toBeNull();
    expect(button.disabled).toBe(false);
  });

  it("includes the documents themselves when asked", async () => {
    const { calls, release } = renderWith(() => SAVED);
    const include = screen.getByTestId("dossier-with-documents") as HTMLInputElement;
    expect(include.checked).toBe(false);
    expect(include.closest("label")?.textContent).toContain("Incluir los documentos");
    fireEvent.click(include);
    fireEvent.click(screen.getByTestId("export-dossier"));
    expect(include.disabled).toBe(true);
    release();
    await screen.findByTestId("dossier-saved");
    expect(calls).toEqual([expect.objectContaining({ withDocuments: true })]);
  });

  it("says nothing when the save dialog is cancelled", async () => {
    const { release } = renderWith(() => null);
    fireEvent.click(screen.getByTestId("export-dossier"));
    release();
    await screen.findByText("Exportar para auditoría");
    expect(screen.queryByTestId("dossier-saved")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("words a failure in the user's language", async () => {
    const { release } = renderWith(() => {
      throw { code: "storage", message: "disk full", details: [], task: "use_chosen_path" };
    });
    fireEvent.click(screen.getByTestId("export-dossier"));
    release();
    expect((await screen.findByText(/No se pudo usar la ruta elegida/)).textContent).toBeTruthy();
    expect(screen.queryByTestId("dossier-saved")).toBeNull();
  });
});

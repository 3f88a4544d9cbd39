import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import type { CreatedFile } from "../../bindings/CreatedFile";
import type { NewFileDraft } from "../../bindings/NewFileDraft";
import type { Profile } from "../../bindings/Profile";
import * as sparse from "../../bindings/sparse";
import { I18nProvider } from "../../i18n";
import { watchSparse } from "../../test/sparse";
import { NewFileView } from "./NewFileView";

afterEach(() => {
  cleanup();
  clearMocks();
});

const profile: Profile = {
  id: "p1",
  name: "Demostración",
  environment: { kind: "custom", base_url: "http://127.0.0.1:1" },
  workspaceId: "6a1f0000-0000-4000-8000-000000000099",
  agentEmail: "ana@kybdesk.mx",
  flows: [
    { flowId: "flujo-moral", label: "Personas morales", personType: "Moral" },
    { flowId: "flujo-fisica", label: "Personas físicas", personType: "Fisica" },
  ],
};

const created: CreatedFile = {
  DocumentId: "2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10",
  Url: "https://example.invalid/alta?t=1",
  ExternalId: null,
  ClientId: "",
  ClientName: "",
  Company: { CompanyId: "c1", CompanyName: "Panificadora La Espiga", CompanyRfc: "PLE150301AB2" },
};

interface Backend {
  saved: NewFileDraft[];
  discarded: number;
  createdWith: unknown[];
}

/** `refuse`: the creation fails (with a server error, or with the error given). */
function backend(saved: NewFileDraft | null, refuse: boolean | object = false): Backend {
  const b: Backend = { saved: [], discarded: 0, createdWith: [] };
  mockIPC((cmd, args) => {
    switch (cmd) {
      case "load_new_file_draft":
        return saved;
      case "save_new_file_draft": {
        const draft = (args as { draft: NewFileDraft }).draft;
        b.saved.push(draft);
        return { ...draft, savedAtUtc: "2026-11-22T06:00:00Z" };
      }
      case "discard_new_file_draft":
        b.discarded += 1;
        return null;
      case "check_new_file": {
        const request = (args as { request: { Company?: { CompanyName: string } } }).request;
        return request.Company?.CompanyName ? [] : ["El campo CompanyName es obligatorio"];
      }
      case "create_file":
        b.createdWith.push((args as { request: unknown }).request);
        if (refuse === true) throw { code: "server", message: "Error interno del servidor", details: [] };
        if (refuse) throw refuse;
        // Slower than the draft's debounce, as a real service can be.
        return new Promise((resolve) => setTimeout(() => resolve(created), 600));
      default:
        throw new Error(`unexpected ${cmd}`);
    }
  });
  return b;
}

function open(onOpen: (flowId: string, rfc: string) => void = () => {}) {
  render(
    <I18nProvider>
      <NewFileView profile={profile} onOpen={onOpen} />
    </I18nProvider>,
  );
}

const typedDraft: NewFileDraft = {
  flowId: "flujo-fisica",
  companyName: "Panificadora La Espiga",
  rfc: "PLE150301AB2",
  include: "",
  exclude: "",
  externalId: "EXT-1",
  clientId: "",
  clientName: "",
  sendEmail: true,
  contactEmail: "compras@espiga.mx",
  sendSms: false,
  contactPhone: "",
  data: '{"canal": ',
  savedAtUtc: "2026-11-22T05:00:00Z",
};

const inputValue = (testId: string) => (screen.getByTestId(testId) as HTMLInputElement).value;

describe("the new-file form", () => {
  it("opens with the draft the agent left, flow included, and says so", async () => {
    const b = backend(typedDraft);
    open();
    await waitFor(() => expect(inputValue("new-company")).toBe("Panificadora La Espiga"));
    expect(inputValue("new-flow")).toBe("flujo-fisica");
    expect(inputValue("new-rfc")).toBe("PLE150301AB2");
    expect(inputValue("new-email")).toBe("compras@espiga.mx");
    expect((screen.getByTestId("new-send-email") as HTMLInputElement).checked).toBe(true);
    expect(inputValue("new-data")).toBe('{"canal": ');
    expect(screen.getByTestId("draft-status").textContent).toContain("Borrador recuperado");
    expect(b.saved).toEqual([]);
  });

  it("keeps what is typed, written at once when the screen closes", async () => {
    const b = backend(null);
    open();
    fireEvent.change(await screen.findByTestId("new-company"), { target: { value: "Tortillería Don Memo" } });
    act(() => cleanup());
    expect(b.saved).toHaveLength(1);
    expect(b.saved[0]).toMatchObject({ flowId: "flujo-moral", companyName: "Tortillería Don Memo", rfc: "" });
  });

  it("clears the form on request, dropping the draft, and undoes that", async () => {
    const b = backend(typedDraft);
    open();
    await waitFor(() => expect(inputValue("new-company")).toBe("Panificadora La Espiga"));
    fireEvent.click(screen.getByTestId("new-clear"));
    expect(inputValue("new-company")).toBe("");
    expect(inputValue("new-flow")).toBe("flujo-fisica"); // the flow stays chosen
    expect(screen.getByTestId("draft-status").textContent).toBe("Formulario vaciado");
    await waitFor(() => expect(b.discarded).toBe(1), { timeout: 2000 });

    fireEvent.click(screen.getByTestId("new-undo-clear"));
    expect(inputValue("new-company")).toBe("Panificadora La Espiga");
    await waitFor(() => expect(b.saved).toHaveLength(1), { timeout: 2000 });
    expect(b.saved[0]).toMatchObject({ companyName: "Panificadora La Espiga", data: '{"canal": ' });
    await waitFor(() => expect(screen.getByTestId("draft-status").textContent).toContain("Borrador guardado"));
  });

  it("shows a field's problem only as of the latest check of what is typed", async () => {
    backend(null);
    open();
    const company = await screen.findByTestId("new-company");
    fireEvent.change(company, { target: { value: "P" } });
    fireEvent.change(company, { target: { value: "" } });
    await waitFor(() => expect(screen.getByTestId("field-problem").textContent).toBe("El campo CompanyName es obligatorio"));
    // Typed again: the old problem goes at once, not when the next check answers.
    fireEvent.change(company, { target: { value: "Panificadora" } });
    expect(screen.queryByTestId("field-problem")).toBeNull();
    await waitFor(() => expect(screen.getByText("Listo para crear.")).toBeTruthy());
    expect(screen.queryByTestId("field-problem")).toBeNull();
  });

  it("keeps what is typed as a draft when the creation fails", async () => {
    const b = backend(null, true);
    open();
    fireEvent.change(await screen.findByTestId("new-company"), { target: { value: "Panificadora La Espiga" } });
    fireEvent.click(screen.getByTestId("create-file"));
    await waitFor(() => expect(b.createdWith).toHaveLength(1));
    await waitFor(() => expect(b.saved).toHaveLength(1));
    expect(b.saved[0]).toMatchObject({ companyName: "Panificadora La Espiga" });
    expect(inputValue("new-company")).toBe("Panificadora La Espiga");
  });

  it("writes no draft while the file is being created, nor after", async () => {
    const b = backend(null);
    open();
    fireEvent.change(await screen.findByTestId("new-company"), { target: { value: "Panificadora La Espiga" } });
    fireEvent.change(screen.getByTestId("new-rfc"), { target: { value: "ple150301ab2" } });
    fireEvent.click(screen.getByTestId("create-file"));
    await screen.findByTestId("created-file", {}, { timeout: 2000 });
    expect(b.createdWith).toHaveLength(1);
    act(() => cleanup());
    expect(b.saved).toEqual([]);
  });

  it("says plainly when it is unknown whether the file was created, and leads to its tracking first", async () => {
    const b = backend(null, { code: "outcome_unknown", message: "Se perdió la conexión tras enviar", details: [] });
    const opened: [string, string][] = [];
    open((flowId, rfc) => opened.push([flowId, rfc]));
    fireEvent.change(await screen.findByTestId("new-company"), { target: { value: "Panificadora La Espiga" } });
    fireEvent.change(screen.getByTestId("new-rfc"), { target: { value: "PLE150301AB2" } });
    fireEvent.click(screen.getByTestId("create-file"));
    const notice = await screen.findByTestId("create-unknown");
    expect(notice.textContent).toContain("No se sabe si el expediente se creó");
    expect(notice.textContent).toContain("Antes de crearlo de nuevo, consulte el seguimiento del RFC PLE150301AB2");
    expect(screen.getByTestId("error-notice").textContent).not.toMatch(/intente de nuevo/i);
    // What was typed stays, on screen and as a draft.
    expect(inputValue("new-company")).toBe("Panificadora La Espiga");
    await waitFor(() => expect(b.saved.at(-1)).toMatchObject({ companyName: "Panificadora La Espiga" }));
    expect(b.createdWith).toHaveLength(1);
    fireEvent.click(screen.getByTestId("create-unknown-tracking"));
    expect(opened).toEqual([["flujo-moral", "PLE150301AB2"]]);
  });
});

describe("a file created with a sparse answer", () => {
  it("shows dashes for what the service left out and says the user's link is missing", async () => {
    const check = watchSparse();
    mockIPC((cmd, args) => {
      switch (cmd) {
        case "load_new_file_draft":
        case "discard_new_file_draft":
          return null;
        case "save_new_file_draft":
          return { ...(args as { draft: NewFileDraft }).draft, savedAtUtc: "2026-11-22T06:00:00Z" };
        case "check_new_file":
          return [];
        case "create_file":
          return sparse.createdFile;
        default:
          throw new Error(`unexpected ${cmd}`);
      }
    });
    open();
    fireEvent.change(await screen.findByTestId("new-company"), { target: { value: "Panificadora La Espiga" } });
    fireEvent.click(screen.getByTestId("create-file"));
    const card = await screen.findByTestId("created-file");
    expect(screen.getByTestId("created-id").textContent).toBe("—");
    expect(screen.getByTestId("created-no-url")).toBeTruthy();
    expect(screen.queryByTestId("copy-url")).toBeNull();
    expect([...card.querySelectorAll("dd")].map((dd) => dd.textContent?.trim())).toEqual(["—", "—"]);
    check.expectShown();
  });
});

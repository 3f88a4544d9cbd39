import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { command } from "../../api/commands";
import type { AppError } from "../../bindings/AppError";
import type { CreatedFile } from "../../bindings/CreatedFile";
import type { CreateFileRequest } from "../../bindings/CreateFileRequest";
import type { Failure } from "../../bindings/Failure";
import type { NewFileDraft } from "../../bindings/NewFileDraft";
import type { Profile } from "../../bindings/Profile";
import * as sparse from "../../bindings/sparse";
import { DRAFT_DEBOUNCE_MS } from "../../hooks/useDraft";
import { I18nProvider } from "../../i18n";
import { startWithPreferences } from "../../preferences";
import { GivenInfo } from "../../test/appInfo";
import { advance, settled, stoppedClock } from "../../test/clock";
import { held } from "../../test/held";
import { render } from "../../test/render";
import { watchSparse } from "../../test/sparse";
import { CHECK_WAIT_MS, NewFileView } from "./NewFileView";

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
  /** How many drafts were written when the creation was asked for. */
  savedBeforeCreating: number;
}

const failure = (field: string, rule: Failure["rule"]): Failure => ({ field, rule, limit: null, section: null, position: null, sent: null });

/** `refuse`: the creation fails (with a server error, or with the error given);
 * `creation`: the creation's answer, when the test holds it. */
function backend(saved: NewFileDraft | null, refuse: boolean | object = false, creation: Promise<CreatedFile> | null = null): Backend {
  const b: Backend = { saved: [], discarded: 0, createdWith: [], savedBeforeCreating: 0 };
  mockIPC((cmd, args) => {
    switch (cmd) {
      case command.load_new_file_draft:
        return saved;
      case command.save_new_file_draft: {
        const draft = (args as { draft: NewFileDraft }).draft;
        b.saved.push(draft);
        return { ...draft, savedAtUtc: "2026-11-22T06:00:00Z" };
      }
      case command.discard_new_file_draft:
        b.discarded += 1;
        return null;
      case command.check_new_file: {
        const request = (args as { request: { Company?: { CompanyName: string } } }).request;
        return request.Company?.CompanyName ? [] : [failure("CompanyName", "required")];
      }
      case command.create_file:
        b.createdWith.push((args as { request: unknown }).request);
        b.savedBeforeCreating = b.saved.length;
        if (refuse === true) throw { code: "server", message: "Error interno del servidor", details: { type: "http", status: 500 }, task: null, problems: [] };
        if (refuse) throw refuse;
        return creation ?? created;
      default:
        throw new Error(`unexpected ${cmd}`);
    }
  });
  return b;
}

/** A backend whose check finds what `check` finds in the request; drafts are kept. */
function checking(check: (request: CreateFileRequest) => Failure[]) {
  mockIPC((cmd, args) => {
    switch (cmd) {
      case command.load_new_file_draft:
      case command.discard_new_file_draft:
        return null;
      case command.save_new_file_draft:
        return { ...(args as { draft: NewFileDraft }).draft, savedAtUtc: "2026-11-22T06:00:00Z" };
      case command.check_new_file:
        return check((args as { request: CreateFileRequest }).request);
      default:
        throw new Error(`unexpected ${cmd}`);
    }
  });
}

function open(onOpen: (flowId: string, rfc: string) => void = () => {}) {
  render(
    <I18nProvider>
      <GivenInfo>
        <NewFileView profile={profile} onOpen={onOpen} />
      </GivenInfo>
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
    await waitFor(() => expect(b.discarded).toBe(1));

    fireEvent.click(screen.getByTestId("new-undo-clear"));
    expect(inputValue("new-company")).toBe("Panificadora La Espiga");
    await waitFor(() => expect(b.saved).toHaveLength(1));
    expect(b.saved[0]).toMatchObject({ companyName: "Panificadora La Espiga", data: '{"canal": ' });
    await waitFor(() => expect(screen.getByTestId("draft-status").textContent).toContain("Borrador guardado"));
  });

  it("marks the fields the rules require, says once what the mark means, and tells assistive technology", async () => {
    checking((request) => [
      ...(request.FlowID ? [] : [failure("FlowId", "required")]),
      ...(request.Company?.CompanyName ? [] : [failure("CompanyName", "required")]),
    ]);
    open();
    const company = await screen.findByTestId("new-company");
    await waitFor(() => expect(company.getAttribute("aria-required")).toBe("true"));
    expect(screen.getByTestId("new-required-note").textContent).toBe("Los campos marcados con * son obligatorios.");
    expect(screen.getByTestId("new-flow").getAttribute("aria-required")).toBe("true");
    expect(screen.getByRole("group", { name: "Razón social" }).querySelector(".required-mark")?.textContent).toBe(" *");
    // The label still names the field by its words alone; optional fields carry no mark.
    expect(screen.getByRole("textbox", { name: "Razón social" })).toBe(company);
    expect(screen.getByTestId("new-rfc").hasAttribute("aria-required")).toBe(false);
    expect(screen.getByRole("group", { name: "RFC" }).querySelector(".required-mark")).toBeNull();
  });

  it("says nothing of an untouched form, and a field's problem only once it is left", async () => {
    stoppedClock();
    backend(null);
    open();
    await settled(() => expect(screen.getByTestId("new-company").getAttribute("aria-required")).toBe("true"));
    const company = screen.getByTestId("new-company");
    // The blank form breaks a rule, and the check has answered: still nothing is shouted.
    await advance(CHECK_WAIT_MS);
    expect(screen.queryByTestId("new-problems")).toBeNull();
    expect(screen.queryByTestId("field-problem")).toBeNull();
    expect(screen.queryByText(/por corregir/)).toBeNull();
    fireEvent.change(company, { target: { value: "P" } });
    fireEvent.change(company, { target: { value: "" } });
    // Checked again as typed: not left yet, so still nothing.
    await advance(CHECK_WAIT_MS);
    expect(screen.queryByTestId("field-problem")).toBeNull();
    fireEvent.blur(company);
    expect(screen.getByTestId("field-problem").textContent).toBe("El campo Razón social es obligatorio.");
    expect(company.getAttribute("aria-invalid")).toBe("true");
    const summary = screen.getByTestId("new-problems");
    expect(summary.textContent).toContain("Hay 1 punto por corregir antes de crear.");
    expect(within(summary).getByRole("button", { name: "El campo Razón social es obligatorio." })).toBeTruthy();
    // Typed again: the problem goes at once, and nothing new is said while typing.
    fireEvent.change(company, { target: { value: "Panificadora" } });
    expect(screen.queryByTestId("field-problem")).toBeNull();
    await advance(CHECK_WAIT_MS);
    expect(screen.getByText("Listo para crear.")).toBeTruthy();
    expect(screen.queryByTestId("new-problems")).toBeNull();
  });

  it("names every problem in the summary on a creation tried too soon, each a link that focuses its field", async () => {
    checking((request) => [
      ...(request.Company?.CompanyName ? [] : [failure("CompanyName", "required")]),
      ...(request.ContactEmail ? [failure("ContactEmail", "invalid")] : []),
      failure("AgentMail", "invalid"),
    ]);
    open();
    fireEvent.change(await screen.findByTestId("new-email"), { target: { value: "no-es-correo" } });
    fireEvent.click(screen.getByTestId("create-file"));
    const summary = await screen.findByTestId("new-problems");
    await waitFor(() => expect(document.activeElement).toBe(summary));
    expect(summary.textContent).toContain("Hay 3 puntos por corregir antes de crear.");
    const links = within(summary).getAllByRole("button");
    expect(links.map((link) => link.textContent)).toEqual([
      "El campo Razón social es obligatorio.",
      "El correo de contacto no es una dirección de correo: escríbalo como nombre@empresa.mx, sin espacios.",
    ]);
    // A rule no field of the form shows is named too, without a link.
    expect(within(summary).getAllByRole("listitem")[2]?.textContent).toBe("El campo Correo del agente no es válido.");
    fireEvent.click(links[1] as HTMLElement);
    expect(document.activeElement).toBe(screen.getByTestId("new-email"));
    fireEvent.click(links[0] as HTMLElement);
    expect(document.activeElement).toBe(screen.getByTestId("new-company"));
    expect(screen.getByTestId("new-email").getAttribute("aria-describedby")).toBe("new-contactEmail-problems");
  });

  it("names each field's problem by the label the field shows, never by the service's name for it", async () => {
    const everyField = ["FlowId", "CompanyName", "RFC", "IncludeFlow", "ExcludeFlow", "ExternalID", "ClientId", "ClientName", "ContactEmail", "ContactPhone"];
    checking(() => everyField.map((field) => failure(field, field === "CompanyName" || field === "FlowId" ? "required" : "invalid")));
    open();
    await screen.findByTestId("new-company");
    fireEvent.click(screen.getByTestId("create-file"));
    await waitFor(() => expect(screen.getAllByTestId("field-problem")).toHaveLength(everyField.length));
    for (const problem of screen.getAllByTestId("field-problem")) {
      const label = problem.closest("[role=group]")?.getAttribute("aria-label") ?? "";
      expect(label).not.toBe("");
      expect(problem.textContent?.toLowerCase()).toContain(label.toLowerCase());
      // The RFC is the field's name on screen too.
      for (const name of everyField.filter((field) => field !== "RFC")) expect(problem.textContent).not.toContain(name);
    }
    // The summary names the same ten, each by the field's label.
    const summary = screen.getByTestId("new-problems");
    expect(within(summary).getByText("Hay 10 puntos por corregir antes de crear.")).toBeTruthy();
    expect(
      within(summary)
        .getAllByRole("button")
        .map((link) => link.textContent),
    ).toEqual(screen.getAllByTestId("field-problem").map((problem) => problem.textContent));
  });

  it("judges the RFC when it is left, and says the SAT's format for both kinds of person", async () => {
    checking((request) => {
      const rfc = request.Company?.CompanyRFC;
      return rfc && rfc.length < 12 ? [failure("RFC", "invalid")] : [];
    });
    stoppedClock();
    open();
    await settled(() => screen.getByTestId("new-rfc"));
    const rfc = screen.getByTestId("new-rfc");
    const rfcRow = screen.getByRole("group", { name: "RFC" });
    expect(within(rfcRow).getByText(/12 caracteres si es persona moral, 13 si es persona física/)).toBeTruthy();
    fireEvent.change(rfc, { target: { value: "P" } });
    fireEvent.change(rfc, { target: { value: "PLE15" } });
    // Checked as typed: not left yet.
    await advance(CHECK_WAIT_MS);
    expect(within(rfcRow).queryByTestId("field-problem")).toBeNull();
    fireEvent.blur(rfc);
    const format =
      "El RFC no tiene el formato del SAT: el de persona moral tiene 12 caracteres (3 letras, la fecha AAMMDD y una homoclave de 3) y el de persona física, 13 (4 letras, la fecha AAMMDD y la homoclave de 3).";
    expect(within(rfcRow).getByTestId("field-problem").textContent).toBe(format);
    fireEvent.change(rfc, { target: { value: "PLE150301AB2" } });
    await advance(CHECK_WAIT_MS);
    expect(screen.getByText("Listo para crear.")).toBeTruthy();
    expect(within(rfcRow).queryByTestId("field-problem")).toBeNull();
    // Short again: not at the first key, only when it is left again.
    fireEvent.change(rfc, { target: { value: "PLE1" } });
    await advance(CHECK_WAIT_MS);
    expect(within(rfcRow).queryByTestId("field-problem")).toBeNull();
    fireEvent.blur(rfc);
    expect(within(rfcRow).getByTestId("field-problem").textContent).toBe(format);
  });

  it("says where the additional data stops being JSON, in the user's language, once it is left", async () => {
    checking(() => []);
    open();
    const data = await screen.findByTestId("new-data");
    const dataRow = screen.getByRole("group", { name: "Datos adicionales (JSON, opcional)" });
    fireEvent.change(data, { target: { value: "{" } });
    expect(within(dataRow).queryByTestId("field-problem")).toBeNull();
    fireEvent.blur(data);
    expect(within(dataRow).getByTestId("field-problem").textContent).toBe(
      "No es JSON válido: termina antes de cerrar lo que abre (llaves, corchetes o comillas).",
    );
    fireEvent.change(data, { target: { value: '{\n  "sucursal": 12,\n}' } });
    fireEvent.blur(data);
    expect(within(dataRow).getByTestId("field-problem").textContent).toBe("No es JSON válido: revise la línea 3, columna 1.");
    fireEvent.change(data, { target: { value: "[1]" } });
    fireEvent.blur(data);
    expect(within(dataRow).getByTestId("field-problem").textContent).toBe("Debe ser un objeto JSON: entre llaves { }.");
    fireEvent.change(data, { target: { value: '{"sucursal": 12}' } });
    fireEvent.blur(data);
    expect(within(dataRow).queryByTestId("field-problem")).toBeNull();
    cleanup();
    startWithPreferences({ language: "en" });
    try {
      open();
      const typed = await screen.findByTestId("new-data");
      fireEvent.change(typed, { target: { value: '{"sucursal": }' } });
      fireEvent.blur(typed);
      const problem = screen.getByTestId("field-problem").textContent ?? "";
      expect(problem).toBe("Not valid JSON: check line 1, column 14.");
      expect(problem).not.toMatch(/Unexpected|Expected|position/);
    } finally {
      startWithPreferences();
    }
  });

  it("offers the known sections by name and sends their identifiers, keeping a draft's others", async () => {
    const b = backend({ ...typedDraft, include: "BankStatement, SeccionPropia", exclude: "", data: "" });
    open();
    const include = await screen.findByTestId("new-include");
    await waitFor(() => expect(inputValue("new-company")).toBe("Panificadora La Espiga"));
    const proof = within(include).getByRole("checkbox", { name: /Comprobante de domicilio \(obligatorio\)/ }) as HTMLInputElement;
    expect(proof.value).toBe("ProofAddressObligatorio");
    expect(proof.checked).toBe(false);
    expect((within(include).getByRole("checkbox", { name: /Estado de cuenta/ }) as HTMLInputElement).checked).toBe(true);
    // An identifier the list does not know stays, ticked, by its identifier.
    expect((within(include).getByRole("checkbox", { name: "SeccionPropia" }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(proof);
    fireEvent.click(within(include).getByRole("checkbox", { name: /Estado de cuenta/ }));
    const exclude = screen.getByTestId("new-exclude");
    fireEvent.click(within(exclude).getByRole("checkbox", { name: /Fotos de la sucursal \(opcional\)/ }));
    // Another identifier, typed: Enter adds it and does not send the form.
    const other = within(exclude).getByTestId("new-exclude-other");
    fireEvent.change(other, { target: { value: "SucursalBankOcultar" } });
    fireEvent.keyDown(other, { key: "Enter" });
    expect((within(exclude).getByRole("checkbox", { name: "SucursalBankOcultar" }) as HTMLInputElement).checked).toBe(true);
    expect(b.createdWith).toHaveLength(0);
    await waitFor(() => expect(b.saved.at(-1)).toMatchObject({ include: "SeccionPropia, ProofAddressObligatorio" }));
    fireEvent.click(screen.getByTestId("create-file"));
    await waitFor(() => expect(b.createdWith).toHaveLength(1));
    expect(b.createdWith[0]).toMatchObject({
      IncludeFlow: ["SeccionPropia", "ProofAddressObligatorio"],
      ExcludeFlow: ["SucursalImagenesOpcional", "SucursalBankOcultar"],
    });
  });

  it("takes moving within a field's row for still being in it", async () => {
    checking((request) => (request.FlowID ? [] : [failure("FlowId", "required")]));
    stoppedClock();
    open();
    await settled(() => screen.getByTestId("new-flow"));
    const flow = screen.getByTestId("new-flow");
    fireEvent.change(flow, { target: { value: "__other__" } });
    const flowId = screen.getByTestId("new-flow-id");
    const row = screen.getByRole("group", { name: "Flujo (FlowID)" });
    // From the list to the box where the FlowID is typed: not left yet.
    fireEvent.blur(flow, { relatedTarget: flowId });
    // The check has answered by now (the field left would show its problem at once).
    await advance(CHECK_WAIT_MS);
    expect(within(row).queryByTestId("field-problem")).toBeNull();
    fireEvent.blur(flowId, { relatedTarget: screen.getByTestId("new-company") });
    expect(within(row).getByTestId("field-problem").textContent).toBe("El campo Flujo (FlowID) es obligatorio.");
    // The summary's link goes to the box the FlowID is typed in.
    fireEvent.click(within(screen.getByTestId("new-problems")).getByRole("button"));
    expect(document.activeElement).toBe(flowId);
  });

  it("counts what is left to fix with the plural the number takes, in both languages", async () => {
    checking((request) => [
      ...(request.Company?.CompanyName ? [] : [failure("CompanyName", "required")]),
      ...(request.FlowID === "flujo-moral" ? [failure("FlowId", "invalid")] : []),
    ]);
    open();
    fireEvent.click(await screen.findByTestId("create-file"));
    expect(await screen.findByText("Hay 2 puntos por corregir antes de crear.")).toBeTruthy();
    fireEvent.change(screen.getByTestId("new-company"), { target: { value: "Panificadora" } });
    expect(await screen.findByText("Hay 1 punto por corregir antes de crear.")).toBeTruthy();
    cleanup();
    startWithPreferences({ language: "en" });
    try {
      open();
      fireEvent.click(await screen.findByTestId("create-file"));
      expect(await screen.findByText("There are 2 problems to fix before creating.")).toBeTruthy();
      fireEvent.change(screen.getByTestId("new-company"), { target: { value: "Panificadora" } });
      expect(await screen.findByText("There is 1 problem to fix before creating.")).toBeTruthy();
    } finally {
      startWithPreferences();
    }
  });

  it("says why the draft is not up to date when it cannot be written", async () => {
    mockIPC((cmd) => {
      if (cmd === command.load_new_file_draft) return null;
      if (cmd === command.check_new_file) return [];
      if (cmd === command.save_new_file_draft)
        throw { code: "storage", message: "Permission denied (os error 13)", details: [], task: "save_draft", problems: [] };
      throw new Error(`unexpected ${cmd}`);
    });
    open();
    fireEvent.change(await screen.findByTestId("new-company"), { target: { value: "Panificadora La Espiga" } });
    await waitFor(() =>
      expect(screen.getByTestId("draft-status").textContent).toBe(
        "El borrador no está al día: No se pudo guardar el borrador: Permission denied (os error 13)",
      ),
    );
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

  it("writes what is on screen before the file is created, and no draft while it is being created, nor after", async () => {
    stoppedClock();
    const creation = held<CreatedFile>();
    const b = backend(null, false, creation.promise);
    open();
    await settled(() => screen.getByTestId("new-company"));
    fireEvent.change(screen.getByTestId("new-company"), { target: { value: "Panificadora La Espiga" } });
    fireEvent.change(screen.getByTestId("new-rfc"), { target: { value: "ple150301ab2" } });
    fireEvent.click(screen.getByTestId("create-file"));
    await settled(() => expect(b.createdWith).toHaveLength(1));
    // The service is slower than the draft's wait, as a real one can be: nothing is
    // written meanwhile.
    await advance(DRAFT_DEBOUNCE_MS * 2);
    expect(b.saved).toHaveLength(1);
    await creation.answer(created);
    await settled(() => screen.getByTestId("created-file"));
    expect(b.createdWith).toHaveLength(1);
    act(() => cleanup());
    // Written once, before the request left (the backend drops it with the file created).
    expect(b.savedBeforeCreating).toBe(1);
    expect(b.saved).toHaveLength(1);
    expect(b.saved[0]).toMatchObject({ companyName: "Panificadora La Espiga" });
  });

  it("places each rule the service's refusal names beside its field, and lists the rest in the notice", async () => {
    const refusal: AppError = {
      code: "validation",
      message: "Error de validacion",
      details: { type: "validation", flow: null, unread: ["El campo Canal  no se reconoce"] },
      task: null,
      problems: [failure("ContactPhone", "invalid"), failure("AgentMail", "invalid")],
    };
    const b = backend(null, refusal);
    open();
    fireEvent.change(await screen.findByTestId("new-company"), { target: { value: "Panificadora La Espiga" } });
    fireEvent.change(screen.getByTestId("new-phone"), { target: { value: "3312345678" } });
    fireEvent.click(screen.getByTestId("create-file"));
    await waitFor(() => expect(b.createdWith).toHaveLength(1));
    const phone = screen.getByRole("group", { name: "Teléfono de contacto" });
    expect((await within(phone).findByTestId("field-problem")).textContent).toBe(
      "El teléfono de contacto debe ser un número nacional de 10 dígitos, sin espacios ni lada internacional.",
    );
    const notice = screen.getByTestId("error-notice");
    expect(notice.textContent).toContain("La solicitud no cumple las reglas del servicio.");
    expect(notice.textContent).toContain("Error de validacion");
    expect(within(notice).getByTestId("error-problems").textContent).toBe("El campo Correo del agente no es válido.");
    expect(notice.textContent).toContain("El campo Canal  no se reconoce");
    expect(notice.textContent).not.toContain("teléfono");
    // Typed again: the service's word on the field no longer holds.
    fireEvent.change(screen.getByTestId("new-phone"), { target: { value: "3312345679" } });
    expect(within(phone).queryByTestId("field-problem")).toBeNull();
  });

  it("says plainly when it is unknown whether the file was created, and leads to its tracking first", async () => {
    const b = backend(null, { code: "outcome_unknown", message: "connection reset", details: [], task: null, problems: [] });
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
        case command.load_new_file_draft:
        case command.discard_new_file_draft:
          return null;
        case command.save_new_file_draft:
          return { ...(args as { draft: NewFileDraft }).draft, savedAtUtc: "2026-11-22T06:00:00Z" };
        case command.check_new_file:
          return [];
        case command.create_file:
          return sparse.createdFile;
        default:
          throw new Error(`unexpected ${cmd}`);
      }
    });
    open();
    fireEvent.change(await screen.findByTestId("new-company"), { target: { value: "Panificadora La Espiga" } });
    fireEvent.click(screen.getByTestId("create-file"));
    const card = await screen.findByTestId("created-file");
    // The result took the focus where the form's button was.
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Expediente creado" }));
    expect(screen.getByTestId("created-id").textContent).toBe("—");
    expect(screen.getByTestId("created-no-url")).toBeTruthy();
    expect(screen.queryByTestId("copy-url")).toBeNull();
    expect([...card.querySelectorAll("dd")].map((dd) => dd.textContent?.trim())).toEqual(["—", "—"]);
    check.expectShown();
  });
});

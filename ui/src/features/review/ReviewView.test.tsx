import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { command } from "../../api/commands";
import type { CorrectionRequest } from "../../bindings/CorrectionRequest";
import type { CorrectionResult } from "../../bindings/CorrectionResult";
import type { DetailV2 } from "../../bindings/DetailV2";
import type { Draft } from "../../bindings/Draft";
import type { Failure } from "../../bindings/Failure";
import type { FileEvidence } from "../../bindings/FileEvidence";
import type { FileTracking } from "../../bindings/FileTracking";
import type { Limits } from "../../bindings/Limits";
import type { SectionDecision } from "../../bindings/SectionDecision";
import type { SectionEvidence } from "../../bindings/SectionEvidence";
import * as sparse from "../../bindings/sparse";
import { I18nProvider } from "../../i18n";
import { startWithPreferences } from "../../preferences";
import { GivenInfo, testInfo } from "../../test/appInfo";
import { fileEvidence, finding, sectionEvidence } from "../../test/evidence";
import { held } from "../../test/held";
import { NO_DATA } from "../../test/largeDetail";
import { expectModal } from "../../test/modal";
import { render } from "../../test/render";
import { tracked } from "../../test/sections";
import { watchSparse } from "../../test/sparse";
import { shown, team } from "../team/testing";
import { watchedFile } from "../watchlist/testing";
import { ReviewView } from "./ReviewView";

afterEach(() => {
  cleanup();
  clearMocks();
});

const DOC = "2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10";
const REP = "5a4e3c2b-1d0f-4e9a-8b7c-6d5e4f3a2b1c";

const tracking: FileTracking = {
  statusCategory: "in_review",
  tracking: {
    DocumentId: DOC,
    CompanyRfc: "PLE150301AB2",
    CompanyName: "Panificadora La Espiga",
    GuestUrl: "",
    ChannelName: "",
    DocumentStatus: "En Revisión",
    Comments: [],
    CreatedAtUtc: null,
    UpdatedAtUtc: null,
    Person: [],
  },
  sections: [
    tracked("ProofAddressObligatorio", "Completado", { base: "ProofAddress", modifier: "Obligatorio" }),
    tracked("LegalRepresentativeObligatorio", "Completado", { base: "LegalRepresentative", modifier: "Obligatorio", entity: "Representante" }),
    tracked("ActaConstitutivaObligatorio", "Requiere Atención", { base: "ActaConstitutiva", modifier: "Obligatorio" }, "Falta la hoja 3"),
  ],
};

const detail: DetailV2 = {
  ExpedienteId: DOC,
  TipoPersona: "Moral",
  Tramite: "Alta",
  Secciones: [],
  Cliente: "Panificadora La Espiga",
  RFC: "PLE150301AB2",
  FechaCreacion: null,
  FechaRecibido: null,
  FechaUltimaModificacion: null,
  Entidades: [{ Tipo: "Representante", Referencia: "María Hernández López", Id: REP, Datos: NO_DATA, Validaciones: [] }],
  Documentos: [],
  Adicionales: [],
  _Schema: null,
};

const result: CorrectionResult = {
  expedienteId: DOC,
  seccionesActualizadas: 2,
  resumen: { aceptadas: 1, rechazadas: 1, entidadesAfectadas: { representantes: 1, sucursales: 0, expediente: 1 } },
  secciones: [],
  notificacionEnviada: true,
  linkCorreccion: "https://example.invalid/correccion?t=1",
  warnings: ["Sección duplicada ignorada"],
};

/** The backend's side of the review's draft, as the tests stand in for it: the saved
 * draft, the request it makes (in the shape the backend builds it; its rules are Rust's
 * and tested there), and the preview's name, which changes with each save. */
interface Core {
  draft: Draft | null;
  revision: number;
  saved: Draft[];
  /** The documents whose draft was thrown away. */
  discarded: string[];
  /** The requests the review was shown a preview of. */
  checked: CorrectionRequest[];
  /** What `preview_correction` says the request breaks, whatever it is: the screen shows
   * the answer it is given. */
  failures: Failure[];
  sent: CorrectionRequest[];
}

function newCore(draft: Draft | null = null): Core {
  return { draft, revision: 0, saved: [], discarded: [], checked: [], failures: [], sent: [] };
}

function requestOf(draft: Draft | null): CorrectionRequest {
  const secciones = (draft?.decisions ?? [])
    .filter((d) => d.estatus !== null)
    .map((d) => {
      const decision: SectionDecision = { seccion: d.seccion, estatus: d.estatus ?? "" };
      if (d.estatus === "Rechazada") decision.comentario = d.comentario.trim();
      if (d.entidadId) decision.entidadId = d.entidadId;
      if (d.entidadReferencia) decision.entidadReferencia = d.entidadReferencia;
      return decision;
    });
  const request: CorrectionRequest = { documentId: DOC, secciones, notificarUsuario: draft?.notificarUsuario ?? true };
  const message = draft?.mensajeGeneral.trim();
  if (message) request.mensajeGeneral = message;
  return request;
}

const NOT_A_DRAFT_COMMAND = Symbol("not a draft command");

/** Answers the draft's commands as the backend does; `send` answers a request that leaves.
 * A send names the preview it was shown: one of an older draft is refused, and a draft
 * saved while the request was out is kept. */
function draftCommand(core: Core, cmd: string, args: unknown, send: (request: CorrectionRequest) => unknown): unknown {
  switch (cmd) {
    case command.load_draft:
      return core.draft;
    case command.save_draft: {
      const draft = (args as { draft: Draft }).draft;
      core.saved.push(draft);
      core.draft = draft;
      core.revision += 1;
      return { ...draft, savedAtUtc: "2026-11-22T05:30:00Z" };
    }
    case command.discard_draft:
      core.discarded.push((args as { documentId: string }).documentId);
      core.draft = null;
      core.revision += 1;
      return null;
    case command.preview_correction: {
      const request = requestOf(core.draft);
      core.checked.push(request);
      return { request, failures: core.failures, previewed: `rev-${core.revision}` };
    }
    case command.send_correction: {
      if ((args as { previewed: string }).previewed !== `rev-${core.revision}`) {
        return Promise.reject({ code: "draft_changed", message: "", details: [], task: null, problems: [] });
      }
      const request = requestOf(core.draft);
      core.sent.push(request);
      const at = core.revision;
      return Promise.resolve(send(request)).then((answer) => {
        if (core.revision === at) core.draft = null;
        return answer;
      });
    }
    default:
      return NOT_A_DRAFT_COMMAND;
  }
}

interface Backend extends Core {
  calls: { cmd: string; args: Record<string, unknown> }[];
}

/** The review's material as `review_material` answers: no findings unless `evidence`. */
function material(file: FileTracking = tracking, answer: DetailV2 = detail, evidence: FileEvidence | null = null) {
  const plain = fileEvidence(
    file.sections.map((s) => sectionEvidence(s.section)),
    answer.Documentos.length,
    answer.Entidades.length,
  );
  return { tracking: file, detail: { version: "2", detail: answer }, evidence: evidence ?? plain };
}

function backend(
  saved: Draft | null = null,
  file: FileTracking = tracking,
  answer: DetailV2 = detail,
  evidence: FileEvidence | null = null,
  send: (request: CorrectionRequest) => unknown = () => result,
): Backend {
  const b: Backend = { calls: [], ...newCore(saved) };
  mockIPC((cmd, args) => {
    b.calls.push({ cmd, args: args as Record<string, unknown> });
    switch (cmd) {
      case command.review_material:
        return material(file, answer, evidence);
      case command.tracking:
        return file;
      default: {
        const answered = draftCommand(b, cmd, args, send);
        if (answered === NOT_A_DRAFT_COMMAND) throw new Error(`unexpected ${cmd}`);
        return answered;
      }
    }
  });
  return b;
}

/** Opens the review (with `limits` laid over the app's info) and waits until it takes
 * keys: the first section has the focus. */
async function open(limits: Partial<Limits> = {}, onSent?: () => void): Promise<HTMLElement[]> {
  render(
    <I18nProvider>
      <GivenInfo limits={limits}>
        <ReviewView flowId="flujo" rfc="PLE150301AB2" documentId={DOC} onBack={() => {}} onDone={() => {}} onSent={onSent} />
      </GivenInfo>
    </I18nProvider>,
  );
  const rows = await screen.findAllByTestId("review-section");
  await waitFor(() => expect(document.activeElement).toBe(rows[0]));
  return rows;
}

const failure = (field: string, rule: Failure["rule"], at: Partial<Failure> = {}): Failure => ({
  field,
  rule,
  limit: null,
  section: null,
  position: null,
  sent: null,
  ...at,
});

const key = (k: string, extra: Partial<KeyboardEventInit> = {}) => fireEvent.keyDown(document.activeElement ?? window, { key: k, bubbles: true, ...extra });

describe("the review", () => {
  it("is driven from the keyboard, previews exactly what is sent, and sends it once", async () => {
    // The service's answer held until every press is made: they all come while the send is out.
    const answer = held<CorrectionResult>();
    const b = backend(null, tracking, detail, null, () => answer.promise);
    let sentTold = 0;
    const rows = await open({}, () => (sentTold += 1));
    expect(rows).toHaveLength(3);
    // The only representative is already chosen for the representative's section.
    expect(rows[1]?.querySelector("select")?.value).toBe(REP);

    // The service's status is said as the service's, never read as a decision.
    expect(within(rows[0] as HTMLElement).getByText("En el servicio: Completado")).toBeTruthy();
    expect(within(rows[0] as HTMLElement).queryByTestId("decision-chip")).toBeNull();
    key("a"); // accept the first section: the review moves on to the next
    expect(document.activeElement).toBe(rows[1]);
    expect(within(rows[0] as HTMLElement).getByTestId("decision-chip").textContent).toBe("Su decisión: aceptar");
    key("j");
    key("r"); // reject the third: its comment box takes the focus
    const comment = await screen.findByTestId("review-comment");
    expect(document.activeElement).toBe(comment);
    fireEvent.change(comment, { target: { value: "  Falta la hoja 3 del acta  " } });
    expect(rows[2]?.querySelector("[data-testid=counter]")?.textContent).toBe(`24 / ${testInfo.limits.commentMaxChars}`);
    key("k"); // typing a "k" inside the comment does not move
    expect(document.activeElement).toBe(comment);
    key("Escape"); // out of the comment, still on its own section
    expect(document.activeElement).toBe(rows[2]);
    key("1"); // so a digit now acts on the section just written about (no entity to choose)
    key("k");
    expect(document.activeElement).toBe(rows[1]);
    key("a"); // accept the second
    expect(screen.getByTestId("review-tally").textContent).toBe("Aceptadas: 2 · Rechazadas: 1 · Sin decidir: 0");

    key("Enter", { ctrlKey: true });
    const preview = await screen.findByTestId("preview");
    const payload = JSON.parse(screen.getByTestId("preview-payload").textContent ?? "") as CorrectionRequest;
    // The preview is the backend's, of the draft saved as the preview was asked for.
    expect(b.checked).toEqual([payload]);
    expect(requestOf(b.saved.at(-1) ?? null)).toEqual(payload);
    expect(payload).toEqual({
      documentId: DOC,
      secciones: [
        { seccion: "ProofAddressObligatorio", estatus: "Aceptada" },
        { seccion: "LegalRepresentativeObligatorio", estatus: "Aceptada", entidadId: REP, entidadReferencia: "María Hernández López" },
        { seccion: "ActaConstitutivaObligatorio", estatus: "Rechazada", comentario: "Falta la hoja 3 del acta" },
      ],
      notificarUsuario: true,
    });
    expect(screen.getByTestId("preview-user-message").textContent).toContain("Falta la hoja 3 del acta");
    expect(preview.textContent).toContain("Secciones a enviar: 3 (aceptadas: 2; rechazadas: 1).");

    const send = screen.getByTestId("send-correction");
    fireEvent.click(send);
    fireEvent.click(send);
    key("Enter");
    await answer.answer(result);
    await screen.findByTestId("correction-result");
    expect(b.sent).toEqual([payload]);
    // The send names the draft and the preview shown, nothing else.
    expect(b.calls.filter((c) => c.cmd === command.send_correction).map((c) => c.args)).toEqual([{ documentId: DOC, previewed: `rev-${b.saved.length}` }]);
    // The backend cleared the draft; the screen wrote nothing after.
    expect(b.draft).toBeNull();
    // The screen tells it was sent (the demo's review tour ends there).
    expect(sentTold).toBeGreaterThan(0);
    // The file's status is read again once sent, so a followed file's row is not stale.
    await waitFor(() =>
      expect(b.calls.filter((c) => c.cmd === command.tracking)).toEqual([{ cmd: command.tracking, args: { flowId: "flujo", rfc: "PLE150301AB2" } }]),
    );
    expect(screen.getByTestId("result-notification").textContent).toBe("Se notificó al usuario.");
    expect(screen.getByTestId("correction-link").textContent).toBe(result.linkCorreccion);
    expect(screen.getByTestId("result-warnings").textContent).toContain("Sección duplicada ignorada");
  });

  it("will not preview what the backend's check refuses: each failure beside its section, and the first section's gets the focus", async () => {
    const b = backend();
    b.failures = [failure("comentario", "required", { section: "ActaConstitutivaObligatorio" }), failure("mensajeGeneral", "too_long", { limit: 1000 })];
    const rows = await open();
    key("a");
    key("j");
    key("j");
    key("r");
    key("Escape");
    key("k");
    key("k");
    expect(document.activeElement).toBe(rows[0]);
    key("Enter", { ctrlKey: true });
    await waitFor(() => expect(document.activeElement).toBe(rows[2]));
    expect(screen.queryByTestId("preview")).toBeNull();
    expect(b.checked).toEqual([
      {
        documentId: DOC,
        secciones: [
          { seccion: "ProofAddressObligatorio", estatus: "Aceptada" },
          { seccion: "ActaConstitutivaObligatorio", estatus: "Rechazada", comentario: "" },
        ],
        notificarUsuario: true,
      },
    ]);
    const commentMissing = "El comentario es obligatorio para rechazar (sección «Acta constitutiva (obligatorio)»).";
    const messageLong = "El campo Mensaje general para el usuario no debe exceder 1000 caracteres.";
    const [all] = screen.getAllByTestId("review-problems");
    expect(
      within(all as HTMLElement)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([commentMissing, messageLong]);
    expect(within(rows[2] as HTMLElement).getByTestId("review-problems").textContent).toBe(commentMissing);
    expect(screen.getByTestId("review-comment").getAttribute("aria-invalid")).toBe("true");
    expect(within(rows[0] as HTMLElement).queryByTestId("review-problems")).toBeNull();
    expect(screen.getByTestId("review-message").closest(".review-general")?.querySelector("[data-testid=review-problems]")?.textContent).toBe(messageLong);

    // Fixed, by the backend's word: the problems go as the edits are checked again.
    b.failures = [];
    fireEvent.change(screen.getByTestId("review-comment"), { target: { value: "Falta la hoja 3" } });
    await waitFor(() => expect(screen.queryByTestId("review-problems")).toBeNull());
    expect(b.checked.at(-1)?.secciones[1]).toMatchObject({ comentario: "Falta la hoja 3" });
    key("Enter", { ctrlKey: true });
    await screen.findByTestId("preview");
    expect(b.sent).toEqual([]);
  });

  it("with nothing decided asks for a decision, not for the rules an empty request breaks", async () => {
    const b = backend();
    b.failures = [failure("secciones", "too_few", { limit: 1, sent: 0 })];
    await open();
    key("Enter", { ctrlKey: true });
    await waitFor(() => expect(screen.getAllByTestId("review-problems")[0]?.textContent).toContain("Acepte o rechace al menos una sección."));
    const [all] = screen.getAllByTestId("review-problems");
    expect(
      within(all as HTMLElement)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Acepte o rechace al menos una sección."]);
    expect(screen.queryByTestId("preview")).toBeNull();
    expect(b.checked).toEqual([{ documentId: DOC, secciones: [], notificarUsuario: true }]);
  });

  it("loses no keystroke made while the request is out, and sends it only once previewed", async () => {
    let answer: { resolve: (value: unknown) => void; reject: (error: unknown) => void } = { resolve: () => {}, reject: () => {} };
    const b = backend(null, tracking, detail, null, () => new Promise((resolve, reject) => (answer = { resolve, reject })));
    await open();
    key("a");
    key("Enter", { ctrlKey: true });
    await screen.findByTestId("preview");
    fireEvent.click(screen.getByTestId("send-correction"));
    await waitFor(() => expect(b.sent).toHaveLength(1));
    // Typed while the request is out: saved as usual.
    fireEvent.change(screen.getByTestId("review-message"), { target: { value: "Gracias" } });
    await waitFor(() => expect(b.draft?.mensajeGeneral).toBe("Gracias"));
    act(() => answer.reject({ code: "server", message: "Error del servicio", details: [], task: null, problems: [] }));
    expect((await screen.findByTestId("error-notice")).dataset.code).toBe("server");
    expect(b.draft?.mensajeGeneral).toBe("Gracias");
    expect(b.discarded).toEqual([]);
    // Sending again what was previewed is refused (the draft changed): the screen shows
    // what the draft makes now, and sends that only when asked.
    fireEvent.click(screen.getByTestId("send-correction"));
    expect(await screen.findByTestId("preview-changed")).toBeTruthy();
    const payload = JSON.parse(screen.getByTestId("preview-payload").textContent ?? "") as CorrectionRequest;
    expect(payload.mensajeGeneral).toBe("Gracias");
    expect(b.sent).toHaveLength(1);
    fireEvent.click(screen.getByTestId("send-correction"));
    await waitFor(() => expect(b.sent).toHaveLength(2));
    expect(b.sent[1]).toEqual(payload);
    act(() => answer.resolve(result));
    await screen.findByTestId("correction-result");
    expect(b.draft).toBeNull();
  });

  it("restores a saved draft without asking and saves each change shortly after it is made", async () => {
    const saved: Draft = {
      documentId: DOC,
      decisions: [{ seccion: "ActaConstitutivaObligatorio", estatus: "Rechazada", comentario: "Hoja 3", entidadId: null, entidadReferencia: null }],
      mensajeGeneral: "Gracias",
      notificarUsuario: false,
      savedAtUtc: "2026-11-22T05:00:00Z",
    };
    const b = backend(saved);
    await open();
    const comment = screen.getByTestId("review-comment");
    expect((comment as HTMLTextAreaElement).value).toBe("Hoja 3");
    expect((screen.getByTestId("review-message") as HTMLTextAreaElement).value).toBe("Gracias");
    expect((screen.getByTestId("review-notify") as HTMLInputElement).checked).toBe(false);
    expect(screen.getByTestId("draft-status").textContent).toContain("Borrador recuperado");
    expect(b.saved).toEqual([]);

    fireEvent.change(comment, { target: { value: "Hoja 3 ilegible" } });
    fireEvent.change(comment, { target: { value: "Hoja 3 ilegible, súbala de nuevo" } });
    await waitFor(() => expect(b.saved).toHaveLength(1));
    expect(b.saved[0]?.decisions[2]).toMatchObject({ estatus: "Rechazada", comentario: "Hoja 3 ilegible, súbala de nuevo" });
    await waitFor(() => expect(screen.getByTestId("draft-status").textContent).toContain("Borrador guardado"));
  });

  it("starts over on request, throwing the draft away, and undoes that until the next change", async () => {
    const b = backend();
    const rows = await open();
    expect(screen.queryByTestId("start-over")).toBeNull(); // nothing to throw away yet
    key("a");
    key("j");
    key("r");
    fireEvent.change(await screen.findByTestId("review-comment"), { target: { value: "Ilegible" } });
    await waitFor(() => expect(b.saved).toHaveLength(1));

    fireEvent.click(screen.getByTestId("start-over"));
    expect(screen.getByTestId("review-tally").textContent).toBe("Aceptadas: 0 · Rechazadas: 0 · Sin decidir: 3");
    expect(rows.map((row) => row.dataset.verdict)).toEqual(["", "", ""]);
    await waitFor(() => expect(b.discarded).toEqual([DOC]));
    expect(screen.getByTestId("draft-status").textContent).toBe("Decisiones descartadas");

    fireEvent.click(screen.getByTestId("undo-start-over"));
    expect(screen.getByTestId("review-tally").textContent).toBe("Aceptadas: 1 · Rechazadas: 1 · Sin decidir: 1");
    expect((screen.getByTestId("review-comment") as HTMLTextAreaElement).value).toBe("Ilegible");
    await waitFor(() => expect(b.saved).toHaveLength(2));
    expect(b.saved[1]).toMatchObject({ decisions: b.saved[0]?.decisions });
    expect(screen.queryByTestId("undo-start-over")).toBeNull();
    expect(screen.getByTestId("start-over")).toBeTruthy();
  });

  it("counts comments and the general message against the limits the app's info gives", async () => {
    backend();
    const rows = await open({ commentMaxChars: 5, messageMaxChars: 8 });
    key("r");
    const comment = await screen.findByTestId("review-comment");
    fireEvent.change(comment, { target: { value: "Ilegible" } });
    const counter = rows[0]?.querySelector("[data-testid=counter]");
    expect(counter?.textContent).toBe("8 / 5");
    expect(counter?.classList.contains("over")).toBe(true);
    fireEvent.change(screen.getByTestId("review-message"), { target: { value: "Gracias" } });
    expect(screen.getByTestId("review-message").parentElement?.querySelector("[data-testid=counter]")?.textContent).toBe("7 / 8");
  });

  it("offers each section the entities of the kind the backend read for it, and names it from the parts read", async () => {
    backend(null, {
      ...tracking,
      sections: [
        // Read as about the whole file, whatever its name suggests.
        tracked("LegalRepresentativeObligatorio", "Completado", { entity: null }),
        // Read as about a representative, though its name is no base the app knows.
        tracked("FormularioApoderado", "Pendiente", { entity: "Representante" }),
        tracked("BankStatementLimit:3", "Pendiente", { name: "BankStatement", base: "BankStatement", limit: 3 }),
      ],
    });
    const rows = await open();
    expect(rows[0]?.querySelector("select")).toBeNull();
    expect(rows[1]?.querySelector("select")?.value).toBe(REP);
    expect(rows[0]?.querySelector(".section-name")?.textContent).toBe("LegalRepresentativeObligatorio");
    expect(rows[1]?.querySelector(".section-name")?.textContent).toBe("FormularioApoderado");
    expect(rows[2]?.querySelector(".section-name")?.textContent).toBe("Estado de cuenta (hasta 3) BankStatementLimit:3");
  });

  it("leaves no draft behind when every decision is taken back", async () => {
    const b = backend();
    await open();
    const accept = screen.getAllByTestId("accept")[0] as HTMLElement;
    fireEvent.click(accept);
    fireEvent.click(accept); // pressed again, the acceptance is taken back
    act(() => cleanup());
    expect(b.saved).toEqual([]);
    expect(b.discarded).toEqual([DOC]);
  });

  it("writes a pending change at once when the screen closes", async () => {
    const b = backend();
    await open();
    key("a");
    act(() => cleanup());
    expect(b.saved).toHaveLength(1);
    expect(b.saved[0]?.decisions[0]?.estatus).toBe("Aceptada");
  });
});

describe("a correction request whose outcome is unknown", () => {
  const unknownOutcome = { code: "outcome_unknown", message: "Se perdió la conexión tras enviar", details: [] };
  const applied: FileTracking = {
    ...tracking,
    sections: [
      tracked("ProofAddressObligatorio", "Aceptado", { base: "ProofAddress", modifier: "Obligatorio" }),
      tracked("LegalRepresentativeObligatorio", "Completado", { base: "LegalRepresentative", modifier: "Obligatorio", entity: "Representante" }),
      tracked("ActaConstitutivaObligatorio", "Rechazado", { base: "ActaConstitutiva", modifier: "Obligatorio" }, "Ilegible"),
    ],
  };

  /** The request's answers in turn, and the tracking reads after the first. */
  function uncertain(answers: unknown[], rereads: (() => unknown)[]) {
    const b = { trackings: 0, ...newCore() };
    let releaseRead: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      releaseRead = resolve;
    });
    const send = () => {
      const answer = answers[b.sent.length - 1];
      if (answer && typeof answer === "object" && "code" in answer) return Promise.reject(answer);
      return answer;
    };
    mockIPC(async (cmd, args) => {
      switch (cmd) {
        case command.review_material:
          b.trackings += 1;
          return material();
        case command.tracking: {
          b.trackings += 1;
          await gate;
          return rereads[b.trackings - 2]?.();
        }
        default: {
          const answered = draftCommand(b, cmd, args, send);
          if (answered === NOT_A_DRAFT_COMMAND) throw new Error(`unexpected ${cmd}`);
          return answered;
        }
      }
    });
    return { b, releaseRead };
  }

  async function decideAndPreview() {
    await open();
    key("a");
    key("j");
    key("j");
    key("r");
    fireEvent.change(await screen.findByTestId("review-comment"), { target: { value: "Ilegible" } });
    key("Enter", { ctrlKey: true });
    await screen.findByTestId("preview");
  }

  it("never says to try again: it reads the tracking, shows each sent section's status, then offers to send again", async () => {
    const halfway: FileTracking = {
      ...applied,
      sections: [
        applied.sections[0]!,
        tracked("ActaConstitutivaObligatorio", "Requiere Atención", { base: "ActaConstitutiva", modifier: "Obligatorio" }, "Falta la hoja 3"),
      ],
    };
    const { b, releaseRead } = uncertain([unknownOutcome, result], [() => halfway]);
    await decideAndPreview();
    fireEvent.click(screen.getByTestId("send-correction"));
    const notice = await screen.findByTestId("outcome-unknown");
    expect(notice.textContent).toContain("Resultado desconocido: la solicitud pudo haberse aplicado.");
    expect(screen.getByTestId("preview").textContent).not.toMatch(/intente de nuevo|vuelva a intentar/i);
    // While the tracking is read again, nothing can be sent.
    expect(screen.getByTestId("reread-reading")).toBeTruthy();
    expect((screen.getByTestId("send-correction") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId("send-correction"));
    act(() => releaseRead());

    const rows = within(await screen.findByTestId("reread-sections")).getAllByRole("listitem");
    expect(rows.map((li) => li.textContent)).toEqual([
      "Comprobante de domicilio (obligatorio) ProofAddressObligatorio: se envió Aceptada; el seguimiento dice Aceptado",
      "Acta constitutiva (obligatorio) ActaConstitutivaObligatorio: se envió Rechazada; el seguimiento dice Requiere Atención · Falta la hoja 3",
    ]);
    expect(rows.map((li) => li.dataset.applied)).toEqual(["true", "false"]);
    expect(screen.getByTestId("reread-verdict").textContent).toContain("Las decisiones no aparecen aplicadas");
    const again = screen.getByTestId("send-correction") as HTMLButtonElement;
    expect(again.disabled).toBe(false);
    expect(again.textContent).toBe("Enviar de nuevo");
    expect(b.sent).toHaveLength(1);
    // The draft was kept as saved, never thrown away.
    expect(b.discarded).toEqual([]);
    expect(b.draft?.decisions[2]).toMatchObject({ estatus: "Rechazada", comentario: "Ilegible" });

    fireEvent.click(again);
    await screen.findByTestId("correction-result");
    expect(b.sent).toHaveLength(2);
  });

  it("says the decisions appear applied when every sent section has its status", async () => {
    const { releaseRead } = uncertain([unknownOutcome], [() => applied]);
    releaseRead();
    await decideAndPreview();
    fireEvent.click(screen.getByTestId("send-correction"));
    expect((await screen.findByTestId("reread-verdict")).textContent).toBe(
      "Las decisiones aparecen aplicadas: el servicio recibió la solicitud y no hace falta enviarla de nuevo.",
    );
  });

  it("when the tracking cannot be read either, sends again only after a second, explicit confirmation", async () => {
    const down = () => {
      throw { code: "network", message: "Sin conexión", details: [] };
    };
    const { b, releaseRead } = uncertain([unknownOutcome, result], [down]);
    releaseRead();
    await decideAndPreview();
    fireEvent.click(screen.getByTestId("send-correction"));
    expect((await screen.findByTestId("reread-failed")).textContent).toContain("sigue sin saberse si la solicitud se aplicó");
    const again = screen.getByTestId("send-correction");
    expect(again.textContent).toBe("Enviar de nuevo…");
    fireEvent.click(again);
    expect(b.sent).toHaveLength(1);
    expect(screen.getByTestId("send-again-warning").textContent).toContain("enviarla otra vez la repite");
    expect(again.textContent).toBe("Sí, enviar de nuevo");
    fireEvent.click(again);
    await screen.findByTestId("correction-result");
    expect(b.sent).toHaveLength(2);
  });

  it("says a request already on its way is being sent, and keeps the draft", async () => {
    const { b } = uncertain([{ code: "in_flight", message: "La misma solicitud ya se está enviando", details: [] }], []);
    await decideAndPreview();
    fireEvent.click(screen.getByTestId("send-correction"));
    const notice = await screen.findByTestId("error-notice");
    expect(notice.dataset.code).toBe("in_flight");
    expect(notice.textContent).toContain("Esta misma operación ya se está enviando.");
    expect(screen.queryByTestId("outcome-unknown")).toBeNull();
    expect(b.trackings).toBe(1);
    expect(b.discarded).toEqual([]);
    expect(screen.getByTestId("send-correction").textContent).toBe("Enviar solicitud");
  });
});

describe("a review on sparse answers", () => {
  function sparseBackend(answer: FileTracking) {
    const core = newCore();
    mockIPC((cmd, args) => {
      if (cmd === command.review_material) return { ...sparse.reviewMaterial, tracking: answer };
      const answered = draftCommand(core, cmd, args, () => sparse.correctionResult);
      if (answered === NOT_A_DRAFT_COMMAND) throw new Error(`unexpected ${cmd}`);
      return answered;
    });
  }

  it("says there is nothing to review when the tracking lists no section", async () => {
    const check = watchSparse();
    sparseBackend(sparse.fileTracking);
    render(
      <I18nProvider>
        <GivenInfo>
          <ReviewView flowId="flujo" rfc="XAXX010101000" documentId={DOC} onBack={() => {}} onDone={() => {}} />
        </GivenInfo>
      </I18nProvider>,
    );
    expect(await screen.findByText("Este expediente no tiene secciones que revisar.")).toBeTruthy();
    check.expectShown();
  });

  it("previews and sends a decision, then shows a sparse outcome with dashes", async () => {
    const check = watchSparse();
    sparseBackend({
      ...sparse.fileTracking,
      sections: [tracked("LegalRepresentativeObligatorio", "Completado", { base: "LegalRepresentative", modifier: "Obligatorio", entity: "Representante" })],
    });
    const rows = await open();
    // The entities the service sent without an Id cannot be named by a decision.
    expect(rows[0]?.querySelector("select")).toBeNull();
    check.expectShown();
    key("a");
    key("Enter", { ctrlKey: true });
    await screen.findByTestId("preview");
    check.expectShown();
    fireEvent.click(screen.getByTestId("send-correction"));
    const outcome = await screen.findByTestId("correction-result");
    expect(screen.getByTestId("result-accepted").textContent).toBe("Aceptadas: —");
    expect(screen.getByTestId("result-notification").textContent).toBe("El servicio no dijo si notificó al usuario.");
    expect(outcome.querySelector("tbody tr")?.textContent).toBe("——— (—)—");
    check.expectShown();
  });

  it("says at once that a decision needs its entity, and one key chooses it", async () => {
    const second = "9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
    const two: DetailV2 = {
      ...detail,
      Entidades: [...detail.Entidades, { Tipo: "Representante", Referencia: "Jorge Pérez Ruiz", Id: second, Datos: NO_DATA, Validaciones: [] }],
    };
    backend(null, tracking, two);
    const rows = await open();
    key("j"); // the representative's section: two representatives, none chosen
    expect(rows[1]?.querySelector("select")?.value).toBe("");
    expect(within(rows[1] as HTMLElement).queryByTestId("entity-needed")).toBeNull();
    key("r");
    const comment = await within(rows[1] as HTMLElement).findByTestId("review-comment");
    expect(within(rows[1] as HTMLElement).getByTestId("entity-needed").textContent).toContain("Elija a quién se refiere");
    fireEvent.change(comment, { target: { value: "La identificación está vencida" } });
    key("Escape", {}); // leaves the comment…
    await waitFor(() => expect(document.activeElement).not.toBe(comment));
    // …and the review moved on; back on the representative's row, "2" names the second.
    act(() => (rows[1] as HTMLElement).focus());
    key("2");
    expect(rows[1]?.querySelector("select")?.value).toBe(second);
    expect(within(rows[1] as HTMLElement).queryByTestId("entity-needed")).toBeNull();
    // The list shows each choice's number.
    expect([...(rows[1]?.querySelectorAll("[data-testid=review-entity] option") ?? [])].map((o) => o.textContent)).toEqual([
      "Sin especificar",
      "1. María Hernández López",
      "2. Jorge Pérez Ruiz",
    ]);
  });

  it("says in the preview which undecided sections are not sent, by their names", async () => {
    backend();
    await open();
    key("a");
    key("Enter", { ctrlKey: true });
    const undecided = await screen.findByTestId("preview-undecided");
    expect(undecided.textContent).toContain("2 secciones sin decidir no se envían: Representante legal (obligatorio)");
    expect(undecided.textContent).toContain("Acta constitutiva (obligatorio)");
    expect(undecided.textContent).not.toContain("Comprobante de domicilio");
  });

  it("opens the answer at its title, scrolled to the top, with the focus on it", async () => {
    backend();
    const scroller = document.createElement("main");
    scroller.className = "content";
    document.body.appendChild(scroller);
    const scrolled: unknown[] = [];
    scroller.scrollTo = ((options: unknown) => scrolled.push(options)) as typeof scroller.scrollTo;
    render(
      <I18nProvider>
        <GivenInfo>
          <ReviewView flowId="flujo" rfc="PLE150301AB2" documentId={DOC} onBack={() => {}} onDone={() => {}} />
        </GivenInfo>
      </I18nProvider>,
      { container: scroller },
    );
    const rows = await screen.findAllByTestId("review-section");
    await waitFor(() => expect(document.activeElement).toBe(rows[0]));
    key("a");
    key("Enter", { ctrlKey: true });
    fireEvent.click(await screen.findByTestId("send-correction"));
    const title = await screen.findByTestId("result-title", {});
    expect(document.activeElement).toBe(title);
    expect(scrolled).toContainEqual({ top: 0 });
    scroller.remove();
  });

  it("offers ready-made reasons for a rejected section, walked by keyboard and put in a comment that stays editable only on Enter", async () => {
    backend();
    const rows = await open();
    key("r"); // reject the proof of address: the cursor goes to its comment
    const comment = await within(rows[0] as HTMLElement).findByTestId("review-comment");
    expect(document.activeElement).toBe(comment);
    key("Escape"); // nothing written: back to the section
    expect(document.activeElement).toBe(rows[0]);
    key("m");
    const picker = within(rows[0] as HTMLElement).getByTestId("reason-picker") as HTMLInputElement;
    expect(document.activeElement).toBe(picker);
    expect(picker.getAttribute("role")).toBe("combobox");
    expect(picker.getAttribute("aria-expanded")).toBe("true");
    const options = () => within(rows[0] as HTMLElement).getAllByTestId("reason-option");
    expect(options()[0]?.textContent).toBe("El comprobante de domicilio tiene más de tres meses: suba uno reciente.");
    // The arrows only move: nothing is inserted until Enter.
    key("ArrowDown");
    key("ArrowDown");
    key("ArrowUp");
    expect((comment as HTMLTextAreaElement).value).toBe("");
    expect(options()[1]?.getAttribute("aria-selected")).toBe("true");
    expect(picker.getAttribute("aria-activedescendant")).toBe(options()[1]?.id);
    const chosen = options()[1]?.textContent ?? "";
    key("Enter");
    await waitFor(() => expect(document.activeElement).toBe(comment));
    expect((comment as HTMLTextAreaElement).value).toBe(chosen);
    fireEvent.change(comment, { target: { value: `${chosen} Debe estar a nombre de la empresa.` } });
    key("Enter", { ctrlKey: true });
    await screen.findByTestId("preview");
    const payload = JSON.parse(screen.getByTestId("preview-payload").textContent ?? "") as CorrectionRequest;
    expect(payload.secciones[0]?.comentario).toBe(`${chosen} Debe estar a nombre de la empresa.`);
  });

  it("brings a rejected section whole into view, its comment's counter included", async () => {
    backend();
    const rows = await open();
    const scrolled: Element[] = [];
    const before = HTMLElement.prototype.scrollIntoView;
    HTMLElement.prototype.scrollIntoView = function (this: HTMLElement) {
      scrolled.push(this);
    };
    try {
      key("j");
      scrolled.length = 0;
      key("r");
      await waitFor(() => expect(document.activeElement).toBe(within(rows[1] as HTMLElement).getByTestId("review-comment")));
      expect(scrolled).toContain(rows[1]);
      expect(rows[1]?.contains(within(rows[1] as HTMLElement).getByTestId("counter"))).toBe(true);
    } finally {
      HTMLElement.prototype.scrollIntoView = before;
    }
  });

  it("finds a reason by any of its words as it is typed, and Escape clears what was typed before leaving", async () => {
    backend();
    const rows = await open();
    key("r");
    await within(rows[0] as HTMLElement).findByTestId("review-comment");
    key("m", { ctrlKey: true });
    const picker = within(rows[0] as HTMLElement).getByTestId("reason-picker") as HTMLInputElement;
    // "nombre" is no reason's first word: five of them begin with "El".
    fireEvent.change(picker, { target: { value: "nombre empr" } });
    const shown = within(rows[0] as HTMLElement).getAllByTestId("reason-option");
    expect(shown.map((o) => o.textContent)).toEqual(["El comprobante no está a nombre de la empresa."]);
    key("Escape");
    expect(picker.value).toBe("");
    expect(document.activeElement).toBe(picker);
    key("Escape");
    expect(document.activeElement).toBe(rows[0]);
  });

  it("opens the preview as a modal dialog on its safe choice, keep editing, so Enter alone sends nothing", async () => {
    const b = backend();
    await open();
    key("a");
    key("Enter", { ctrlKey: true });
    const preview = await screen.findByTestId("preview");
    expectModal(preview);
    expect(document.activeElement?.textContent).toBe("Seguir editando");
    fireEvent.click(document.activeElement as HTMLElement);
    await waitFor(() => expect(screen.queryByTestId("preview")).toBeNull());
    expect(b.sent).toEqual([]);
  });

  it("starts a rejection with its reasons open on m from an undecided section", async () => {
    backend();
    const rows = await open();
    key("m");
    const picker = await within(rows[0] as HTMLElement).findByTestId("reason-picker");
    await waitFor(() => expect(document.activeElement).toBe(picker));
    expect(rows[0]?.getAttribute("data-verdict")).toBe("Rechazada");
    expect(picker.getAttribute("aria-expanded")).toBe("true");
  });

  it("writes to the customer in Spanish while the window is in English, with the translation beside and the preview saying so", async () => {
    startWithPreferences({ language: "en" });
    try {
      backend();
      const rows = await open();
      key("m");
      const picker = await within(rows[0] as HTMLElement).findByTestId("reason-picker");
      await waitFor(() => expect(document.activeElement).toBe(picker));
      const first = within(rows[0] as HTMLElement).getAllByTestId("reason-option")[0] as HTMLElement;
      expect(first.querySelector("[lang=es-MX]")?.textContent).toBe("El comprobante de domicilio tiene más de tres meses: suba uno reciente.");
      expect(first.textContent).toContain("The proof of address is more than three months old: upload a recent one.");
      expect(within(rows[0] as HTMLElement).getByTestId("reason-reader").textContent).toBe("The customer reads it in Spanish.");
      key("Enter");
      const comment = within(rows[0] as HTMLElement).getByTestId("review-comment") as HTMLTextAreaElement;
      await waitFor(() => expect(comment.value).toBe("El comprobante de domicilio tiene más de tres meses: suba uno reciente."));
      key("Enter", { ctrlKey: true });
      await screen.findByTestId("preview");
      expect(screen.getByTestId("preview-reader").textContent).toBe("The customer reads the comments and the message in Spanish.");
    } finally {
      startWithPreferences();
    }
  });

  it("opens the reasons with Ctrl+M from inside the comment, where a plain m is typed", async () => {
    backend();
    const rows = await open();
    key("r");
    const comment = await within(rows[0] as HTMLElement).findByTestId("review-comment");
    key("m");
    expect(document.activeElement).toBe(comment);
    key("m", { ctrlKey: true });
    expect(document.activeElement).toBe(within(rows[0] as HTMLElement).getByTestId("reason-picker"));
  });

  it("chooses the 12th of 20 entities with two digits typed quickly", async () => {
    const many = Array.from({ length: 20 }, (_, n) => ({
      Tipo: "Representante" as const,
      Referencia: `Representante ${n + 1}`,
      Id: `5a4e3c2b-1d0f-4e9a-8b7c-${String(n).padStart(12, "0")}`,
      Datos: NO_DATA,
      Validaciones: [],
    }));
    backend(null, tracking, { ...detail, Entidades: many });
    const rows = await open();
    key("j");
    const select = rows[1]?.querySelector("select") as HTMLSelectElement;
    expect(select.options[12]?.textContent).toBe("12. Representante 12");
    key("1");
    key("2");
    expect(select.value).toBe(many[11]?.Id);
    key("9");
    await waitFor(() => expect(select.value).toBe(many[8]?.Id));
  });

  it("offers the profile's own reasons where it edited them", async () => {
    backend();
    render(
      <I18nProvider>
        <GivenInfo>
          <ReviewView
            flowId="flujo"
            rfc="PLE150301AB2"
            documentId={DOC}
            profile={{ reasons: { ProofAddress: ["Es de otra ciudad."] } }}
            onBack={() => {}}
            onDone={() => {}}
          />
        </GivenInfo>
      </I18nProvider>,
    );
    const rows = await screen.findAllByTestId("review-section");
    await waitFor(() => expect(document.activeElement).toBe(rows[0]));
    key("r");
    await within(rows[0] as HTMLElement).findByTestId("reason-picker");
    expect(within(rows[0] as HTMLElement).getAllByTestId("reason-option")[0]?.textContent).toBe("Es de otra ciudad.");
  });
});

describe("the review beside its evidence", () => {
  const edited = finding("document_edited", "high", { subject: "Comprobante de domicilio", document: 0, codes: ["FONT-02", "EDIT-01"] });
  const mismatch = finding("name_mismatch", "medium", { subject: "María Hernández López", entity: 0, count: 3 });
  const evidence = fileEvidence(
    [
      sectionEvidence("ProofAddressObligatorio", { rule: "proof_of_address", findings: [edited] }),
      sectionEvidence("LegalRepresentativeObligatorio", { rule: "person", entities: [0], findings: [mismatch] }),
      sectionEvidence("ActaConstitutivaObligatorio"),
    ],
    0,
    1,
  );

  function withAcknowledgement(answer: () => unknown, saved: Draft | null = null) {
    const asked: unknown[] = [];
    const core = newCore(saved);
    mockIPC((cmd, args) => {
      if (cmd === command.acknowledge_findings) {
        asked.push(args);
        return answer();
      }
      if (cmd === command.review_material) return { tracking, detail: { version: "2", detail }, evidence };
      const answered = draftCommand(core, cmd, args, () => result);
      if (answered === NOT_A_DRAFT_COMMAND) throw new Error(`unexpected ${cmd}`);
      return answered;
    });
    return asked;
  }

  it("asks for the acknowledgement a restored draft's accepted section never had, before the preview", async () => {
    const saved: Draft = {
      documentId: DOC,
      decisions: [
        { seccion: "ProofAddressObligatorio", estatus: "Aceptada", comentario: "", entidadId: null, entidadReferencia: null },
        { seccion: "LegalRepresentativeObligatorio", estatus: null, comentario: "", entidadId: REP, entidadReferencia: "María Hernández López" },
        { seccion: "ActaConstitutivaObligatorio", estatus: null, comentario: "", entidadId: null, entidadReferencia: null },
      ],
      notificarUsuario: true,
      mensajeGeneral: "",
      savedAtUtc: "2026-11-22T05:00:00Z",
    };
    const asked = withAcknowledgement(() => null, saved);
    const rows = await open();
    expect(rows[0]?.dataset.verdict).toBe("Aceptada");
    key("Enter", { ctrlKey: true });
    await screen.findByTestId("confirm");
    expect(screen.queryByTestId("preview")).toBeNull();
    fireEvent.click(screen.getByTestId("ack-seen"));
    fireEvent.click(screen.getByTestId("confirm-action"));
    await waitFor(() => expect(asked).toEqual([{ documentId: DOC, section: "ProofAddressObligatorio" }]));
    expect(rows[0]?.dataset.verdict).toBe("Aceptada");
    await waitFor(() => expect(screen.queryByTestId("confirm")).toBeNull());
    key("Enter", { ctrlKey: true });
    expect(await screen.findByTestId("preview")).toBeTruthy();
  });

  it("offers first the reason of the section's finding: an altered document, m from the undecided section", async () => {
    backend(null, tracking, detail, evidence);
    const rows = await open();
    key("m");
    const picker = await within(rows[0] as HTMLElement).findByTestId("reason-picker");
    await waitFor(() => expect(document.activeElement).toBe(picker));
    const options = within(rows[0] as HTMLElement).getAllByTestId("reason-option");
    expect(options[0]?.textContent).toBe(
      "El documento muestra señales de alteración o edición: suba el documento original, tal como lo emitió la institución, sin modificaciones.",
    );
    expect(options[0]?.getAttribute("aria-selected")).toBe("true");
    key("Enter");
    const comment = within(rows[0] as HTMLElement).getByTestId("review-comment") as HTMLTextAreaElement;
    await waitFor(() => expect(document.activeElement).toBe(comment));
    expect(comment.value).toMatch(/^El documento muestra señales de alteración/);
  });

  it("moves the focus to the section's document with v and back, the evidence staying on that section", async () => {
    backend(null, tracking, detail, evidence);
    const rows = await open();
    key("j");
    expect(screen.getByTestId("evidence-pane").dataset.section).toBe("LegalRepresentativeObligatorio");
    key("v");
    const pane = screen.getByTestId("evidence-pane");
    expect(pane.parentElement?.contains(document.activeElement)).toBe(true);
    // The review's keys wait while the focus is in the evidence: j does not change the
    // section under the document, nor a accept it.
    key("j");
    key("a");
    expect(screen.getByTestId("evidence-pane").dataset.section).toBe("LegalRepresentativeObligatorio");
    expect(rows[1]?.dataset.verdict).toBe("");
    key("v");
    expect(document.activeElement).toBe(rows[1]);
    expect(screen.getByTestId("evidence-pane").dataset.section).toBe("LegalRepresentativeObligatorio");
  });

  it("widens the evidence to a reading width with its switch or Shift+W", async () => {
    backend(null, tracking, detail, evidence);
    await open();
    const split = document.querySelector(".review-split") as HTMLElement;
    const toggle = screen.getByTestId("evidence-reading");
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    key("W", { shiftKey: true });
    expect(split.classList.contains("reading")).toBe(true);
    expect(screen.getByTestId("evidence-reading").getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByTestId("evidence-reading"));
    expect(split.classList.contains("reading")).toBe(false);
  });

  it("marks each flagged row, shows the focused section's evidence, and j switches it", async () => {
    backend(null, tracking, detail, evidence);
    const rows = await open();
    const badge = within(rows[0] as HTMLElement).getByTestId("finding-badge");
    expect(badge.textContent).toBe("Documento editado");
    expect(badge.dataset.severity).toBe("high");
    expect(within(rows[1] as HTMLElement).getByTestId("finding-badge").textContent).toBe("3 diferencias con la autoridad");
    expect(within(rows[2] as HTMLElement).queryByTestId("finding-badge")).toBeNull();
    const pane = screen.getByTestId("evidence-pane");
    expect(pane.dataset.section).toBe("ProofAddressObligatorio");
    expect(pane.textContent).toContain("Documento editado · Comprobante de domicilio (FONT-02, EDIT-01)");
    key("j");
    expect(screen.getByTestId("evidence-pane").dataset.section).toBe("LegalRepresentativeObligatorio");
    expect(screen.getByTestId("entity-card").textContent).toContain("María Hernández López");
    key("j");
    expect(screen.getByTestId("evidence-none").textContent).toContain("No se conoce evidencia");
    expect(screen.getByTestId("risk-summary").textContent).toContain("Riesgo Alto");
    // n walks the sections with findings, from the top again past the last.
    key("n");
    expect(document.activeElement).toBe(rows[0]);
    key("n");
    expect(document.activeElement).toBe(rows[1]);
  });

  it("asks to acknowledge a high finding before accepting, records it first, then accepts and moves on", async () => {
    const asked = withAcknowledgement(() => null);
    const rows = await open();
    key("a");
    const dialog = await screen.findByTestId("confirm");
    expect(dialog.textContent).toContain("Documento editado · Comprobante de domicilio (FONT-02, EDIT-01)");
    expect(rows[0]?.dataset.verdict).toBe("");
    const confirm = screen.getByTestId("confirm-action") as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(screen.getByTestId("ack-seen"));
    fireEvent.click(confirm);
    await waitFor(() => expect(rows[0]?.dataset.verdict).toBe("Aceptada"));
    // The backend records the findings it found itself: the window names the section only.
    expect(asked).toEqual([{ documentId: DOC, section: "ProofAddressObligatorio" }]);
    expect(screen.queryByTestId("confirm")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(rows[1]));
    // Acknowledged once in this review: taking it back and accepting again asks no more.
    key("k");
    fireEvent.click(within(rows[0] as HTMLElement).getByTestId("accept"));
    fireEvent.click(within(rows[0] as HTMLElement).getByTestId("accept"));
    expect(screen.queryByTestId("confirm")).toBeNull();
    expect(rows[0]?.dataset.verdict).toBe("Aceptada");
  });

  it("judges a focused section's documents, and a document it will not show is a finding the acceptance asks about", async () => {
    const withFile = { ...evidence, documents: [{ file: "h-deed" }] };
    const acta = sectionEvidence("ActaConstitutivaObligatorio", { rule: "deed", documents: [0] });
    withFile.sections = [evidence.sections[0] as SectionEvidence, evidence.sections[1] as SectionEvidence, acta];
    const judged: unknown[] = [];
    const core = newCore(null);
    mockIPC((cmd, args) => {
      if (cmd === command.review_material) return { tracking, detail: { version: "2", detail }, evidence: withFile };
      if (cmd === command.judge_section) {
        judged.push(args);
        const damaged = finding("document_unreadable", "high", { document: 0, codes: ["damaged"] });
        return { ...acta, findings: [damaged], needsAcknowledgement: true };
      }
      const answered = draftCommand(core, cmd, args, () => result);
      if (answered === NOT_A_DRAFT_COMMAND) throw new Error(`unexpected ${cmd}`);
      return answered;
    });
    const rows = await open();
    // Only a section with a file to judge is asked about, once it is focused.
    expect(judged).toEqual([]);
    key("j");
    key("j");
    await waitFor(() => expect(judged).toEqual([{ documentId: DOC, section: "ActaConstitutivaObligatorio" }]));
    const badge = await within(rows[2] as HTMLElement).findByTestId("finding-badge");
    expect(badge.textContent).toBe("Documento que no se puede mostrar");
    key("a");
    const dialog = await screen.findByTestId("confirm");
    expect(dialog.textContent).toContain("Documento que no se puede mostrar · documento 1 del expediente: está dañado: termina antes de su final");
    expect(rows[2]?.dataset.verdict).toBe("");
    key("Escape");
    await waitFor(() => expect(screen.queryByTestId("confirm")).toBeNull());
    key("k");
    key("j");
    // Judged once a review: the answer stands.
    expect(judged).toHaveLength(1);
  });

  it("leaves the section undecided when the acknowledgement is cancelled or cannot be recorded", async () => {
    withAcknowledgement(() => Promise.reject({ code: "team_unreachable", message: "", details: [], task: null, problems: [] }));
    const rows = await open();
    fireEvent.click(within(rows[0] as HTMLElement).getByTestId("accept"));
    await screen.findByTestId("confirm");
    key("Escape");
    expect(screen.queryByTestId("confirm")).toBeNull();
    expect(rows[0]?.dataset.verdict).toBe("");
    fireEvent.click(within(rows[0] as HTMLElement).getByTestId("accept"));
    fireEvent.click(await screen.findByTestId("ack-seen"));
    fireEvent.click(screen.getByTestId("confirm-action"));
    expect((await screen.findByTestId("error-notice")).dataset.code).toBe("team_unreachable");
    expect(rows[0]?.dataset.verdict).toBe("");
  });

  it("opens the evidence in another window that follows j/k and closes with the review", async () => {
    const told: string[] = [];
    const windows: string[] = [];
    mockIPC((cmd, args) => {
      if (cmd === command.review_material) return { tracking, detail: { version: "2", detail }, evidence };
      if (cmd === command.load_draft) return null;
      if (cmd === command.open_evidence_window || cmd === command.close_evidence_window) {
        windows.push(cmd);
        return null;
      }
      if (cmd === command.show_evidence) {
        told.push((args as { view: { section: { section: string } | null } }).view.section?.section ?? "");
        return null;
      }
      throw new Error(`unexpected ${cmd}`);
    });
    const { unmount } = render(
      <I18nProvider>
        <GivenInfo>
          <ReviewView flowId="flujo" rfc="PLE150301AB2" documentId={DOC} onBack={() => {}} onDone={() => {}} />
        </GivenInfo>
      </I18nProvider>,
    );
    const rows = await screen.findAllByTestId("review-section");
    await waitFor(() => expect(document.activeElement).toBe(rows[0]));
    key("E", { shiftKey: true });
    await waitFor(() => expect(windows).toEqual([command.open_evidence_window]));
    await waitFor(() => expect(told.at(-1)).toBe("ProofAddressObligatorio"));
    key("j");
    await waitFor(() => expect(told.at(-1)).toBe("LegalRepresentativeObligatorio"));
    unmount();
    expect(windows).toEqual([command.open_evidence_window, command.close_evidence_window]);
  });
});

describe("after a send", () => {
  it("offers the next file under review, the one that waited longest, and opens it", async () => {
    const waiting = (rfc: string, at: string, documentId: string) =>
      watchedFile(rfc, {
        documentId,
        companyName: `Empresa ${rfc}`,
        documentStatus: "En Revisión",
        statusCategory: "in_review",
        updatedAtUtc: at,
        sections: { total: 3, accepted: 0, rejected: 0, needsUser: 0, inReview: 3 },
      });
    const core = newCore();
    mockIPC((cmd, args) => {
      if (cmd === command.review_material) return material();
      if (cmd === command.watchlist)
        return [
          waiting("PLE150301AB2", "2026-11-01T10:00:00Z", DOC),
          waiting("TNO180101XY9", "2026-12-02T10:00:00Z", "doc-tno"),
          waiting("CMA990101ZZ1", "2026-11-20T10:00:00Z", "doc-cma"),
        ];
      const answered = draftCommand(core, cmd, args, () => result);
      if (answered === NOT_A_DRAFT_COMMAND) throw new Error(`unexpected ${cmd}`);
      return answered;
    });
    const opened: unknown[] = [];
    render(
      <I18nProvider>
        <GivenInfo>
          <ReviewView flowId="flujo" rfc="PLE150301AB2" documentId={DOC} onBack={() => {}} onDone={() => {}} onNext={(file) => opened.push(file)} />
        </GivenInfo>
      </I18nProvider>,
    );
    const rows = await screen.findAllByTestId("review-section");
    await waitFor(() => expect(document.activeElement).toBe(rows[0]));
    key("a");
    key("Enter", { ctrlKey: true });
    await screen.findByTestId("preview");
    fireEvent.click(screen.getByTestId("send-correction"));
    const next = await screen.findByTestId("next-file");
    expect(next.textContent).toBe("Revisar el siguiente: Empresa CMA990101ZZ1");
    fireEvent.click(next);
    expect(opened).toEqual([expect.objectContaining({ rfc: "CMA990101ZZ1", documentId: "doc-cma" })]);
  });
});

describe("the review in a team", () => {
  it("shows the file's notes, a supervisor's question among them, and adds the analyst's answer there", async () => {
    const notes = [{ id: 1, member: "jefa@kybdesk.mx", at: "2026-12-04T16:00:00Z", body: "@ana ¿lo rechazamos?" }];
    const added: unknown[] = [];
    const core = newCore();
    team((cmd, args) => {
      if (cmd === command.review_material) return material();
      if (cmd === command.claim_file) return { documentId: DOC, member: "ana@kybdesk.mx", since: "2026-12-04T16:00:00Z", leaseUntil: "2026-12-04T16:01:30Z" };
      if (cmd === command.release_file) return null;
      if (cmd === command.file_notes) return [...notes];
      if (cmd === command.team_members) return [{ login: "ana@kybdesk.mx" }, { login: "jefa@kybdesk.mx" }];
      if (cmd === command.add_note) {
        added.push(args);
        notes.push({ id: 2, member: "ana@kybdesk.mx", at: "2026-12-04T16:05:00Z", body: String(args.body) });
        return null;
      }
      const answered = draftCommand(core, cmd, args, () => result);
      if (answered === NOT_A_DRAFT_COMMAND) throw new Error(`unexpected ${cmd}`);
      return answered;
    });
    shown(
      <GivenInfo>
        <ReviewView flowId="flujo" rfc="PLE150301AB2" documentId={DOC} onBack={() => {}} onDone={() => {}} />
      </GivenInfo>,
    );
    const rows = await screen.findAllByTestId("review-section");
    await waitFor(() => expect(document.activeElement).toBe(rows[0]));
    await waitFor(() => expect(screen.getByTestId("review-notes-link").textContent).toBe("1 nota del equipo"));
    expect(screen.getByTestId("team-note").textContent).toContain("@ana ¿lo rechazamos?");
    fireEvent.click(screen.getByTestId("review-notes-link"));
    const box = screen.getByTestId("note-body") as HTMLTextAreaElement;
    expect(document.activeElement).toBe(box);
    fireEvent.change(box, { target: { value: "Sí: el comprobante está alterado." } });
    // Keys typed in the note are the note's: the review's a does not accept a section,
    // Ctrl+Enter opens no preview and Escape leaves the cursor in the note.
    key("a");
    expect(rows[0]?.dataset.verdict).toBe("");
    key("Enter", { ctrlKey: true });
    key("Escape");
    expect(screen.queryByTestId("preview")).toBeNull();
    expect(document.activeElement).toBe(box);
    fireEvent.click(screen.getByTestId("note-add"));
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]).toMatchObject({ documentId: DOC, body: "Sí: el comprobante está alterado." });
    await waitFor(() => expect(screen.getByTestId("review-notes-link").textContent).toBe("2 notas del equipo"));
  });
});

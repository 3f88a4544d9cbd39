import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { command } from "../../api/commands";
import type { IssuedLink } from "../../bindings/IssuedLink";
import type { Person } from "../../bindings/Person";
import * as sparse from "../../bindings/sparse";
import { I18nProvider } from "../../i18n";
import { preferences } from "../../preferences";
import { expectModal } from "../../test/modal";
import { render } from "../../test/render";
import { watchSparse } from "../../test/sparse";
import { EnrollButton, IssuedLinks } from "./Enrollment";

afterEach(() => {
  cleanup();
  clearMocks();
});

describe("an enrollment link whose outcome is unknown", () => {
  it("says it may have been generated and what to check before generating another", async () => {
    const person: Person = {
      PersonId: "per-1",
      FullName: "María Hernández López",
      Email: "maria@espiga.mx",
      Rfc: "",
      Curp: "",
      FaceKeyId: "",
      EnrollmentRequestAtUtc: null,
      CallbackAtUtc: null,
      NotificationAtUtc: null,
      EnrollmentStatus: "Pendiente",
      EnrollmentReason: "",
      IsCompleted: false,
      IsEnrollmentAllowed: true,
    };
    let issued = 0;
    let sent = 0;
    mockIPC((cmd) => {
      if (cmd !== command.enrollment_link) throw new Error(cmd);
      sent += 1;
      throw { code: "outcome_unknown", message: "connection reset", details: [], task: null, problems: [] };
    });
    render(
      <I18nProvider>
        <EnrollButton documentId="doc-1" person={person} onIssued={() => (issued += 1)} />
      </I18nProvider>,
    );
    fireEvent.click(screen.getByTestId("generate-link"));
    const notice = await screen.findByTestId("enroll-unknown");
    // An outcome unknown is no tour done.
    expect(preferences().toursDone).not.toContain("enrollment");
    expect(notice.textContent).toBe(
      "No se sabe si se generó el enlace de María Hernández López. Antes de generar otro, revise abajo los enlaces emitidos y, en el seguimiento (actualícelo), el estatus de enrolamiento de la persona.",
    );
    expect(screen.getByTestId("error-notice").dataset.code).toBe("outcome_unknown");
    // The issued-links list below is read again, and nothing was sent twice.
    expect(issued).toBe(1);
    expect(sent).toBe(1);
  });

  it("names a person the service sent without a name by their PersonId", async () => {
    const nameless: Person = {
      PersonId: "per-2",
      FullName: "",
      Email: "",
      Rfc: "",
      Curp: "",
      FaceKeyId: "",
      EnrollmentRequestAtUtc: null,
      CallbackAtUtc: null,
      NotificationAtUtc: null,
      EnrollmentStatus: "Pendiente",
      EnrollmentReason: "",
      IsCompleted: false,
      IsEnrollmentAllowed: true,
    };
    mockIPC(() => {
      throw { code: "outcome_unknown", message: "connection reset", details: [], task: null, problems: [] };
    });
    render(
      <I18nProvider>
        <EnrollButton documentId="doc-1" person={nameless} onIssued={() => undefined} />
      </I18nProvider>,
    );
    fireEvent.click(screen.getByTestId("generate-link"));
    expect((await screen.findByTestId("enroll-unknown")).textContent).toContain("el enlace de per-2.");
  });
});

describe("the link's dialog from the keyboard", () => {
  it("is a modal dialog that starts on Close, closes with Escape and gives the focus back to the person's button", async () => {
    const [nobody] = sparse.fileTracking.tracking.Person;
    mockIPC((cmd) => {
      if (cmd === command.enrollment_link) return { ...sparse.enrollmentLink, EnrollmentUrl: "https://enrolar.example/x" };
      throw new Error(cmd);
    });
    render(
      <I18nProvider>
        <EnrollButton documentId="doc-1" person={{ ...nobody!, PersonId: "per-4", IsEnrollmentAllowed: true }} onIssued={() => undefined} />
      </I18nProvider>,
    );
    const button = screen.getByTestId("generate-link") as HTMLButtonElement;
    button.focus();
    fireEvent.click(button);
    // Asking keeps the button focusable (busy, not disabled): the focus is not dropped.
    expect(button.disabled).toBe(false);
    const dialog = await screen.findByTestId("enrollment-link");
    const close = screen.getByRole("button", { name: "Cerrar" });
    expect(document.activeElement).toBe(close);
    expectModal(dialog);
    expect(dialog.contains(screen.getByTestId("copy-enrollment"))).toBe(true);
    fireEvent.keyDown(window, { key: "Escape" });
    expect(screen.queryByTestId("enrollment-link")).toBeNull();
    expect(document.activeElement).toBe(button);
  });
});

describe("a sparse enrollment answer", () => {
  const [nobody] = sparse.fileTracking.tracking.Person;
  const someone: Person = { ...nobody!, PersonId: "per-3" };

  function open(person: Person) {
    mockIPC((cmd) => {
      if (cmd === command.enrollment_link) return sparse.enrollmentLink;
      throw new Error(cmd);
    });
    render(
      <I18nProvider>
        <EnrollButton documentId="doc-1" person={person} onIssued={() => undefined} />
      </I18nProvider>,
    );
  }

  it("reads a missing IsEnrollmentAllowed neither as false nor as permission", () => {
    const check = watchSparse();
    open(someone);
    expect((screen.getByTestId("generate-link") as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("enroll-reason").textContent).toBe("El servicio no dijo si esta persona puede enrolarse: actualice el seguimiento más tarde.");
    check.expectShown();
  });

  it("says in words why a person may not enroll: done already, or the service's reason, never a field name", () => {
    open({ ...someone, IsEnrollmentAllowed: false, IsCompleted: true });
    expect(screen.getByTestId("enroll-reason").textContent).toBe("Esta persona ya completó su enrolamiento: no necesita otro enlace.");
    cleanup();
    // Done already is the reason, whether or not the service says anything of a link.
    open({ ...someone, IsEnrollmentAllowed: null, IsCompleted: true });
    expect(screen.getByTestId("enroll-reason").textContent).toBe("Esta persona ya completó su enrolamiento: no necesita otro enlace.");
    cleanup();
    open({ ...someone, PersonId: null });
    expect(screen.getByTestId("enroll-reason").textContent).toBe("El servicio no dio el identificador de esta persona: no se le puede generar un enlace.");
    cleanup();
    open({ ...someone, IsEnrollmentAllowed: false, IsCompleted: false, EnrollmentReason: "El expediente está cerrado" });
    expect(screen.getByTestId("enroll-reason").textContent).toBe(
      "El servicio no permite generar un enlace para esta persona por ahora: El expediente está cerrado",
    );
    cleanup();
    open({ ...someone, IsEnrollmentAllowed: false, IsCompleted: false, EnrollmentReason: null });
    const why = screen.getByTestId("enroll-reason").textContent ?? "";
    expect(why).toBe("El servicio no permite generar un enlace para esta persona por ahora.");
    expect(why).not.toContain("IsEnrollmentAllowed");
  });

  it("shows a link the service answered without address or record as such", async () => {
    const check = watchSparse();
    open({ ...someone, IsEnrollmentAllowed: true });
    fireEvent.click(screen.getByTestId("generate-link"));
    const dialog = await screen.findByTestId("enrollment-link");
    expect(dialog.textContent).toContain("Para per-3.");
    expect(screen.getByTestId("enrollment-no-url")).toBeTruthy();
    expect(dialog.textContent).toContain("Registro —");
    expect(screen.queryByTestId("copy-enrollment")).toBeNull();
    check.expectShown();
    // A link generated is the enrollment tour's last step: the demo's panel marks it done.
    expect(preferences().toursDone).toContain("enrollment");
  });
});

describe("the links issued from this desk", () => {
  it("say how each one ended, a failure by its code in words", async () => {
    const link = (personId: string, outcome: IssuedLink["outcome"]): IssuedLink => ({
      personId,
      atUtc: "2026-11-22T05:00:00Z",
      agentEmail: "ana@kybdesk.mx",
      summary: "",
      outcome,
    });
    mockIPC((cmd) => {
      if (cmd === command.issued_links)
        return [
          link("per-1", { ok: true, code: null, message: null }),
          link("per-2", { ok: false, code: "not_allowed", message: "La persona no permite enrolamiento" }),
          link("per-3", { ok: false, code: "intent", message: null }),
        ];
      throw new Error(cmd);
    });
    render(
      <I18nProvider>
        <IssuedLinks documentId="doc-1" persons={[]} />
      </I18nProvider>,
    );
    const table = await screen.findByTestId("issued-links");
    expect(table.textContent).toContain("Emitido");
    const failed = screen.getAllByTestId("issued-failed");
    expect(failed.map((chip) => chip.textContent)).toEqual(["La operación no está permitida para esta persona o expediente.", "Intención de envío"]);
    expect(failed[0]!.title).toBe("La persona no permite enrolamiento");
  });
});

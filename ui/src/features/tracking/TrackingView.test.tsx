import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { command } from "../../api/commands";
import type { FileTracking } from "../../bindings/FileTracking";
import * as sparse from "../../bindings/sparse";
import { I18nProvider } from "../../i18n";
import { fileEvidence, finding, sectionEvidence } from "../../test/evidence";
import { render } from "../../test/render";
import { tracked } from "../../test/sections";
import { watchSparse } from "../../test/sparse";
import { DOC_A, shown, team } from "../team/testing";
import { clock } from "../team/words";
import { testProfile } from "../watchlist/testing";
import { sectionTone } from "./model";
import { TrackingView } from "./TrackingView";

afterEach(() => {
  cleanup();
  clearMocks();
});

const answer: FileTracking = {
  statusCategory: "with_user",
  tracking: {
    DocumentId: "2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10",
    CompanyRfc: "PLE150301AB2",
    CompanyName: "Panificadora La Espiga",
    GuestUrl: "https://example.invalid/continuar",
    ChannelName: "Portal Web",
    DocumentStatus: "Corrección por el Usuario",
    Comments: [],
    CreatedAtUtc: "2026-11-20T10:00:00.123Z",
    UpdatedAtUtc: "2026-11-21T09:30:00Z",
    Person: [
      {
        PersonId: "p",
        FullName: "María Hernández López",
        Email: "maria@espiga.mx",
        Rfc: "HELM850101AB1",
        Curp: "HELM850101MDFRPR09",
        FaceKeyId: "FK",
        EnrollmentRequestAtUtc: null,
        CallbackAtUtc: null,
        NotificationAtUtc: null,
        EnrollmentStatus: "Pendiente",
        EnrollmentReason: "",
        IsCompleted: false,
        IsEnrollmentAllowed: true,
      },
    ],
  },
  sections: [
    tracked("ProofAddress", "Rechazado", { base: "ProofAddress" }, "Fecha: 2024 (vencido): subir otro"),
    tracked("LegalRepresentative", "Requiere Atención", { base: "LegalRepresentative", entity: "Representante" }),
    // A name the backend found no base for.
    tracked("TaxInformationsExtra", "Aceptado"),
  ],
};

/** Renders the tracking of `rfc` answered with `reply`; the commands called, in order. */
function open(reply: FileTracking, rfc = "XAXX010101000"): string[] {
  const calls: string[] = [];
  mockIPC((cmd) => {
    calls.push(cmd);
    if (cmd === command.tracking) return reply;
    if (cmd === command.mark_watch_seen) return null;
    if (cmd === command.issued_links) return [];
    throw new Error(cmd);
  });
  render(
    <I18nProvider>
      <TrackingView flowId="flujo" rfc={rfc} onBack={() => {}} onDetail={() => {}} onReview={() => {}} profile={testProfile} />
    </I18nProvider>,
  );
  return calls;
}

describe("a file's tracking", () => {
  it("shows each section's findings, the review's own, and the file's risk", async () => {
    const evidence = fileEvidence([
      sectionEvidence("ProofAddress", { rule: "proof_of_address", findings: [finding("proof_stale", "medium"), finding("document_edited", "high")] }),
      sectionEvidence("LegalRepresentative", { rule: "person", findings: [finding("watchlist_hit", "high")] }),
    ]);
    mockIPC((cmd) => {
      if (cmd === command.tracking) return answer;
      if (cmd === command.review_material) return { ...sparse.reviewMaterial, evidence };
      if (cmd === command.mark_watch_seen) return null;
      if (cmd === command.issued_links) return [];
      throw new Error(cmd);
    });
    render(
      <I18nProvider>
        <TrackingView flowId="flujo" rfc="PLE150301AB2" onBack={() => {}} onDetail={() => {}} onReview={() => {}} profile={testProfile} />
      </I18nProvider>,
    );
    await waitFor(() => expect(screen.getAllByTestId("finding-badge")).toHaveLength(3));
    const rows = screen.getAllByTestId("tracking-section");
    expect(rows[0]?.textContent).toContain("Comprobante vencido");
    expect(rows[0]?.textContent).toContain("Documento editado");
    expect(rows[1]?.textContent).toContain("En lista de riesgo");
    expect(rows[2]?.querySelector("[data-testid=finding-badge]")).toBeNull();
    expect(screen.getByTestId("risk-summary").getAttribute("data-level")).toBe("high");
  });

  it("shows each Comments entry as a section with its status chip and its comments whole", async () => {
    const calls = open(answer, "PLE150301AB2");
    const rows = await screen.findAllByTestId("tracking-section");
    expect(rows).toHaveLength(3);
    // Named from the parts the backend read; a name without a known base shows as sent.
    expect(rows[0]?.querySelector(".section-name")?.textContent).toBe("Comprobante de domicilio ProofAddress");
    expect(rows[2]?.querySelector(".section-name")?.textContent).toBe("TaxInformationsExtra");
    expect(rows[0]?.textContent).toContain("Fecha: 2024 (vencido): subir otro");
    expect(rows[0]?.querySelector(".chip-danger")?.textContent).toBe("Rechazado");
    expect(rows[1]?.querySelector(".chip-warn")?.textContent).toBe("Requiere Atención");
    expect(rows[2]?.querySelector(".chip-ok")?.textContent).toBe("Aceptado");
    expect(screen.getByText("Corrección por el Usuario").className).toContain("status-with_user");
    const person = screen.getByTestId("tracking-person");
    expect(person.textContent).toContain("María Hernández López");
    // Not enrolled yet: the client gives null for an instant not happened (whether the
    // service wrote null, nothing or 0001-01-01), and the row shows none.
    const cells = [...person.querySelectorAll("td")].map((td) => td.textContent);
    expect(cells.slice(5, 7)).toEqual(["—", "—"]);
    expect(calls).toContain(command.mark_watch_seen);
    // Enrollment: allowed for this person, so the button works.
    expect((screen.getByTestId("generate-link") as HTMLButtonElement).disabled).toBe(false);
    expect(await screen.findByText("Aún no se ha generado ningún enlace para este expediente.")).toBeTruthy();
  });

  it("copies the file's link for a chat, from a button the keyboard reaches", async () => {
    const copied: unknown[] = [];
    mockIPC((cmd, args) => {
      if (cmd === command.tracking) return answer;
      if (cmd === command.mark_watch_seen) return null;
      if (cmd === command.issued_links) return [];
      if (cmd === command.copy_file_link) {
        copied.push(args);
        return `kybdesk://expediente/${(args as { documentId: string }).documentId}`;
      }
      throw new Error(cmd);
    });
    render(
      <I18nProvider>
        <TrackingView flowId="flujo" rfc="PLE150301AB2" onBack={() => {}} onDetail={() => {}} onReview={() => {}} profile={testProfile} />
      </I18nProvider>,
    );
    const button = (await screen.findByTestId("copy-file-link")) as HTMLButtonElement;
    expect(button.tagName).toBe("BUTTON");
    expect(button.textContent).toBe("Copiar enlace");
    button.focus();
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(await screen.findByText("Enlace copiado", { selector: "button" })).toBeTruthy();
    expect(copied).toEqual([{ documentId: "2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10" }]);
    expect(button.title).toBe("kybdesk://expediente/2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10");
  });

  it("says why a link could not be copied", async () => {
    mockIPC((cmd) => {
      if (cmd === command.tracking) return answer;
      if (cmd === command.mark_watch_seen) return null;
      if (cmd === command.issued_links) return [];
      if (cmd === command.copy_file_link) throw { code: "desktop", message: "no clipboard", details: [], task: "copy_text", problems: [] };
      throw new Error(cmd);
    });
    render(
      <I18nProvider>
        <TrackingView flowId="flujo" rfc="PLE150301AB2" onBack={() => {}} onDetail={() => {}} onReview={() => {}} profile={testProfile} />
      </I18nProvider>,
    );
    fireEvent.click(await screen.findByTestId("copy-file-link"));
    expect((await screen.findByRole("alert")).textContent).toContain("No se pudo copiar al portapapeles");
    expect(screen.getByTestId("copy-file-link").textContent).toBe("Copiar enlace");
  });

  it("opens the user's link through the backend, and says why when the desktop could not", async () => {
    const opened: unknown[] = [];
    mockIPC((cmd, args) => {
      if (cmd === command.tracking) return answer;
      if (cmd === command.mark_watch_seen) return null;
      if (cmd === command.issued_links) return [];
      if (cmd === command.open_external) {
        opened.push(args);
        if (opened.length > 1)
          throw { code: "desktop", message: "xdg-open could not open the link (exit status: 3)", details: null, task: "open_link", problems: [] };
        return null;
      }
      throw new Error(cmd);
    });
    render(
      <I18nProvider>
        <TrackingView flowId="flujo" rfc="PLE150301AB2" onBack={() => {}} onDetail={() => {}} onReview={() => {}} profile={testProfile} />
      </I18nProvider>,
    );
    const open = await screen.findByRole("button", { name: "Abrir enlace del usuario" });
    fireEvent.click(open);
    await waitFor(() => expect(opened).toEqual([{ url: "https://example.invalid/continuar" }]));
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.click(open);
    expect((await screen.findByRole("alert")).textContent).toContain("No se pudo abrir el enlace");
  });

  it("gives unknown section statuses a neutral tone", () => {
    expect(sectionTone("Archivado")).toBe("neutral");
    expect(sectionTone("En Revisión")).toBe("info");
    expect(sectionTone("Pendiente")).toBe("warn");
  });
});

describe("a sparse tracking answer", () => {
  it("shows each missing value as a dash, says the file's id is missing and offers nothing that needs it", async () => {
    const check = watchSparse();
    open(sparse.fileTracking);
    const noId = (await screen.findByTestId("tracking-no-id")).textContent;
    expect(noId).toContain("no trae el identificador del expediente");
    expect(noId).not.toContain("DocumentId");
    expect(screen.getByText("El expediente aún no reporta secciones.")).toBeTruthy();
    const person = screen.getByTestId("tracking-person");
    expect(person.querySelector("td")?.textContent).toBe("—");
    expect(screen.queryByTestId("start-review")).toBeNull();
    expect(screen.queryByTestId("generate-link")).toBeNull();
    check.expectShown();
  });

  it("with only its DocumentId, offers the actions and says why a person without an id cannot be enrolled", async () => {
    const check = watchSparse();
    open({ ...sparse.fileTracking, tracking: { ...sparse.fileTracking.tracking, DocumentId: "doc-1" } });
    await screen.findByTestId("start-review");
    expect(await screen.findByTestId("issued-links-empty")).toBeTruthy();
    expect((screen.getByTestId("generate-link") as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId("enroll-reason").textContent).toBe("El servicio no dio el identificador de esta persona: no se le puede generar un enlace.");
    check.expectShown();
  });

  it("in a team, says who holds the file's claim and until when; alone, says nothing of claims", async () => {
    const claim = { documentId: DOC_A.toUpperCase(), member: "beto@kybdesk.mx", since: "2026-11-21T09:00:00Z", leaseUntil: "2026-11-21T09:01:30Z" };
    let claims = [claim];
    const asked: unknown[] = [];
    team((cmd, args) => {
      if (cmd === command.tracking) return answer;
      if (cmd === command.mark_watch_seen) return null;
      if (cmd === command.issued_links || cmd === command.file_notes) return [];
      if (cmd === command.team_queue) {
        asked.push(args);
        return { files: [], claims, me: "ana@kybdesk.mx", role: "analyst" };
      }
      throw new Error(cmd);
    });
    shown(<TrackingView flowId="flujo" rfc="PLE150301AB2" onBack={() => {}} onDetail={() => {}} onReview={() => {}} profile={testProfile} />);
    const holder = await screen.findByTestId("claim-holder");
    expect(holder.dataset.held).toBe("true");
    expect(holder.textContent).toContain("beto@kybdesk.mx revisa este expediente desde el");
    expect(holder.textContent).toContain(`hasta el ${clock(claim.leaseUntil, "es-MX")}`);
    expect(asked).toContainEqual({ filter: "all" });
    cleanup();
    // This desk's own claim, in its own words.
    claims = [{ ...claim, member: "ana@kybdesk.mx" }];
    shown(<TrackingView flowId="flujo" rfc="PLE150301AB2" onBack={() => {}} onDetail={() => {}} onReview={() => {}} profile={testProfile} />);
    await waitFor(() => expect(screen.getByTestId("claim-holder").textContent).toContain("Usted revisa este expediente"));
    cleanup();
    clearMocks();
    // Alone (no team): nothing about claims, and the team is never asked.
    const calls = open(answer, "PLE150301AB2");
    await screen.findAllByTestId("tracking-section");
    expect(screen.queryByTestId("claim-holder")).toBeNull();
    expect(calls).not.toContain(command.team_queue);
  });
});

// A file's history on its page: each change with old → new, who, when and its trail
// entry; an empty history said so; one desk reads its own log; a decision and an
// acknowledgement of findings said in words, in either language.
import { clearMocks } from "@tauri-apps/api/mocks";
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { command } from "../../api/commands";
import type { EntryWords } from "../../bindings/EntryWords";
import type { HistoryItem } from "../../bindings/HistoryItem";
import { startWithPreferences } from "../../preferences";
import { tracked } from "../../test/sections";
import { DOC_A, shown, TeamAnswered, team } from "../team/testing";
import { FileHistory } from "./FileHistory";

afterEach(() => {
  cleanup();
  clearMocks();
});

const item = (over: Partial<HistoryItem>): HistoryItem => ({
  at: "2026-11-24T10:00:00Z",
  who: "ana",
  what: "note",
  old: null,
  new: null,
  seq: null,
  hash: null,
  said: null,
  ...over,
});

describe("the file's history", () => {
  it("shows each change with old → new, who and its trail entry", async () => {
    team((cmd, args) => {
      if (cmd === command.file_history && args.documentId === DOC_A)
        return [
          item({ what: "assignee", who: "sup", old: null, new: "ana", seq: 4, hash: "a1b2c3d4e5f6a7b8c9d0" }),
          item({ what: "claim", old: "ana", new: "beto", seq: 5, hash: "ff" }),
          item({ what: "note", who: "beto", new: "@ana mira el acta" }),
          item({ what: "status", old: "Pendiente", new: "Validado", seq: 6, hash: "ee" }),
        ];
      throw new Error(cmd);
    });
    shown(<FileHistory documentId={DOC_A} />);
    await waitFor(() => expect(screen.getAllByTestId("history-item")).toHaveLength(4));
    const items = screen.getAllByTestId("history-item");
    expect(items.map((i) => i.dataset.what)).toEqual(["assignee", "claim", "note", "status"]);
    expect(items[0]?.textContent).toContain("Asignación");
    expect(items[0]?.querySelector("[data-testid=history-change]")?.textContent).toBe("la cola → ana");
    expect(items[0]?.textContent).toContain("sup");
    expect(items[0]?.querySelector("[data-testid=history-seq]")?.textContent).toBe("Entrada 4 · a1b2c3d4e5f6…");
    expect(items[1]?.querySelector("[data-testid=history-change]")?.textContent).toBe("ana → beto");
    expect(items[2]?.textContent).toContain("@ana mira el acta");
    expect(items[2]?.querySelector("[data-testid=history-seq]")).toBeNull();
    expect(items[3]?.querySelector("[data-testid=history-change]")?.textContent).toBe("Pendiente → Validado");
    expect(screen.getByText("Del registro del equipo: cada cambio con quién y cuándo.")).toBeTruthy();
  });

  it("says when nothing was recorded yet, on one desk from its own log", async () => {
    team(
      (cmd) => {
        if (cmd === command.file_history) return [];
        throw new Error(cmd);
      },
      { configured: false, connected: false },
    );
    shown(<FileHistory documentId={DOC_A} />);
    expect((await screen.findByTestId("history-empty")).textContent).toBe("Sin cambios registrados todavía.");
    expect(screen.getByText("De la bitácora de este escritorio: lo que se hizo aquí con el expediente.")).toBeTruthy();
  });

  it("asks nothing of a team out of reach", async () => {
    const asked: string[] = [];
    team(
      (cmd) => {
        asked.push(cmd);
        return [];
      },
      { connected: false },
    );
    const answered = vi.fn();
    shown(
      <>
        <FileHistory documentId={DOC_A} />
        <TeamAnswered then={answered} />
      </>,
    );
    await waitFor(() => expect(answered).toHaveBeenCalled());
    expect(asked).not.toContain(command.file_history);
  });

  // The texts as the desk writes them, and what the backend reads back from them
  // (kyb_desk_core: desk/review.rs, sent_summary.rs, tested there).
  const acknowledged =
    "ProofAddressObligatorio: reconoció antes de aceptar document_edited de Comprobante de domicilio (FONT-02, EDIT-01); alteration_risk de Comprobante de la sucursal (META-01, Alto)";
  const correction =
    '3 secciones (ProofAddressObligatorio Rechazada, Opinion Aceptada, FiscalCSF Rechazada); notificar al usuario: sí; motivos de rechazo: ["Tiene más de tres meses; \\"viejo\\"","Falta firma"]';
  const ackSaid: EntryWords = {
    kind: "acknowledged",
    section: "ProofAddressObligatorio",
    findings: [
      {
        kind: "document_edited",
        subject: "Comprobante de domicilio",
        codes: ["FONT-02", "EDIT-01"],
        text: "document_edited de Comprobante de domicilio (FONT-02, EDIT-01)",
      },
      {
        kind: "alteration_risk",
        subject: "Comprobante de la sucursal",
        codes: ["META-01", "Alto"],
        text: "alteration_risk de Comprobante de la sucursal (META-01, Alto)",
      },
    ],
  };
  const correctionSaid: EntryWords = {
    kind: "correction",
    decisions: [
      { section: "ProofAddressObligatorio", verdict: "Rechazada" },
      { section: "Opinion", verdict: "Aceptada" },
      { section: "FiscalCSF", verdict: "Rechazada" },
    ],
    notify: true,
    reasons: ['Tiene más de tres meses; "viejo"', "Falta firma"],
  };
  const sections = [tracked("ProofAddressObligatorio", "Rechazado", { base: "ProofAddress", modifier: "Obligatorio" })];

  async function decisions(language: "es-MX" | "en") {
    startWithPreferences({ language });
    team((cmd) => {
      if (cmd === command.file_history)
        return [
          item({ what: "approval", new: acknowledged, seq: 7, hash: "aa", said: ackSaid }),
          item({ what: "decision", new: correction, seq: 8, hash: "bb", said: correctionSaid }),
          item({
            what: "decision",
            new: "flujo flujo-moral; notificar al usuario: no",
            seq: 9,
            hash: "cc",
            said: { kind: "complementary", flow: "flujo-moral", notify: false },
          }),
          item({ what: "approval", new: "acta: 2 hallazgos", seq: 10, hash: "dd" }),
        ];
      throw new Error(cmd);
    });
    shown(<FileHistory documentId={DOC_A} sections={sections} />);
    await waitFor(() => expect(screen.getAllByTestId("history-item")).toHaveLength(4));
    return screen.getAllByTestId("history-item");
  }

  it("titles an acknowledgement as one and names its findings in words, and lists a decision's rejection reasons as text", async () => {
    const [ack, sent, added, older] = await decisions("es-MX");
    expect(ack?.querySelector("strong")?.textContent).toBe("Reconocimiento de hallazgos");
    expect(ack?.textContent).not.toContain("Aprobación");
    expect(ack?.querySelector("[data-testid=history-words]")?.textContent).toBe(
      "Hallazgos de riesgo alto reconocidos antes de aceptar Comprobante de domicilio (obligatorio) ProofAddressObligatorio:" +
        "Documento editado · Comprobante de domicilio (FONT-02, EDIT-01)" +
        "Riesgo de alteración: Alto · Comprobante de la sucursal (META-01)",
    );
    expect(sent?.querySelector("strong")?.textContent).toBe("Decisión");
    expect([...(sent?.querySelectorAll("li") ?? [])].slice(0, 3).map((li) => li.textContent)).toEqual([
      "Comprobante de domicilio (obligatorio) ProofAddressObligatorio: Rechazada",
      "Opinion: Aceptada",
      "FiscalCSF: Rechazada",
    ]);
    expect(sent?.textContent).toContain("Se pidió al servicio avisar al usuario.");
    expect([...(sent?.querySelectorAll("[data-testid=history-reasons] li") ?? [])].map((li) => li.textContent)).toEqual([
      'Tiene más de tres meses; "viejo"',
      "Falta firma",
    ]);
    expect(added?.querySelector("strong")?.textContent).toBe("Información complementaria");
    expect(added?.textContent).toContain("Secciones añadidas del flujo flujo-moral.No se pidió al servicio avisar al usuario.");
    // A text of another shape is shown as written.
    expect(older?.querySelector(".history-text")?.textContent).toBe("acta: 2 hallazgos");
    for (const entry of [ack, sent, added]) {
      expect(entry?.textContent).not.toMatch(/document_edited|alteration_risk|\["|"\]|motivos de rechazo|notificar al usuario/);
    }
  });

  it("says them in English, the service's word beside the decision's", async () => {
    const [ack, sent] = await decisions("en");
    expect(ack?.querySelector("strong")?.textContent).toBe("Findings acknowledged");
    expect(ack?.textContent).toContain("High-risk findings acknowledged before accepting Proof of address (required) ProofAddressObligatorio:");
    expect(ack?.textContent).toContain("Document edited · Comprobante de domicilio (FONT-02, EDIT-01)");
    expect(ack?.textContent).toContain("Alteration risk: High (Alto) · Comprobante de la sucursal (META-01)");
    expect(sent?.textContent).toContain("Proof of address (required) ProofAddressObligatorio: Rejected (Rechazada)");
    expect(sent?.textContent).toContain("The service was asked to notify the user.Rejection reasons:");
    expect(sent?.textContent).not.toMatch(/document_edited|\["|motivos de rechazo/);
  });
});

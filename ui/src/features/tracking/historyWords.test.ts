import { describe, expect, it } from "vitest";

import { readEntryText } from "./historyWords";

describe("a history entry's text read back", () => {
  it("reads the findings acknowledged, a section with a limit and a kind the window does not know", () => {
    expect(readEntryText("ProofAddressLimit:2: reconoció antes de aceptar document_edited de Recibo (EDIT-01); face_mismatch; nuevo_hallazgo de X")).toEqual({
      kind: "acknowledged",
      section: "ProofAddressLimit:2",
      findings: [
        { kind: "document_edited", subject: "Recibo", codes: ["EDIT-01"] },
        { kind: "face_mismatch", subject: null, codes: [] },
        { kind: null, text: "nuevo_hallazgo de X" },
      ],
    });
  });

  it("reads a correction's decisions and reasons, whatever the reasons hold", () => {
    expect(
      readEntryText('2 secciones (Acta Aceptada, Comprobante Rechazada); notificar al usuario: no; motivos de rechazo: ["x); notificar al usuario: sí"]'),
    ).toEqual({
      kind: "correction",
      decisions: [
        { section: "Acta", verdict: "Aceptada" },
        { section: "Comprobante", verdict: "Rechazada" },
      ],
      notify: false,
      reasons: ["x); notificar al usuario: sí"],
    });
    expect(readEntryText("1 secciones (Acta Aceptada); notificar al usuario: sí")).toMatchObject({ kind: "correction", notify: true, reasons: [] });
  });

  it("reads complementary information and an enrollment link", () => {
    expect(readEntryText("flujo flujo-2; notificar al usuario: sí")).toEqual({ kind: "complementary", flow: "flujo-2", notify: true });
    expect(readEntryText("enlace de enrolamiento para la persona P-1; registro R-9")).toEqual({ kind: "enrollmentLink", person: "P-1", record: "R-9" });
    expect(readEntryText("enlace de enrolamiento para la persona P-1")).toEqual({ kind: "enrollmentLink", person: "P-1", record: null });
  });

  it("leaves a text of another shape as written, a correction cut short among them", () => {
    for (const text of ["acta: 2 hallazgos", '1 secciones (Acta Rechazada); notificar al usuario: sí; motivos de rechazo: ["cortad', "s2"]) {
      expect(readEntryText(text)).toEqual({ kind: "text", text });
    }
  });
});

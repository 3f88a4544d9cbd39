import { emit } from "@tauri-apps/api/event";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { command } from "../../api/commands";
import { I18nProvider } from "../../i18n";
import { finding, sectionEvidence } from "../../test/evidence";
import { render } from "../../test/render";
import { EvidenceWindow } from "./EvidenceWindow";
import type { SectionView } from "./view";

afterEach(() => {
  cleanup();
  clearMocks();
});

const proof: SectionView = {
  label: "Comprobante de domicilio",
  section: sectionEvidence("ProofAddressObligatorio", { rule: "proof_of_address", findings: [finding("document_edited", "high", { codes: ["EDIT-01"] })] }),
  documents: [],
  entities: [],
};
const deed: SectionView = {
  label: "Acta constitutiva",
  section: sectionEvidence("ActaConstitutivaObligatorio", { rule: "deed" }),
  documents: [],
  entities: [],
};

describe("the evidence window", () => {
  it("shows what the review last showed, then follows each section it moves to", async () => {
    mockIPC(
      (cmd) => {
        if (cmd === command.evidence_view) return proof;
        throw new Error(`unexpected ${cmd}`);
      },
      { shouldMockEvents: true },
    );
    render(
      <I18nProvider>
        <EvidenceWindow />
      </I18nProvider>,
    );
    await waitFor(() => expect(screen.getByTestId("evidence-pane").dataset.section).toBe("ProofAddressObligatorio"));
    expect(screen.getByTestId("evidence-finding").textContent).toContain("Documento editado (EDIT-01)");
    // Its keys are said on it.
    expect(screen.getByTestId("evidence-window-keys").textContent).toBe(
      "Con el foco en el documento: [ ] o RePág/AvPág página · Inicio/Fin primera y última · + − zoom · w ancho · f página completa",
    );
    // It only shows: no button opens yet another window.
    expect(screen.queryByTestId("evidence-window")).toBeNull();
    await act(() => emit("evidence-shown", deed));
    await waitFor(() => expect(screen.getByTestId("evidence-pane").dataset.section).toBe("ActaConstitutivaObligatorio"));
    expect(document.title).toBe("Acta constitutiva · KYB Desk · Evidencia");
  });

  it("says what it is for before any review has shown a section", async () => {
    mockIPC((cmd) => (cmd === command.evidence_view ? null : undefined), { shouldMockEvents: true });
    render(
      <I18nProvider>
        <EvidenceWindow />
      </I18nProvider>,
    );
    expect((await screen.findByTestId("evidence-window-waiting")).textContent).toContain("Abra la revisión");
  });
});

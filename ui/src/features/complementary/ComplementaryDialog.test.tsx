import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import type { Profile } from "../../bindings/Profile";
import * as sparse from "../../bindings/sparse";
import { I18nProvider } from "../../i18n";
import { GivenInfo } from "../../test/appInfo";
import { sectionId } from "../../test/sections";
import { watchSparse } from "../../test/sparse";
import { ComplementaryDialog } from "./ComplementaryDialog";

afterEach(() => {
  cleanup();
  clearMocks();
});

const profile: Profile = {
  id: "p-1",
  name: "Operación",
  environment: { kind: "sandbox" },
  workspaceId: "6a1f0000-0000-4000-8000-000000000001",
  agentEmail: "ana@kybdesk.mx",
  flows: [
    { flowId: "flujo-moral", label: "Personas morales", personType: "Moral" },
    { flowId: "flujo-extra", label: "Estados de cuenta", personType: "Moral" },
  ],
};

describe("complementary information", () => {
  it("holds the message to the limit the app's info gives, and names the added sections as the backend read them", async () => {
    const sent: unknown[] = [];
    mockIPC((cmd, args) => {
      if (cmd !== "add_complementary_info") throw new Error(cmd);
      sent.push(args);
      return {
        documentId: "doc-1",
        sectionsAdded: ["BankStatementObligatorio", "FormularioNuevo"],
        message: null,
        sections: [sectionId("BankStatementObligatorio", { base: "BankStatement", modifier: "Obligatorio" }), sectionId("FormularioNuevo")],
      };
    });
    render(
      <I18nProvider>
        <GivenInfo limits={{ messageMaxChars: 5 }}>
          <ComplementaryDialog documentId="doc-1" currentFlowId="flujo-moral" profile={profile} onClose={() => {}} />
        </GivenInfo>
      </I18nProvider>,
    );
    fireEvent.change(screen.getByTestId("comp-message"), { target: { value: "Suba su estado" } });
    expect(screen.getByTestId("counter").textContent).toBe("14 / 5");
    const send = screen.getByTestId("comp-send") as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByTestId("comp-message"), { target: { value: "Suba" } });
    expect(send.disabled).toBe(false);
    fireEvent.click(send);
    const names = [...(await screen.findByTestId("complementary-result")).querySelectorAll(".section-name")].map((n) => n.textContent);
    expect(names).toEqual(["Estado de cuenta (obligatorio) BankStatementObligatorio", "FormularioNuevo"]);
    expect(sent).toHaveLength(1);
  });
});

describe("complementary information whose answer was lost", () => {
  it("says the sections and the notice may have gone, leads to the fresh tracking, and sends again only when asked", async () => {
    let sent = 0;
    let closedWith: boolean | null = null;
    mockIPC((cmd) => {
      if (cmd !== "add_complementary_info") throw new Error(cmd);
      sent += 1;
      throw { code: "outcome_unknown", message: "No se sabe si el servicio realizó la operación", details: [] };
    });
    render(
      <I18nProvider>
        <GivenInfo>
          <ComplementaryDialog documentId="doc-1" currentFlowId="flujo-moral" profile={profile} onClose={(c) => (closedWith = c)} />
        </GivenInfo>
      </I18nProvider>,
    );
    fireEvent.click(screen.getByTestId("comp-send"));
    const notice = await screen.findByTestId("comp-unknown");
    expect(notice.textContent).toContain("No se sabe si las secciones se agregaron ni si se avisó al usuario");
    expect(notice.textContent).not.toMatch(/intente de nuevo/i);
    expect(sent).toBe(1);
    const again = screen.getByTestId("comp-send");
    expect(again.textContent).toBe("Enviar de nuevo (puede avisar otra vez)");
    // The way to the tracking closes the dialog as "changed", so the file is read again.
    fireEvent.click(screen.getByTestId("comp-reread"));
    expect(closedWith).toBe(true);
    expect(sent).toBe(1);
  });
});

describe("a sparse complementary-information answer", () => {
  it("says nothing was added, and the dialog closes as unchanged", async () => {
    const check = watchSparse();
    let closedWith: boolean | null = null;
    mockIPC((cmd) => {
      if (cmd === "add_complementary_info") return sparse.sectionsAdded;
      throw new Error(cmd);
    });
    render(
      <I18nProvider>
        <GivenInfo>
          <ComplementaryDialog documentId="doc-1" currentFlowId="flujo-moral" profile={profile} onClose={(c) => (closedWith = c)} />
        </GivenInfo>
      </I18nProvider>,
    );
    fireEvent.click(screen.getByTestId("comp-send"));
    const result = await screen.findByTestId("complementary-result");
    expect(result.textContent).toContain("No faltaba nada");
    check.expectShown();
    fireEvent.click(screen.getByRole("button", { name: "Cerrar" }));
    expect(closedWith).toBe(false);
  });
});

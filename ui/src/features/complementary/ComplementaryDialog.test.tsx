import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { command } from "../../api/commands";
import type { Profile } from "../../bindings/Profile";
import * as sparse from "../../bindings/sparse";
import { I18nProvider } from "../../i18n";
import { startWithPreferences } from "../../preferences";
import { GivenInfo } from "../../test/appInfo";
import { expectModal } from "../../test/modal";
import { render } from "../../test/render";
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
      if (cmd !== command.add_complementary_info) throw new Error(cmd);
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
      if (cmd !== command.add_complementary_info) throw new Error(cmd);
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
      if (cmd === command.add_complementary_info) return sparse.sectionsAdded;
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

describe("complementary information in the user's words", () => {
  const mixed: Profile = {
    ...profile,
    flows: [
      { flowId: "flujo-moral", label: "Personas morales", personType: "Moral" },
      { flowId: "flujo-extra", label: "Estados de cuenta", personType: "Moral" },
      { flowId: "flujo-fisica", label: "Personas físicas", personType: "Fisica" },
    ],
  };

  function show(currentFlowId: string, answer: (cmd: string) => unknown) {
    mockIPC((cmd) => answer(cmd));
    render(
      <I18nProvider>
        <GivenInfo>
          <ComplementaryDialog documentId="doc-1" currentFlowId={currentFlowId} profile={mixed} onClose={() => {}} />
        </GivenInfo>
      </I18nProvider>,
    );
  }

  it("offers only flows of the file's person type, and says so before any call", () => {
    show("flujo-moral", (cmd) => {
      throw new Error(cmd);
    });
    const offered = [...screen.getByTestId("comp-flow").querySelectorAll("option")].map((o) => o.textContent);
    expect(offered).toEqual(["Estados de cuenta", "Otro flujo (escribir el FlowID)"]);
    expect(screen.getByTestId("comp-type").textContent).toBe("Solo se ofrecen flujos de personas morales, como el expediente.");
    cleanup();
    show("flujo-fisica", (cmd) => {
      throw new Error(cmd);
    });
    expect(screen.getByTestId("comp-type").textContent).toContain("Ningún flujo del perfil es de personas físicas");
  });

  it("says a refusal once, in one notice, never the service's bare title beside it", async () => {
    show("flujo-moral", () => {
      throw {
        code: "validation",
        message: "Error de validacion",
        details: { type: "validation", flow: null, unread: ["El tipo de persona del flujo no coincide con el del expediente."] },
        task: null,
        problems: [],
      };
    });
    fireEvent.change(screen.getByTestId("comp-flow"), { target: { value: "__other__" } });
    fireEvent.change(screen.getByPlaceholderText("FlowID"), { target: { value: "flujo-fisica" } });
    fireEvent.click(screen.getByTestId("comp-send"));
    expect((await screen.findByTestId("comp-mismatch")).textContent).toContain("El tipo de persona del flujo no coincide");
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(document.body.textContent).not.toContain("Error de validacion");
  });

  it("names an added dynamic form as a form, and says the count once", async () => {
    show("flujo-moral", () => ({
      documentId: "doc-1",
      sectionsAdded: ["BankStatementObligatorio", "7c9e6679-7425-40de-944b-e07fc1f90ae7"],
      message: "Se agregaron 2 secciones al expediente.",
      sections: [sectionId("BankStatementObligatorio", { base: "BankStatement", modifier: "Obligatorio" }), sectionId("7c9e6679-7425-40de-944b-e07fc1f90ae7")],
    }));
    fireEvent.click(screen.getByTestId("comp-send"));
    const result = await screen.findByTestId("complementary-result");
    expect(result.textContent?.split("Se agregaron")).toHaveLength(2);
    expect(result.textContent).toContain("Formulario dinámico 7c9e6679…");
    expect(result.textContent).not.toContain("7c9e6679-7425");
  });

  it("offers every flow when the file's flow is not in the profile, and says why before any call", () => {
    show("flujo-tecleado", (cmd) => {
      throw new Error(cmd);
    });
    const offered = [...screen.getByTestId("comp-flow").querySelectorAll("option")].map((o) => o.textContent);
    expect(offered).toEqual(["Personas morales", "Estados de cuenta", "Personas físicas", "Otro flujo (escribir el FlowID)"]);
    expect(screen.getByTestId("comp-type").textContent).toBe(
      "El flujo del expediente no está en el perfil, así que no se sabe su tipo de persona: se ofrecen todos los flujos, y el servicio rechaza uno de otro tipo.",
    );
  });

  it("counts one added section in the singular, in either language", async () => {
    const one = (cmd: string) => {
      if (cmd !== command.add_complementary_info) throw new Error(cmd);
      return {
        documentId: "doc-1",
        sectionsAdded: ["BankStatementObligatorio"],
        message: null,
        sections: [sectionId("BankStatementObligatorio", { base: "BankStatement", modifier: "Obligatorio" })],
      };
    };
    show("flujo-moral", one);
    fireEvent.click(screen.getByTestId("comp-send"));
    expect((await screen.findByTestId("complementary-result")).textContent).toContain("Se agregó 1 sección:");
    cleanup();
    startWithPreferences({ language: "en" });
    show("flujo-moral", one);
    fireEvent.click(screen.getByTestId("comp-send"));
    expect((await screen.findByTestId("complementary-result")).textContent).toContain("1 section was added:");
  });

  it("words any other refusal through the shared error words, in one notice, the service's title at most once", async () => {
    show("flujo-tecleado", () => {
      throw {
        code: "validation",
        message: "Error de validacion",
        details: { type: "validation", flow: null, unread: ["El flujo no tiene secciones que agregar."] },
        task: null,
        problems: [],
      };
    });
    fireEvent.click(screen.getByTestId("comp-send"));
    const notice = await screen.findByTestId("error-notice");
    expect(notice.textContent).toContain("La solicitud no cumple las reglas del servicio.");
    expect(notice.textContent).toContain("El flujo no tiene secciones que agregar.");
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(document.body.textContent?.split("Error de validacion").length).toBeLessThanOrEqual(2);
  });
});

describe("the complementary information dialog from the keyboard", () => {
  it("is a modal dialog that starts on the flow list, closes with Escape and gives the focus back to its opener", async () => {
    mockIPC((cmd) => {
      throw new Error(cmd);
    });
    const closed: boolean[] = [];
    function Opener() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Agregar secciones
          </button>
          <button type="button">Detrás</button>
          {open && (
            <ComplementaryDialog
              documentId="doc-1"
              currentFlowId="flujo-moral"
              profile={profile}
              onClose={(changed) => {
                closed.push(changed);
                setOpen(false);
              }}
            />
          )}
        </>
      );
    }
    render(
      <I18nProvider>
        <GivenInfo>
          <Opener />
        </GivenInfo>
      </I18nProvider>,
    );
    const opener = screen.getByRole("button", { name: "Agregar secciones" });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByTestId("complementary");
    const flow = screen.getByTestId("comp-flow");
    expect(document.activeElement).toBe(flow);
    expectModal(dialog);
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(window, { key: "Escape" });
    expect(screen.queryByTestId("complementary")).toBeNull();
    expect(closed).toEqual([false]);
    expect(document.activeElement).toBe(opener);
  });
});

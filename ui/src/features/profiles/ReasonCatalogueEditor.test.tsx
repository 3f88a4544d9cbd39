import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { command } from "../../api/commands";
import type { Profile } from "../../bindings/Profile";
import { I18nProvider } from "../../i18n";
import { startWithPreferences } from "../../preferences";
import { render } from "../../test/render";
import { ReasonCatalogueEditor } from "./ReasonCatalogueEditor";

afterEach(() => {
  cleanup();
  clearMocks();
});

const profile: Profile = {
  id: "p1",
  name: "Operación Norte",
  environment: { kind: "sandbox" },
  workspaceId: "w",
  agentEmail: "a@b.mx",
  flows: [],
};

describe("the profile's rejection reasons", () => {
  it("edits a kind's list, one reason per line, and puts it back to the defaults", async () => {
    const sent: unknown[] = [];
    let current: Profile = profile;
    mockIPC((cmd, args) => {
      if (cmd !== command.save_reasons) throw new Error(cmd);
      const { profileId, reasons } = args as { profileId: string; reasons: Record<string, string[]> };
      sent.push({ profileId, reasons });
      current = { ...current, reasons };
      return current;
    });
    const saved: Profile[] = [];
    const { rerender } = render(
      <I18nProvider>
        <ReasonCatalogueEditor profile={current} onSaved={(p) => saved.push(p)} />
      </I18nProvider>,
    );
    // The defaults show first, as the review offers them.
    expect((screen.getByTestId("reason-text") as HTMLTextAreaElement).value).toContain("La imagen es ilegible");
    fireEvent.change(screen.getByTestId("reason-kind"), { target: { value: "ProofAddress" } });
    expect((screen.getByTestId("reason-text") as HTMLTextAreaElement).value).toContain("más de tres meses");
    fireEvent.change(screen.getByTestId("reason-text"), { target: { value: "Es de otra ciudad.\n\n  Está a nombre de otra persona.  " } });
    fireEvent.click(screen.getByTestId("reason-save"));
    expect((await screen.findByTestId("reason-saved")).textContent).toBe("Motivos guardados: Comprobante de domicilio.");
    expect(sent).toEqual([{ profileId: "p1", reasons: { ProofAddress: ["Es de otra ciudad.", "  Está a nombre de otra persona.  "] } }]);
    expect(saved).toHaveLength(1);

    rerender(
      <I18nProvider>
        <ReasonCatalogueEditor profile={current} onSaved={(p) => saved.push(p)} />
      </I18nProvider>,
    );
    fireEvent.click(screen.getByTestId("reason-restore"));
    // The first save's words are on screen until the second answers: waited for, not found.
    await waitFor(() => expect(screen.getByTestId("reason-saved").textContent).toBe("Comprobante de domicilio: de vuelta a los motivos predeterminados."));
    expect(sent[1]).toEqual({ profileId: "p1", reasons: {} });
  });

  it("keeps the language the customers read, and shows the defaults in it whatever the window's language", async () => {
    startWithPreferences({ language: "en" });
    const sent: unknown[] = [];
    mockIPC((cmd, args) => {
      if (cmd !== command.save_customer_language) throw new Error(cmd);
      sent.push(args);
      const language = (args as { language: Profile["customerLanguage"] | null }).language;
      return language ? { ...profile, customerLanguage: language } : profile;
    });
    const saved: Profile[] = [];
    render(
      <I18nProvider>
        <ReasonCatalogueEditor profile={profile} onSaved={(p) => saved.push(p)} />
      </I18nProvider>,
    );
    // The window in English; the customer reads Spanish, so the reasons are Spanish.
    expect((screen.getByTestId("customer-language") as HTMLSelectElement).value).toBe("es-MX");
    expect((screen.getByTestId("reason-text") as HTMLTextAreaElement).value).toContain("La imagen es ilegible");
    fireEvent.change(screen.getByTestId("customer-language"), { target: { value: "en" } });
    expect((await screen.findByTestId("reason-saved")).textContent).toBe("The customer now reads in English.");
    expect(sent).toEqual([{ profileId: "p1", language: "en" }]);
    expect(saved[0]?.customerLanguage).toBe("en");
    expect((screen.getByTestId("reason-text") as HTMLTextAreaElement).value).toContain("The image is illegible");
  });

  it("says which reason the backend refused, by kind and number", async () => {
    mockIPC(() => {
      throw {
        code: "invalid_input",
        message: "",
        details: [],
        task: null,
        problems: [{ field: "reason", rule: "too_long", limit: 500, section: "general", position: 2, sent: null }],
      };
    });
    render(
      <I18nProvider>
        <ReasonCatalogueEditor profile={profile} onSaved={() => {}} />
      </I18nProvider>,
    );
    fireEvent.click(screen.getByTestId("reason-save"));
    const notice = await screen.findByTestId("error-notice");
    expect(notice.textContent).toContain("Motivo");
    expect(notice.textContent).toContain("500");
  });
});

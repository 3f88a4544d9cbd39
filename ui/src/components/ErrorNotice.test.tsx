import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { AppError } from "../bindings/AppError";
import { I18nProvider } from "../i18n";
import { startWithPreferences } from "../preferences";
import { render } from "../test/render";
import { ErrorNotice } from "./ErrorNotice";

afterEach(() => {
  cleanup();
});

const error = (over: Partial<AppError> & Pick<AppError, "code">): AppError => ({ message: "", details: null, task: null, problems: [], ...over });

function show(shown: AppError, locale: "es-MX" | "en" = "es-MX") {
  startWithPreferences({ language: locale });
  render(
    <I18nProvider>
      <ErrorNotice error={shown} />
    </I18nProvider>,
  );
  return screen.getByTestId("error-notice");
}

describe("an error in English", () => {
  it("says a profile has no key, by its name, in English only", () => {
    const notice = show(error({ code: "no_api_key", details: { type: "no_api_key", profile: "Operación" } }), "en");
    expect(notice.textContent).toContain("The profile «Operación» has no API key.");
    expect(notice.textContent).toContain("What to do: Add it in Profiles.");
    expect(notice.textContent).not.toMatch(/perfil|Agréguela|Qué hacer/);
    expect(notice.querySelectorAll("li")).toHaveLength(0);
  });

  it("says what the desk was doing when a local file failed, with the system's cause", () => {
    const notice = show(error({ code: "storage", message: "Permission denied (os error 13)", task: "save_draft" }), "en");
    expect(notice.textContent).toContain("A local file could not be read or written.");
    expect(within(notice).getByTestId("error-task").textContent).toBe("The draft could not be saved: Permission denied (os error 13)");
    expect(notice.textContent).toContain("Check disk space and permissions.");
  });

  it("words each failed rule", () => {
    const notice = show(
      error({
        code: "validation",
        problems: [
          { field: "CompanyName", rule: "required", limit: null, section: null, position: null, sent: null },
          { field: "comentario", rule: "too_long", limit: 500, section: "ProofAddress", position: null, sent: null },
        ],
      }),
      "en",
    );
    expect(notice.textContent).toContain("The request breaks the service's rules.");
    expect([...within(notice).getByTestId("error-problems").querySelectorAll("li")].map((li) => li.textContent)).toEqual([
      "Company name is required.",
      "Comment must not exceed 500 characters (section “ProofAddress”).",
    ]);
  });

  it("says a key is held back from a changed address, naming both", () => {
    const notice = show(
      error({ code: "key_origin_changed", details: { type: "key_origin_changed", recorded: null, now: "https://kyb.example.mx:443" } }),
      "en",
    );
    expect(notice.textContent).toContain(
      "The profile's API key was given for an address that was not recorded, and the profile now points to https://kyb.example.mx:443.",
    );
    expect(notice.textContent).toContain("It will not be sent to https://kyb.example.mx:443 until you confirm it or enter the API key again in Profiles.");
  });
});

describe("an error in Spanish, as the desk used to word it", () => {
  it("says another window has the data folder, and which", () => {
    const notice = show(
      error({
        code: "data_folder_in_use",
        message: "Resource temporarily unavailable",
        details: { type: "path", path: "/home/ana/.local/share/kyb-desk" },
        task: "open_data_folder",
      }),
    );
    expect(notice.textContent).toContain("KYB Desk ya está abierto con los datos de /home/ana/.local/share/kyb-desk.");
    expect(notice.textContent).toContain("Qué hacer: Use esa ventana.");
    expect(within(notice).getByTestId("error-task").textContent).toBe("No se pudo abrir la carpeta de datos: Resource temporarily unavailable");
  });

  it("says the same request is on its way", () => {
    const notice = show(error({ code: "in_flight" }));
    expect(notice.textContent).toContain("Esta misma operación ya se está enviando.");
    expect(notice.textContent).toContain("Espere su respuesta");
  });

  it("says an address was not used for safety, image or link, with the address", () => {
    const image = show(error({ code: "unsafe_address", details: { type: "unsafe_address", address: "http://10.0.0.7/foto.jpg" }, task: "fetch_image" }));
    expect(image.textContent).toContain("Por seguridad solo se descargan imágenes por https de direcciones públicas: http://10.0.0.7/foto.jpg");
    cleanup();
    const link = show(error({ code: "unsafe_address", details: { type: "unsafe_address", address: "http://otro.example.mx" }, task: "open_link" }));
    expect(link.textContent).toContain("Por seguridad solo se abren enlaces https: http://otro.example.mx");
    expect(within(link).getByTestId("error-task").textContent).toBe("No se pudo abrir el enlace.");
  });

  it("says a request was not sent when its intent could not be written", () => {
    const notice = show(error({ code: "storage", message: "No space left on device", task: "record_intent" }));
    expect(within(notice).getByTestId("error-task").textContent).toBe(
      "No se pudo anotar la solicitud en la bitácora, así que no se envió: No space left on device",
    );
  });

  it("shows the service's own words and lists its facts", () => {
    const notice = show(error({ code: "server", message: "Error interno del servidor", details: { type: "http", status: 502 } }));
    expect(notice.textContent).toContain("El servicio tuvo un error. Error interno del servidor");
    expect(within(notice).getByRole("listitem").textContent).toBe("HTTP 502");
    expect(within(notice).queryByTestId("error-task")).toBeNull();
  });

  it("says a profile lacks a key even when the desk names none", () => {
    const notice = show(error({ code: "no_api_key" }));
    expect(notice.textContent).toContain("El perfil no tiene API Key.");
    expect(notice.textContent).toContain("Agréguela en Perfiles.");
  });
});

describe("a team database's error, whose message is the driver's English", () => {
  const driver = "the team database refused the request: error returned from database: permission denied for function team_claim";

  it("is said in Spanish by its code, the driver's text only in a closed details", () => {
    const notice = show(error({ code: "team_refused", message: driver }));
    const technical = within(notice).getByTestId("error-technical") as HTMLDetailsElement;
    expect(technical.open).toBe(false);
    expect(technical.querySelector("summary")?.textContent).toBe("Detalles técnicos");
    expect(technical.textContent).toContain(driver);
    technical.remove();
    expect(notice.textContent).toContain("La base de datos del equipo rechazó la operación.");
    expect(notice.textContent).toContain("Qué hacer: Intente de nuevo");
    expect(notice.textContent).not.toMatch(/database|refused|permission/);
  });

  it("keeps a service's own words in the sentence, with no details", () => {
    const notice = show(error({ code: "server", message: "Error interno del servidor" }));
    expect(notice.textContent).toContain("Error interno del servidor");
    expect(within(notice).queryByTestId("error-technical")).toBeNull();
  });
});

describe("an answer that says the same thing twice", () => {
  it("lists each failed rule and each of the service's words once, with no clash of keys", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const twice = { field: "FlowId", rule: "required", limit: null, section: null, position: null, sent: null } as const;
      const notice = show(
        error({
          code: "validation",
          problems: [twice, { ...twice }],
          details: { type: "validation", flow: null, unread: ["Algo que no conocemos", "Algo que no conocemos"] },
        }),
        "en",
      );
      const items = [...notice.querySelectorAll("li")].map((li) => li.textContent);
      expect(items).toEqual(["Flow (FlowID) is required.", "Algo que no conocemos"]);
      expect(errors.mock.calls.map((args) => args.map(String).join(" ")).filter((text) => text.includes("key"))).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";

import { App } from "./App";
import { I18nProvider } from "./i18n";

function renderApp() {
  return render(
    <I18nProvider>
      <App />
    </I18nProvider>,
  );
}

afterEach(() => {
  cleanup();
  clearMocks();
  localStorage.clear();
});

describe("App", () => {
  it("shows the heading and the version and profile the backend reports", async () => {
    const calls: string[] = [];
    mockIPC((cmd) => {
      calls.push(cmd);
      if (cmd === "app_info") return { name: "KYB Desk", version: "9.8.7", profile: "release" };
      throw new Error(`unexpected command ${cmd}`);
    });
    renderApp();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("KYB Desk");
    expect((await screen.findByTestId("app-version")).textContent).toBe("v9.8.7");
    expect(screen.getByTestId("app-profile").textContent).toBe("release");
    expect(calls).toContain("app_info");
  });

  it("says plainly when the backend cannot be reached", async () => {
    mockIPC(() => {
      throw new Error("ipc down");
    });
    renderApp();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("No se pudo comunicar con el proceso de la aplicación.");
    expect(alert.textContent).toContain("ipc down");
    expect(screen.queryByTestId("app-version")).toBeNull();
  });

  it("speaks Spanish by default and switches to English", async () => {
    mockIPC(() => ({ name: "KYB Desk", version: "1.0.0", profile: "debug" }));
    renderApp();
    expect(screen.getByText("Mesa de revisión de expedientes empresariales")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Idioma" }));
    expect(screen.getByText("Business onboarding file review desk")).toBeTruthy();
    expect(localStorage.getItem("kyb-desk.locale")).toBe("en");
    await screen.findByTestId("app-version");
  });
});

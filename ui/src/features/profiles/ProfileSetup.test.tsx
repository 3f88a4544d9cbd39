import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { ProfileInput } from "../../bindings/ProfileInput";
import { I18nProvider } from "../../i18n";
import { ProfileSetup } from "./ProfileSetup";

afterEach(() => {
  cleanup();
  clearMocks();
});

function renderSetup(onDone = () => {}) {
  return render(
    <I18nProvider>
      <ProfileSetup onDone={onDone} />
    </I18nProvider>,
  );
}

describe("the first-run profile screen", () => {
  it("shows the backend's problems beside the fields the user has left", async () => {
    mockIPC((cmd, args) => {
      if (cmd !== "check_profile") throw new Error(cmd);
      const input = (args as { input: ProfileInput }).input;
      return input.workspaceId.length === 36 ? [] : [{ field: "workspaceId", message: "El Workspace debe ser un UUID." }];
    });
    renderSetup();
    const workspace = screen.getByLabelText("Workspace (UUID)");
    fireEvent.change(workspace, { target: { value: "abc" } });
    fireEvent.blur(workspace);
    expect(await screen.findByText("El Workspace debe ser un UUID.")).toBeTruthy();
    fireEvent.change(workspace, { target: { value: "6a1f0000-0000-4000-8000-000000000099" } });
    await waitFor(() => expect(screen.queryByText("El Workspace debe ser un UUID.")).toBeNull());
  });

  it("saves the profile, stores the key, then has the backend try the connection", async () => {
    const calls: [string, unknown][] = [];
    mockIPC((cmd, args) => {
      calls.push([cmd, args]);
      switch (cmd) {
        case "check_profile":
          return [];
        case "save_profile":
          return { id: "p1", ...(args as { input: ProfileInput }).input };
        case "set_api_key":
          return { present: true, lastFour: "1234", storage: "keyring", keyringProblem: null };
        case "check_connection":
          return null;
        default:
          throw new Error(cmd);
      }
    });
    const onDone = vi.fn();
    renderSetup(onDone);
    fireEvent.change(screen.getByLabelText("Nombre del perfil"), { target: { value: "Operación" } });
    fireEvent.change(screen.getByLabelText("FlowID"), { target: { value: "flujo-moral" } });
    fireEvent.change(screen.getByLabelText("API Key"), { target: { value: "sk_live_1234" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar y probar conexión" }));
    expect(await screen.findByText(/Conexión verificada/)).toBeTruthy();
    const names = calls.map(([cmd]) => cmd).filter((cmd) => cmd !== "check_profile");
    expect(names).toEqual(["save_profile", "set_api_key", "check_connection"]);
    expect(calls.find(([cmd]) => cmd === "set_api_key")?.[1]).toMatchObject({ key: "sk_live_1234", sessionOnly: false });
    expect(calls.find(([cmd]) => cmd === "check_connection")?.[1]).toMatchObject({ profileId: "p1" });
    await waitFor(() => expect(onDone).toHaveBeenCalled(), { timeout: 2000 });
  });

  it("says why the keyring failed and offers this session only", async () => {
    mockIPC((cmd, args) => {
      if (cmd === "check_profile") return [];
      if (cmd === "save_profile") return { id: "p1", ...(args as { input: ProfileInput }).input };
      if (cmd === "set_api_key") throw { code: "keyring_unavailable", message: "No se pudo usar el llavero del sistema.", details: ["no D-Bus"] };
      throw new Error(cmd);
    });
    renderSetup();
    fireEvent.change(screen.getByLabelText("API Key"), { target: { value: "sk_live_1234" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar y probar conexión" }));
    const alert = await screen.findByTestId("error-notice");
    expect(alert.textContent).toContain("no D-Bus");
    expect((screen.getByLabelText(/solo para esta sesión/) as HTMLInputElement).checked).toBe(true);
  });
});

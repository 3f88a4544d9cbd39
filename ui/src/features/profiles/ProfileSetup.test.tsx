import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { command } from "../../api/commands";
import { queries } from "../../api/queries";
import type { Failure } from "../../bindings/Failure";
import type { PolicyView } from "../../bindings/PolicyView";
import type { ProfileInput } from "../../bindings/ProfileInput";
import { I18nProvider } from "../../i18n";
import { startWithPreferences } from "../../preferences";
import { Answered } from "../../test/answered";
import { advance, settled, stoppedClock } from "../../test/clock";
import { render } from "../../test/render";
import { CONNECTED_SHOWN_MS, ProfileSetup } from "./ProfileSetup";

afterEach(() => {
  cleanup();
  clearMocks();
});

const failure = (field: string, rule: Failure["rule"], position: number | null = null): Failure => ({
  field,
  rule,
  limit: null,
  section: null,
  position,
  sent: null,
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
      if (cmd !== command.check_profile) throw new Error(cmd);
      const input = (args as { input: ProfileInput }).input;
      return input.workspaceId.length === 36 ? [] : [failure("workspaceId", "invalid")];
    });
    renderSetup();
    const workspace = screen.getByLabelText("Workspace (UUID)");
    fireEvent.change(workspace, { target: { value: "abc" } });
    fireEvent.blur(workspace);
    expect(await screen.findByText("El Workspace debe ser un UUID.")).toBeTruthy();
    fireEvent.change(workspace, { target: { value: "6a1f0000-0000-4000-8000-000000000099" } });
    await waitFor(() => expect(screen.queryByText("El Workspace debe ser un UUID.")).toBeNull());
  });

  it("says why a plain-http address is refused, and which flow lacks what", async () => {
    mockIPC((cmd, args) => {
      if (cmd !== command.check_profile) throw new Error(cmd);
      const input = (args as { input: ProfileInput }).input;
      const problems: Failure[] = [failure("label", "required", 1)];
      if (input.environment.kind === "custom" && input.environment.base_url.startsWith("http:")) problems.push(failure("environment", "https_only"));
      return problems;
    });
    renderSetup();
    fireEvent.change(screen.getByTestId("profile-environment"), { target: { value: "custom" } });
    const address = screen.getByTestId("profile-base-url");
    fireEvent.change(address, { target: { value: "http://kyb.example.mx" } });
    fireEvent.blur(address);
    expect(await screen.findByText(/porque la API Key viajaría sin cifrar/)).toBeTruthy();
    expect(screen.getByText(/^La dirección del servicio debe usar https: http solo se admite en esta computadora/)).toBeTruthy();
    // From a flow's FlowID to its name is not leaving the flows.
    // (The check that names it has answered: the address's problem is shown. A field
    // left is drawn at once, within the blur's act().)
    fireEvent.blur(screen.getByTestId("profile-flow-id-0"), { relatedTarget: screen.getByTestId("profile-flow-label-0") });
    expect(screen.queryByText("El flujo 1 necesita un nombre.")).toBeNull();
    fireEvent.blur(screen.getByTestId("profile-flow-label-0"));
    expect(await screen.findByText("El flujo 1 necesita un nombre.")).toBeTruthy();
  });

  it("shows a refused key beside the key field", async () => {
    mockIPC((cmd, args) => {
      if (cmd === command.check_profile) return [];
      if (cmd === command.save_profile) return { id: "p1", ...(args as { input: ProfileInput }).input };
      if (cmd === command.set_api_key) throw { code: "invalid_input", message: "", details: [], task: null, problems: [failure("apiKey", "invalid")] };
      throw new Error(cmd);
    });
    renderSetup();
    fireEvent.change(screen.getByLabelText("API Key"), { target: { value: "sk\u0007" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar y probar conexión" }));
    const notice = await screen.findByTestId("error-notice");
    expect(notice.textContent).toContain("Hay datos por corregir.");
    expect(await screen.findByText("La API Key no puede contener saltos de línea ni otros caracteres de control.")).toBeTruthy();
    // Beside the field, not listed again in the notice.
    expect(within(notice).queryByTestId("error-problems")).toBeNull();
  });

  it("saves the profile, stores the key, then has the backend try the connection", async () => {
    const calls: [string, unknown][] = [];
    mockIPC((cmd, args) => {
      calls.push([cmd, args]);
      switch (cmd) {
        case command.check_profile:
          return [];
        case command.save_profile:
          return { id: "p1", ...(args as { input: ProfileInput }).input };
        case command.set_api_key:
          return { present: true, lastFour: "1234", storage: "keyring", keyringProblem: null };
        case command.check_connection:
          return null;
        default:
          throw new Error(cmd);
      }
    });
    const onDone = vi.fn();
    stoppedClock();
    renderSetup(onDone);
    fireEvent.change(screen.getByLabelText("Nombre del perfil"), { target: { value: "Operación" } });
    fireEvent.change(screen.getByLabelText("FlowID"), { target: { value: "flujo-moral" } });
    fireEvent.change(screen.getByLabelText("API Key"), { target: { value: "sk_live_1234" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar y probar conexión" }));
    await settled(() => screen.getByText(/Conexión verificada/));
    // The checks and the policy's read as typed; what is written, in its order.
    const names = calls.map(([cmd]) => cmd).filter((cmd) => cmd !== command.check_profile && cmd !== command.policy);
    expect(names).toEqual([command.save_profile, command.set_api_key, command.check_connection]);
    expect(calls.find(([cmd]) => cmd === command.set_api_key)?.[1]).toMatchObject({ key: "sk_live_1234", sessionOnly: false });
    expect(calls.find(([cmd]) => cmd === command.check_connection)?.[1]).toMatchObject({ profileId: "p1" });
    // The success stays on screen a moment, then the app opens.
    await advance(CONNECTED_SHOWN_MS - 10);
    expect(onDone).not.toHaveBeenCalled();
    await advance(10);
    expect(onDone).toHaveBeenCalled();
  });

  it("says why the keyring failed and offers this session only", async () => {
    mockIPC((cmd, args) => {
      if (cmd === command.check_profile) return [];
      if (cmd === command.save_profile) return { id: "p1", ...(args as { input: ProfileInput }).input };
      if (cmd === command.set_api_key) throw { code: "keyring_unavailable", message: "no D-Bus", details: [], task: "use_keyring", problems: [] };
      throw new Error(cmd);
    });
    renderSetup();
    fireEvent.change(screen.getByLabelText("API Key"), { target: { value: "sk_live_1234" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar y probar conexión" }));
    const alert = await screen.findByTestId("error-notice");
    expect(alert.textContent).toContain("No se pudo usar el llavero del sistema.");
    expect(alert.textContent).toContain("No se pudo usar el llavero del sistema: no D-Bus");
    expect((screen.getByLabelText(/solo para esta sesión/) as HTMLInputElement).checked).toBe(true);
  });

  const policy = (demo: boolean): PolicyView => ({
    state: demo ? "none" : "managed",
    path: "/etc/kyb-desk/policy.json",
    demo,
    stateChanges: true,
    autoRefresh: { choices: [0, 5, 15, 60], fallback: 0 },
    teams: [],
  });

  function withPolicy(demo: boolean) {
    mockIPC((cmd) => {
      if (cmd === command.policy) return policy(demo);
      if (cmd === command.check_profile) return [];
      throw new Error(cmd);
    });
  }

  /** The text that describes a control (its aria-describedby). */
  const description = (control: HTMLElement) =>
    (control.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" ");

  it("points to the demo, and says where the Workspace and a FlowID come from", async () => {
    withPolicy(true);
    renderSetup();
    expect((await screen.findByTestId("setup-demo")).textContent).toContain("make run");
    expect(screen.getByTestId("setup-demo").textContent).toContain("kyb-desk --demo");
    expect(description(screen.getByLabelText("Workspace (UUID)"))).toContain("X-Workspace");
    expect(description(screen.getByLabelText("Workspace (UUID)"))).toContain("Pídalo, con la API Key, a quien administra esa cuenta.");
    expect(description(screen.getByLabelText("FlowID"))).toContain("define qué pide un expediente");
    cleanup();
    startWithPreferences({ language: "en" });
    renderSetup();
    expect((await screen.findByTestId("setup-demo")).textContent).toContain("The demo brings a local service with sample files");
    expect(description(screen.getByLabelText("FlowID"))).toContain("Ask the account’s manager for your FlowIDs");
  });

  it("does not point to a demo the company's policy turned off", async () => {
    withPolicy(false);
    render(
      <I18nProvider>
        <ProfileSetup onDone={() => {}} />
        <Answered query={queries.policy()} testId="policy-read" />
      </I18nProvider>,
    );
    // The policy drawn: the line would show by then.
    await screen.findByTestId("policy-read");
    expect(screen.queryByTestId("setup-demo")).toBeNull();
    expect(description(screen.getByLabelText("Workspace (UUID)"))).toContain("X-Workspace");
  });
});

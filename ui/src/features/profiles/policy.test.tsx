// What the company's policy fixes, as the window shows it: a preset profile's fields
// disabled with the reason and the profile not deletable; a refused policy said with
// its line; the automatic refresh's choices held to the policy's minimum.
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { command } from "../../api/commands";
import type { PolicyView } from "../../bindings/PolicyView";
import type { Profile } from "../../bindings/Profile";
import { I18nProvider } from "../../i18n";
import { startWithPreferences } from "../../preferences";
import { render } from "../../test/render";
import { AutoRefreshChoice } from "../watchlist/AutoRefreshChoice";
import { PolicyNotice } from "./PolicyNotice";
import { ProfilesView } from "./ProfilesView";

afterEach(() => {
  cleanup();
  clearMocks();
});

// A control is disabled by itself or by the fieldset around it (the form's fixed fields).
const disabled = (element: Element) => element.matches(":disabled");
const text = (element: Element) => element.textContent ?? "";

const unmanaged: PolicyView = {
  state: "none",
  path: "/etc/kyb-desk/policy.json",
  demo: true,
  stateChanges: true,
  autoRefresh: { choices: [0, 5, 15, 60], fallback: 0 },
  teams: [],
};

function withPolicy(policy: PolicyView) {
  mockIPC((cmd) => {
    if (cmd === command.policy) return policy;
    if (cmd === command.check_profile) return [];
    if (cmd === command.key_status)
      return { present: false, lastFour: null, storage: null, keyringProblem: null, boundOrigin: null, profileOrigin: null, originConfirmed: false };
    return null;
  });
}

const preset: Profile = {
  id: "p1",
  name: "Producción",
  environment: { kind: "production" },
  workspaceId: "6a1f0000-0000-4000-8000-000000000099",
  agentEmail: "",
  flows: [{ flowId: "flujo-moral", label: "Morales", personType: "Moral" }],
  fixed: ["name", "environment", "workspaceId"],
};
const { fixed: _, ...unfixed } = preset;
const own: Profile = { ...unfixed, id: "p2", name: "Pruebas" };

describe("the company's policy in the window", () => {
  it("shows a preset profile's fields as fixed, with the reason, and keeps it from deletion", async () => {
    withPolicy(unmanaged);
    render(
      <I18nProvider>
        <ProfilesView book={{ profiles: [preset, own], active: "p1" }} onBook={() => {}} />
      </I18nProvider>,
    );
    const card = (name: string) => screen.getAllByTestId("profile-card").find((c) => c.dataset.name === name) as HTMLElement;
    expect(disabled(within(card("Producción")).getByTestId("profile-delete"))).toBe(true);
    expect(text(within(card("Producción")).getByTestId("profile-fixed"))).toContain("Fijado por la política de su empresa");
    expect(disabled(within(card("Pruebas")).getByTestId("profile-delete"))).toBe(false);
    expect(within(card("Pruebas")).queryByTestId("profile-fixed")).toBeNull();

    fireEvent.click(within(card("Producción")).getByTestId("profile-edit"));
    const name = await screen.findByTestId("profile-name");
    expect(disabled(name)).toBe(true);
    expect(disabled(screen.getByTestId("profile-workspace"))).toBe(true);
    expect(disabled(screen.getByTestId("profile-environment"))).toBe(true);
    // Not preset: the user's to give.
    expect(disabled(screen.getByTestId("profile-email"))).toBe(false);
    expect(disabled(screen.getByTestId("profile-flow-id-0"))).toBe(false);
    expect(screen.getAllByTestId("profile-fixed")).toHaveLength(3);
    for (const reason of screen.getAllByTestId("profile-fixed")) expect(text(reason)).toContain("Fijado por la política de su empresa");
  });

  it("fills in and fixes the team database the policy holds a workspace to, and leaves the login to the member", async () => {
    const held: PolicyView = {
      ...unmanaged,
      state: "managed",
      teams: [{ workspace: own.workspaceId.toUpperCase(), host: "db.empresa.mx", port: 5433, database: "kyb_team" }],
    };
    const saved: unknown[] = [];
    mockIPC((cmd, args) => {
      if (cmd === command.save_profile) {
        saved.push((args as { input: unknown }).input);
        throw { code: "network", message: "stop here", problems: [] };
      }
      if (cmd === command.policy) return held;
      if (cmd === command.check_profile) return [];
      if (cmd === command.key_status)
        return { present: true, lastFour: "1234", storage: "keyring", keyringProblem: null, boundOrigin: null, profileOrigin: null, originConfirmed: true };
      return null;
    });
    const teamOnly: Profile = { ...own, fixed: ["team"] };
    render(
      <I18nProvider>
        <ProfilesView book={{ profiles: [teamOnly], active: "p2" }} onBook={() => {}} />
      </I18nProvider>,
    );
    // Not a preset: its user may delete it, and nothing says it is fixed whole.
    expect(disabled(await screen.findByTestId("profile-delete"))).toBe(false);
    expect(screen.queryByTestId("profile-fixed")).toBeNull();
    fireEvent.click(screen.getByTestId("profile-edit"));
    const inTeam = await screen.findByTestId("profile-team");
    await waitFor(() => expect((inTeam as HTMLInputElement).checked).toBe(true));
    expect(disabled(inTeam)).toBe(true);
    expect(text(screen.getByTestId("profile-team-fixed"))).toContain("fija la base de datos del equipo");
    expect((screen.getByTestId("profile-team-host") as HTMLInputElement).value).toBe("db.empresa.mx");
    expect((screen.getByTestId("profile-team-host") as HTMLInputElement).readOnly).toBe(true);
    expect((screen.getByTestId("profile-team-database") as HTMLInputElement).readOnly).toBe(true);
    const login = screen.getByTestId("profile-team-user") as HTMLInputElement;
    expect(login.readOnly).toBe(false);
    fireEvent.change(login, { target: { value: "ana" } });
    fireEvent.submit(login.closest("form") as HTMLFormElement);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({ team: { host: "db.empresa.mx", port: 5433, database: "kyb_team", user: "ana" } });
  });

  it("says a refused policy with its line, in Spanish and in English", async () => {
    withPolicy({
      ...unmanaged,
      state: "refused",
      demo: false,
      stateChanges: false,
      refusal: { line: 3, column: 14, detail: "unknown field `apiKey`" },
    });
    const { unmount } = render(
      <I18nProvider>
        <PolicyNotice />
      </I18nProvider>,
    );
    const notice = await screen.findByTestId("policy-notice");
    expect(text(notice)).toContain("no es válida (línea 3, columna 14): unknown field `apiKey`");
    expect(text(notice)).toContain("ningún Workspace puede enviar cambios");
    unmount();
    startWithPreferences({ language: "en" });
    render(
      <I18nProvider>
        <PolicyNotice />
      </I18nProvider>,
    );
    expect(text(await screen.findByTestId("policy-notice"))).toContain("is not valid (line 3, column 14)");
    startWithPreferences();
  });

  it("says nothing without a policy, and offers only the refresh intervals the policy leaves", async () => {
    withPolicy({ ...unmanaged, state: "managed", autoRefresh: { choices: [5, 15, 30], fallback: 30, minimum: 30 } });
    render(
      <I18nProvider>
        <PolicyNotice />
        <AutoRefreshChoice minutes={30} nextAt={null} onChange={() => {}} />
      </I18nProvider>,
    );
    await waitFor(() => expect(text(screen.getByTestId("auto-policy"))).toContain("al menos cada 30 min"));
    const offered = [...(screen.getByTestId("auto-refresh") as HTMLSelectElement).options].map((o) => o.value);
    expect(offered).toEqual(["5", "15", "30"]);
    expect(screen.queryByTestId("policy-notice")).toBeNull();
  });
});

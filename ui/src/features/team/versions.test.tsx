// Versions in the team: the Team screen lists each member's desk version and
// when it was last seen; a desk older than the team needs says so, which version, and
// how to update (its package manager, or IT), in both languages; a supervisor sets the
// need (the desk core validates it: its refusal is shown).
import { clearMocks } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { command } from "../../api/commands";
import type { DeskVersion } from "../../bindings/DeskVersion";
import type { Member } from "../../bindings/Member";
import { startWithPreferences } from "../../preferences";
import { teamMember } from "../../test/team";
import { TeamView } from "./TeamView";
import { refusal, shown, team } from "./testing";

afterEach(() => {
  cleanup();
  clearMocks();
});

const members: Member[] = [
  teamMember("ana", { deskVersion: "0.1.0", seenAt: "2026-11-20T15:04:00Z", belowNeed: true }),
  teamMember("beto", { role: "supervisor", deskVersion: "0.3.0-rc.1", seenAt: "2026-11-21T09:30:00Z", belowNeed: true }),
  teamMember("carla", { role: "agent", mustChange: true }),
];

const outdated: DeskVersion = { mine: "0.1.0", needed: "0.3.0", outdated: true };
const current: DeskVersion = { mine: "0.3.0", needed: "0.3.0", outdated: false };

function teamScreen(deskVersion: DeskVersion, role: "analyst" | "supervisor" = "analyst", set: (version: string) => unknown = () => deskVersion) {
  const asked: string[] = [];
  team(
    (cmd, args) => {
      if (cmd === command.team_members) return members;
      if (cmd === command.open_approvals) return [];
      if (cmd === command.set_desk_version_needed) {
        asked.push(String(args.version));
        return set(String(args.version));
      }
      throw new Error(cmd);
    },
    { deskVersion, role },
  );
  shown(<TeamView />);
  return asked;
}

const row = async (login: string) => (await screen.findAllByTestId("team-member")).find((r) => r.getAttribute("data-login") === login) as HTMLElement;

describe("versions in the team", () => {
  it("lists each member's desk version and when it was last seen, a dash before it connected", async () => {
    teamScreen(current);
    await waitFor(async () => expect(within(await row("beto")).getByTestId("member-version").textContent).toContain("0.3.0-rc.1"));
    const ana = within(await row("ana")).getByTestId("member-version").textContent ?? "";
    expect(ana).toContain("0.1.0");
    expect(ana).toMatch(/visto .*2026/);
    expect(within(await row("carla")).getByTestId("member-version").textContent).toBe("—");
    // Those whose desk lags behind the team's need are marked (a desk never seen is not).
    expect(within(await row("ana")).getByTestId("member-below-need").textContent).toBe("Por debajo de la versión que necesita el equipo");
    expect(within(await row("beto")).queryByTestId("member-below-need")).not.toBeNull();
    expect(within(await row("carla")).queryByTestId("member-below-need")).toBeNull();
    expect(screen.getByRole("columnheader", { name: "Versión del escritorio" })).toBeTruthy();
  });

  it("says an outdated desk is out of date, which version the team needs and how to update it", async () => {
    teamScreen(outdated);
    const notice = await screen.findByTestId("desk-outdated");
    const text = notice.textContent ?? "";
    expect(text).toContain("Este escritorio está desactualizado: tiene la versión 0.1.0 y el equipo necesita la 0.3.0 o posterior.");
    expect(text).toContain("sudo apt-get update && sudo apt-get install --only-upgrade kyb-desk");
    expect(text).toContain("sudo dnf upgrade kyb-desk");
    expect(text).toContain("pida a su área de TI");
    expect(text).toContain("no cambia nada del equipo ni del servicio");
    expect(notice.getAttribute("role")).toBe("alert");
  });

  it("says it in English too", async () => {
    startWithPreferences({ language: "en" });
    try {
      teamScreen(outdated);
      const text = (await screen.findByTestId("desk-outdated")).textContent ?? "";
      expect(text).toContain("This desk is out of date: it has version 0.1.0 and the team needs 0.3.0 or later.");
      expect(text).toContain("sudo apt-get update && sudo apt-get install --only-upgrade kyb-desk");
      expect(text).toContain("ask your IT");
      expect((await row("ana")).textContent).toMatch(/seen .*2026/);
    } finally {
      startWithPreferences({ language: "es-MX" });
    }
  });

  it("says nothing of updating to a desk at the version the team needs, and no control to an analyst", async () => {
    teamScreen(current);
    const panel = await screen.findByTestId("version-needed");
    expect(panel.textContent).toContain("El equipo necesita la versión 0.3.0 o posterior; este escritorio tiene la 0.3.0.");
    expect(screen.queryByTestId("desk-outdated")).toBeNull();
    expect(screen.queryByTestId("version-needed-input")).toBeNull();
  });

  it("lets a supervisor set the version the team needs, and shows the desk's refusal of one that is none", async () => {
    const asked = teamScreen({ mine: "0.3.0", needed: null, outdated: false }, "supervisor", (version) =>
      version === "1.4" ? refusal("invalid_input") : { mine: "0.3.0", needed: version, outdated: false },
    );
    const input = (await screen.findByTestId("version-needed-input")) as HTMLInputElement;
    expect(screen.getByTestId("version-needed").textContent).toContain("(ninguna fijada)");
    fireEvent.change(input, { target: { value: "1.4" } });
    fireEvent.click(screen.getByTestId("version-needed-save"));
    expect(await within(screen.getByTestId("version-needed")).findByTestId("error-notice")).toBeTruthy();
    fireEvent.change(input, { target: { value: " 1.4.0 " } });
    fireEvent.click(screen.getByTestId("version-needed-save"));
    await waitFor(() => expect(asked).toEqual(["1.4", "1.4.0"]));
    await waitFor(() => expect(within(screen.getByTestId("version-needed")).queryByTestId("error-notice")).toBeNull());
  });
});

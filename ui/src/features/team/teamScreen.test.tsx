// The team screen as a supervisor finds it: the workload before the members'
// administration, and a directory box that promises only what the desk supports.
import { clearMocks } from "@tauri-apps/api/mocks";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { command } from "../../api/commands";
import { startWithPreferences } from "../../preferences";
import { TeamView } from "./TeamView";
import { shown, team } from "./testing";

afterEach(() => {
  cleanup();
  clearMocks();
});

function supervisorScreen() {
  team(
    (cmd) => {
      if (cmd === command.team_members) return [];
      if (cmd === command.open_approvals) return [];
      if (cmd === command.team_workload) return [];
      throw new Error(cmd);
    },
    { role: "supervisor", member: "jefa" },
  );
  shown(<TeamView />);
}

describe("the team screen", () => {
  it("shows the workload and its reassignment before the members' administration", async () => {
    supervisorScreen();
    const members = await screen.findByTestId("team-members");
    const workload = screen.getByTestId("team-workload");
    const reassign = screen.getByTestId("reassign");
    const precedes = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(precedes(workload, reassign)).toBe(true);
    expect(precedes(reassign, members)).toBe(true);
  });

  // The desk's PostgreSQL driver speaks no Kerberos (GSSAPI): a directory login is an
  // LDAP one, checked by the server (docs/OPERATIONS.md, "Members").
  it("offers to bind a login of an LDAP directory, never a Kerberos one", async () => {
    supervisorScreen();
    const box = (await screen.findByTestId("member-add")).querySelector("label.check")?.textContent ?? "";
    expect(box).toBe("Usuario existente del directorio LDAP de la empresa: sin contraseña de un solo uso (el miembro escribe una vez la de su directorio)");
    expect(box).not.toMatch(/kerberos/i);
  });

  it("says so in English too", async () => {
    startWithPreferences({ language: "en" });
    try {
      supervisorScreen();
      const box = (await screen.findByTestId("member-add")).querySelector("label.check")?.textContent ?? "";
      expect(box).toBe("An existing login of the company's LDAP directory: no one-time password (the member types their directory password once)");
      expect(box).not.toMatch(/kerberos/i);
    } finally {
      startWithPreferences({ language: "es-MX" });
    }
  });
});

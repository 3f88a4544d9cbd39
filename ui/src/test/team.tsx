// For tests only: a desk in a team as the backend lists it (its profile, the team's
// members, the team's trail), and the trail's screen shown with a trail the test gives.

import { command } from "../api/commands";
import type { Member } from "../bindings/Member";
import type { Profile } from "../bindings/Profile";
import type { TeamStatus } from "../bindings/TeamStatus";
import type { TeamTrail as Trail } from "../bindings/TeamTrail";
import { TeamTrail } from "../features/team/TeamTrail";
import { shown, team } from "../features/team/testing";
import { GivenInfo } from "./appInfo";

/** Ana's profile on the sandbox, one flow ("flujo"), working in a team whose database is
 * on this machine. */
export const teamProfile: Profile = {
  id: "p1",
  name: "Equipo",
  environment: { kind: "sandbox" },
  workspaceId: "w",
  agentEmail: "ana@kybdesk.mx",
  flows: [{ flowId: "flujo", label: "Morales", personType: "Moral" }],
  team: { host: "localhost", port: 5432, database: "kyb", user: "ana" },
};

/** A member as the team lists them: an analyst who signed in already, their desk as new
 * as the team needs, unless `over` says; the email is the login's at kybdesk.mx (or the
 * login, when it is one). */
export function teamMember(login: string, over: Partial<Member> = {}): Member {
  return { login, email: login.includes("@") ? login : `${login}@kybdesk.mx`, role: "analyst", mustChange: false, belowNeed: false, ...over };
}

/** The team's trail: eight entries in an unbroken chain, nothing owed, unless `over` says. */
export function teamTrail(over: Partial<Trail> = {}): Trail {
  return {
    entries: [],
    chain: { entries: 8, breaks: [], openIntents: [], checkpoints: 0, head: { seq: 8, hash: "h8" } },
    anchor: null,
    ...over,
  };
}

/** The trail's screen in a connected team (`over` its status) whose trail is `trail`;
 * `extra` answers the other commands (a thrown error is a refusal). */
export function showTrail(
  trail: Trail | (() => Trail),
  over: Partial<TeamStatus> = {},
  extra: (cmd: string, args: Record<string, unknown>) => unknown = (cmd) => {
    throw new Error(cmd);
  },
) {
  team((cmd, args) => {
    if (cmd === command.team_trail) return typeof trail === "function" ? trail() : trail;
    return extra(cmd, args);
  }, over);
  return shown(
    <GivenInfo>
      <TeamTrail />
    </GivenInfo>,
  );
}

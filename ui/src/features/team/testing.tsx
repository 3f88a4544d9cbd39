// For tests only: a team as the backend answers for it, over a mocked IPC.
import { mockIPC } from "@tauri-apps/api/mocks";
import { type ReactNode, useEffect } from "react";
import { type CommandName, command } from "../../api/commands";
import type { Details } from "../../bindings/Details";
import type { TeamChange } from "../../bindings/TeamChange";
import type { TeamStatus } from "../../bindings/TeamStatus";
import { I18nProvider } from "../../i18n";
import { render } from "../../test/render";
import { TeamProvider, useTeam } from "./TeamContext";

export const DOC_A = "2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10";
export const DOC_B = "9a6b3c1e-5b0a-4c7e-9d55-7d2b3b1a9e11";

export function status(over: Partial<TeamStatus> = {}): TeamStatus {
  return {
    configured: true,
    address: { host: "localhost", port: 5432, database: "kyb", user: "kyb" },
    password: { present: false, lastFour: null, storage: null, keyringProblem: null, boundOrigin: null, profileOrigin: null, originConfirmed: false },
    connected: true,
    problem: null,
    member: "ana@kybdesk.mx",
    email: "ana@kybdesk.mx",
    role: "analyst",
    fourEyes: { on: true, resendLimit: 2 },
    trailAlarm: null,
    ...over,
  };
}

/** The status of a team out of reach, with the driver's own (English) words. */
export const offline = (message = "the team database cannot be reached: pool timed out while waiting for an open connection") =>
  status({
    connected: false,
    member: null,
    email: null,
    role: null,
    fourEyes: null,
    problem: { code: "team_unreachable", message, details: null, task: null, problems: [] },
  });

/** The IPC of a connected team; `extra` answers the rest (a thrown error is a refusal). */
export function team(extra: (cmd: string, args: Record<string, unknown>) => unknown, over: Partial<TeamStatus> = {}) {
  mockIPC((cmd, args) => {
    if (cmd === command.team_status) return status(over);
    // Listening lasts as long as the test.
    if (cmd === command.team_changes) return new Promise(() => undefined);
    return extra(cmd, (args ?? {}) as Record<string, unknown>);
  });
}

/** A team the test drives: the notices it hears, its status, and its connection lost
 * (listening fails, as when the database goes away); `calls` counts each command. */
export function liveTeam(extra: (cmd: string, args: Record<string, unknown>) => unknown, initial: TeamStatus = status()) {
  const live = {
    status: initial,
    calls: new Map<string, number>(),
    send: null as ((change: TeamChange) => void) | null,
    lose: null as (() => void) | null,
    count: (cmd: CommandName) => live.calls.get(cmd) ?? 0,
  };
  mockIPC((cmd, args) => {
    live.calls.set(cmd, (live.calls.get(cmd) ?? 0) + 1);
    if (cmd === command.team_status) return live.status;
    if (cmd === command.team_changes) {
      const channel = (args as { onChange: { onmessage: (change: TeamChange) => void } }).onChange;
      live.send = (change) => channel.onmessage(change);
      return new Promise((_, reject) => {
        live.lose = () => reject({ code: "team_unreachable", message: "connection closed", details: [], task: null, problems: [] });
      });
    }
    return extra(cmd, (args ?? {}) as Record<string, unknown>);
  });
  return live;
}

export const refusal = (code: string, details: Details | null = null, message = "") => Promise.reject({ code, message, details, task: null, problems: [] });

export function shown(children: ReactNode) {
  return render(
    <I18nProvider>
      <TeamProvider profileId="p1">{children}</TeamProvider>
    </I18nProvider>,
  );
}

/** Calls `then` once the team's status has been read and the screens beside it drawn with
 * it, their effects run (it mounts in that same commit): a screen that asks something of
 * that status has asked it by then. What a test says was not asked, it says after this. */
export function TeamAnswered({ then }: { then: () => void }) {
  const { status } = useTeam();
  return status ? <Once then={then} /> : null;
}

function Once({ then }: { then: () => void }) {
  useEffect(() => then(), [then]);
  return null;
}

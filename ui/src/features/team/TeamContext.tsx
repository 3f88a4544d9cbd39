// The active profile's team, for every screen: its status (connected or why not, who,
// what role) and a counter that moves on each change another desk makes, heard live
// (LISTEN/NOTIFY through `team_changes`). Screens read their team data again when it
// moves. While the database is out of reach, the status is asked again every few
// seconds, and listening starts again once it answers.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";

import * as backend from "../../api/backend";
import { asAppError } from "../../api/backend";
import type { AppError } from "../../bindings/AppError";
import type { TeamStatus } from "../../bindings/TeamStatus";

/** How often a team out of reach is asked again. */
export const RETRY_MS = 5000;

/** Changes heard within this long of the first move the counter once: another desk's
 * import or refresh may change thousands of rows, and each screen should read its
 * team data again once for them, not once per row. Well within the second the team's
 * changes have to reach the other desks. */
export const GATHER_MS = 200;

export interface Team {
  status: TeamStatus | null;
  /** Moves on every change heard from the team (and on every reload). */
  version: number;
  reload: () => void;
}

const TeamContext = createContext<Team>({ status: null, version: 0, reload: () => undefined });

export function useTeam(): Team {
  return useContext(TeamContext);
}

/** The team's status when the profile works in a team and is connected; null otherwise. */
export function useConnectedTeam(): TeamStatus | null {
  const { status } = useTeam();
  return status?.configured && status.connected ? status : null;
}

export function TeamProvider({ profileId, children }: { profileId: string; children: ReactNode }) {
  const [status, setStatus] = useState<TeamStatus | null>(null);
  const [version, setVersion] = useState(0);
  // The timer that will move the counter for the changes heard since it was set.
  const gathering = useRef<number | null>(null);
  const reload = useCallback(() => {
    backend.teamStatus().then(
      (next) => {
        setStatus(next);
        setVersion((v) => v + 1);
      },
      () => setStatus(null),
    );
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another profile has another team.
  useEffect(reload, [reload, profileId]);
  const configured = status?.configured ?? false;
  const connected = status?.connected ?? false;
  useEffect(() => {
    if (!configured) return;
    if (!connected) {
      const timer = window.setInterval(reload, RETRY_MS);
      return () => window.clearInterval(timer);
    }
    let live = true;
    backend
      .teamChanges((change) => {
        if (!live) return;
        if (gathering.current === null)
          gathering.current = window.setTimeout(() => {
            gathering.current = null;
            if (live) setVersion((v) => v + 1);
          }, GATHER_MS);
        // A role or the four-eyes setting may have changed: the status says them.
        if (change === "members" || change === "settings")
          backend.teamStatus().then(
            (next) => live && setStatus(next),
            () => undefined,
          );
      })
      .then(
        () => undefined,
        // The database was lost: say so, and try again.
        () => live && reload(),
      );
    return () => {
      live = false;
      if (gathering.current !== null) window.clearTimeout(gathering.current);
      gathering.current = null;
    };
  }, [configured, connected, reload]);
  return <TeamContext.Provider value={{ status, version, reload }}>{children}</TeamContext.Provider>;
}

/** Loads team data when the component mounts, when `key` changes and on every team
 * change; the last answer stays on screen while the next is asked (no blink). An
 * answer is shown unless a later one is already on screen or the key has changed since
 * it was asked: while changes keep coming faster than a read takes, each read still
 * lands, instead of being dropped for the next. */
export function useTeamData<T>(load: () => Promise<T>, key: string): { value: T | null; error: AppError | null; reload: () => void } {
  const { version } = useTeam();
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [generation, setGeneration] = useState(0);
  const asked = useRef(0);
  const shown = useRef(0);
  const currentKey = useRef(key);
  currentKey.current = key;
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is a fresh closure each render; the key and the team's version say when to ask again.
  useEffect(() => {
    asked.current += 1;
    const mine = asked.current;
    const lands = () => mounted.current && mine > shown.current && currentKey.current === key;
    load().then(
      (next) => {
        if (!lands()) return;
        shown.current = mine;
        setValue(next);
        setError(null);
      },
      (e: unknown) => {
        if (!lands()) return;
        shown.current = mine;
        setError(asAppError(e));
      },
    );
  }, [key, version, generation]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { value, error, reload };
}

// The active profile's team, for every screen: its status (connected or why not, who,
// what role) and a counter that moves on each change another desk makes, heard live
// (LISTEN/NOTIFY through `team_changes`). Screens read their team data again when it
// moves. While the database is out of reach, the status is asked again every few
// seconds, and listening starts again once it answers. Any member may send a notice
// (PostgreSQL lets anyone NOTIFY), so notices only pace the re-reads: a flood of them
// costs each desk at most one read of each kind per PACE_MS (issue 30).
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";

import * as backend from "../../api/backend";
import { asAppError } from "../../api/backend";
import type { AppError } from "../../bindings/AppError";
import type { Claim } from "../../bindings/Claim";
import type { TeamStatus } from "../../bindings/TeamStatus";

/** How often a team out of reach is asked again. */
export const RETRY_MS = 5000;

/** Changes heard within this long of the first move the counter once: another desk's
 * import or refresh may change thousands of rows, and each screen should read its
 * team data again once for them, not once per row. Well within the second the team's
 * changes have to reach the other desks. */
export const GATHER_MS = 200;

/** The least time between two re-reads of one kind (the team's data; its status)
 * that notices cause: a flood of notices, real or spoofed, costs one read a second. */
export const PACE_MS = 1000;

/** Runs `run` once for the notices heard: `gather` after the first of a quiet spell,
 * and never twice within `pace`; a notice heard meanwhile is answered by the next run,
 * so none is missed. */
function paced(run: () => void, gather: number, pace: number) {
  let timer: number | null = null;
  let last = Number.NEGATIVE_INFINITY;
  return {
    hear() {
      if (timer !== null) return;
      const wait = Math.max(gather, last + pace - performance.now());
      timer = window.setTimeout(() => {
        timer = null;
        last = performance.now();
        run();
      }, wait);
    },
    stop() {
      if (timer !== null) window.clearTimeout(timer);
      timer = null;
    },
  };
}

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
    const data = paced(() => setVersion((v) => v + 1), GATHER_MS, PACE_MS);
    // A role or the four-eyes setting may have changed: the status says them.
    const statusRead = paced(
      () =>
        backend.teamStatus().then(
          (next) => live && setStatus(next),
          () => undefined,
        ),
      GATHER_MS,
      PACE_MS,
    );
    backend
      .teamChanges((change) => {
        if (!live) return;
        data.hear();
        if (change === "members" || change === "settings") statusRead.hear();
      })
      .then(
        () => undefined,
        // The database was lost: say so, and try again.
        () => live && reload(),
      );
    return () => {
      live = false;
      data.stop();
      statusRead.stop();
    };
  }, [configured, connected, reload]);
  return <TeamContext.Provider value={{ status, version, reload }}>{children}</TeamContext.Provider>;
}

/** How long after a lease's end, by this desk's clock, the claims are read again: the
 * database's clock may be a little behind. */
export const LEASE_GRACE_MS = 1000;

/** How long until claims are read again when a lease shown has already ended (the
 * clocks differ): soon, but never in a loop. */
export const LEASE_PAST_MS = 3000;

/** The longest wait for a lease's end: a later one (a lease the database would not
 * grant today) is read again then, never handed to a timer that overflows. */
export const LEASE_WAIT_MAX_MS = 10 * 60_000;

/** The database sends no notice when a lease runs out: `reread` is called just after
 * the earliest lease of `claims` ends (asked again for each new answer), so an expired
 * claim leaves every desk's screen within seconds (issue 30). */
export function useLeaseEnds(claims: readonly Claim[] | null | undefined, reread: () => void) {
  useEffect(() => {
    const ends = (claims ?? []).map((claim) => Date.parse(claim.leaseUntil)).filter(Number.isFinite);
    if (ends.length === 0) return;
    const wait = Math.min(...ends) + LEASE_GRACE_MS - Date.now();
    const timer = window.setTimeout(reread, Math.min(wait > 0 ? wait : LEASE_PAST_MS, LEASE_WAIT_MAX_MS));
    return () => window.clearTimeout(timer);
  }, [claims, reread]);
}

/** Loads team data when the component mounts, when `key` changes and on every team
 * change; the last answer stays on screen while the next is asked (no blink). An
 * answer is shown unless a later one is already on screen or the key has changed since
 * it was asked: while changes keep coming faster than a read takes, each read still
 * lands, instead of being dropped for the next. While `paused` (the team out of
 * reach), nothing is asked and the last answer stays as it was read. */
export function useTeamData<T>(load: () => Promise<T>, key: string, paused = false): { value: T | null; error: AppError | null; reload: () => void } {
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
    if (paused) return;
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
  }, [key, version, generation, paused]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { value, error, reload };
}

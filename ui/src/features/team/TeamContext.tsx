// The active profile's team, for every screen: its status (connected or why not, who,
// what role), and each change another desk makes, heard live (LISTEN/NOTIFY through
// `team_changes`), makes the team's answers stale (`keys.team`, api/queries.ts): the
// screens showing them read them again. When listening ends for a lost database, the team is said
// to be out of reach at once (the window does not wait for a read to say so); while it is, the status
// is asked again every second, and listening starts again once it answers, after every outage, however
// short (a database back before the next read still gets a new subscription). Any member may send a notice
// (PostgreSQL lets anyone NOTIFY), so notices only pace the re-reads: a flood of them
// costs each desk at most one read of each kind per PACE_MS.
import { useQueryClient } from "@tanstack/react-query";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";

import * as commands from "../../api/commands";
import { teamChanged } from "../../api/queries";
import type { AppError } from "../../bindings/AppError";
import type { Claim } from "../../bindings/Claim";
import type { TeamStatus } from "../../bindings/TeamStatus";

/** How often a team out of reach is asked again: a database back from a restart is
 * heard from within about a second (one status read at a time). */
export const RETRY_MS = 1000;

/** The longest wait between tries when listening fails again and again while the
 * status reads succeed (a standby that refuses LISTEN, say): the tries back off from
 * RETRY_MS, doubling, and start again from it once a subscription listens. */
export const RETRY_MAX_MS = 30_000;

/** A status read that has not answered by then is given up (a half-open connection):
 * the next try may ask again, and its late answer is ignored. */
export const STATUS_WAIT_MS = 5000;

/** Changes heard within this long of the first make the team's answers stale once:
 * another desk's import or refresh may change thousands of rows, and each screen
 * should read its team data again once for them, not once per row. Well within the second the team's
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
  /** Whether the desk hears other desks' changes now: until it does, a change is seen
   * at the next read only (the first word of a subscription has everything read again). */
  listening: boolean;
  /** Reads the status again, and with it every answer of the team's. */
  reload: () => void;
}

const TeamContext = createContext<Team>({ status: null, listening: false, reload: () => undefined });

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
  const [listening, setListening] = useState(false);
  /** Counts the subscriptions lost: each loss subscribes again once the team answers. */
  const [outages, setOutages] = useState(0);
  /** Subscriptions lost in a row, none listening between them: the tries back off. */
  const failures = useRef(0);
  const [retryMs, setRetryMs] = useState(RETRY_MS);
  /** The status read under way (its number), and the last one asked. */
  const reading = useRef<number | null>(null);
  const asked = useRef(0);
  const queryClient = useQueryClient();
  const reload = useCallback(() => {
    if (reading.current !== null) return;
    const read = ++asked.current;
    reading.current = read;
    const giveUp = window.setTimeout(() => {
      if (reading.current === read) reading.current = null;
    }, STATUS_WAIT_MS);
    const settle = () => {
      window.clearTimeout(giveUp);
      const latest = reading.current === read;
      if (latest) reading.current = null;
      return latest;
    };
    commands.teamStatus().then(
      (next) => {
        if (!settle()) return;
        setStatus(next);
        void teamChanged(queryClient);
      },
      () => {
        if (!settle()) return;
        setStatus(null);
      },
    );
  }, [queryClient]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another profile has another team.
  useEffect(reload, [reload, profileId]);
  const configured = status?.configured ?? false;
  const connected = status?.connected ?? false;
  // Out of reach: asked again every `retryMs`.
  useEffect(() => {
    if (!configured || connected) return;
    const timer = window.setInterval(reload, retryMs);
    return () => window.clearInterval(timer);
  }, [configured, connected, reload, retryMs]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each outage subscribes again, even when the team answers before the status changed.
  useEffect(() => {
    if (!configured || !connected) return;
    let live = true;
    const data = paced(() => void teamChanged(queryClient), GATHER_MS, PACE_MS);
    // A role or the four-eyes setting may have changed: the status says them.
    const statusRead = paced(
      () =>
        commands.teamStatus().then(
          (next) => live && setStatus(next),
          () => undefined,
        ),
      GATHER_MS,
      PACE_MS,
    );
    commands
      .teamChanges((change) => {
        if (!live) return;
        if (change === "listening") {
          setListening(true);
          failures.current = 0;
          setRetryMs(RETRY_MS);
        }
        data.hear();
        if (change === "members" || change === "settings" || change === "listening") statusRead.hear();
      })
      .then(
        () => live && setListening(false),
        // The database was lost: say so at once, and try again.
        (error: AppError) => {
          if (!live) return;
          setListening(false);
          setStatus((known) => (known ? { ...known, connected: false, problem: error } : known));
          setOutages((n) => n + 1);
          failures.current += 1;
          // The first loss is tried again at once; losses in a row, each time later.
          if (failures.current === 1) reload();
          else setRetryMs(Math.min(RETRY_MAX_MS, RETRY_MS * 2 ** (failures.current - 1)));
        },
      );
    return () => {
      live = false;
      setListening(false);
      data.stop();
      statusRead.stop();
    };
  }, [configured, connected, reload, queryClient, outages]);
  return <TeamContext.Provider value={{ status, listening, reload }}>{children}</TeamContext.Provider>;
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
 * claim leaves every desk's screen within seconds. */
export function useLeaseEnds(claims: readonly Claim[] | null | undefined, reread: () => void) {
  useEffect(() => {
    const ends = (claims ?? []).map((claim) => Date.parse(claim.leaseUntil)).filter(Number.isFinite);
    if (ends.length === 0) return;
    const wait = Math.min(...ends) + LEASE_GRACE_MS - Date.now();
    const timer = window.setTimeout(reread, Math.min(wait > 0 ? wait : LEASE_PAST_MS, LEASE_WAIT_MAX_MS));
    return () => window.clearTimeout(timer);
  }, [claims, reread]);
}

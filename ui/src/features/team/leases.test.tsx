// A lease's end, of which the database sends no notice, is read on its own: an expired
// claim leaves every desk's screen within seconds.
import { clearMocks } from "@tauri-apps/api/mocks";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { command } from "../../api/commands";
import type { Claim } from "../../bindings/Claim";
import { advance, settled, stoppedClock } from "../../test/clock";
import { sizedElements } from "../../test/sized";
import { teamProfile } from "../../test/team";
import { watchedFile } from "../watchlist/testing";
import { WatchlistView } from "../watchlist/WatchlistView";
import { LEASE_GRACE_MS, LEASE_PAST_MS } from "./TeamContext";
import { DOC_A, DOC_B, liveTeam, shown } from "./testing";

sizedElements();
afterEach(() => {
  cleanup();
  clearMocks();
});

describe("a claim whose lease runs out", () => {
  const a = watchedFile("AAA010101AA1", { flowId: "flujo", documentId: DOC_A });
  const b = watchedFile("BBB020202BB2", { flowId: "flujo", documentId: DOC_B });
  /** As the database answers (to the second): a claim whose lease has run out is not listed. */
  const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

  function queueWith(claims: (now: number) => Claim[]) {
    return liveTeam((cmd) => {
      if (cmd === command.watchlist) return [a, b];
      if (cmd === command.startup_painted) return null;
      if (cmd === command.team_queue)
        return {
          files: [a, b].map((f) => ({ flowId: f.flowId, rfc: f.rfc, status: "Pendiente", documentId: f.documentId, assignee: null })),
          claims: claims(Date.now()),
          me: "ana@kybdesk.mx",
          role: "analyst",
        };
      throw new Error(cmd);
    });
  }

  it("leaves every row within seconds of its end, with no notice from the team", async () => {
    stoppedClock();
    // Beto's desk went away: his lease ends in about two seconds, and nobody says so.
    const end = Math.ceil((Date.now() + 1500) / 1000) * 1000;
    const team = queueWith((now) => (now < end ? [{ documentId: DOC_B, member: "beto@kybdesk.mx", since: utc(end - 90_000), leaseUntil: utc(end) }] : []));
    shown(<WatchlistView profile={teamProfile} onOpen={() => undefined} onReview={() => undefined} />);
    await settled(() => expect(screen.getByTestId("row-claim").textContent).toBe("En revisión: beto"));
    const reads = team.count(command.team_queue);
    // Shown until its end and the grace after it (the database's clock may be behind)…
    await advance(end + LEASE_GRACE_MS - Date.now() - 1);
    expect(screen.getByTestId("row-claim").textContent).toBe("En revisión: beto");
    // … and read again then: gone.
    await advance(1);
    await settled(() => expect(screen.queryByTestId("row-claim")).toBeNull());
    expect(team.count(command.team_changes)).toBe(1);
    expect(team.count(command.team_queue) - reads).toBeLessThanOrEqual(2);
  });

  it("waits for a lease far off (or unreadable) without reading in a loop", async () => {
    stoppedClock();
    const team = queueWith(() => [
      { documentId: DOC_A, member: "beto@kybdesk.mx", since: "2026-11-24T10:00:00Z", leaseUntil: "2999-01-01T00:00:00Z" },
      { documentId: DOC_B, member: "caro@kybdesk.mx", since: "2026-11-24T10:00:00Z", leaseUntil: "infinity" },
    ]);
    shown(<WatchlistView profile={teamProfile} onOpen={() => undefined} onReview={() => undefined} />);
    await settled(() => expect(screen.getAllByTestId("row-claim")).toHaveLength(2));
    const reads = team.count(command.team_queue);
    // Longer than any wait for a lease that has ended, or for a timer that overflowed.
    await advance(LEASE_PAST_MS * 2);
    expect(team.count(command.team_queue)).toBe(reads);
  });
});

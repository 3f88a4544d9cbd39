// A flood of notices, which any member can send (PostgreSQL lets anyone NOTIFY), costs
// each desk a read a second at most.
import { useQuery } from "@tanstack/react-query";
import { clearMocks } from "@tauri-apps/api/mocks";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { command } from "../../api/commands";
import { queries } from "../../api/queries";
import type { TeamChange } from "../../bindings/TeamChange";
import { advance, settled, stoppedClock } from "../../test/clock";
import { PACE_MS } from "./TeamContext";
import { liveTeam, shown } from "./testing";

afterEach(() => {
  cleanup();
  clearMocks();
});

describe("a flood of notices", () => {
  function Reader() {
    const queue = useQuery(queries.teamQueue("all"));
    return <output data-testid="read">{queue.data ? queue.data.me : "…"}</output>;
  }

  it("costs at most one read of the data and one of the status per second, and the last read follows the last notice", async () => {
    stoppedClock();
    let sent = 0;
    const team = liveTeam((cmd) => {
      if (cmd === command.team_queue) return { files: [], claims: [], me: String(sent), role: "analyst" };
      throw new Error(cmd);
    });
    shown(<Reader />);
    const read = () => screen.getByTestId("read").textContent;
    await settled(() => expect(team.send).not.toBeNull());
    await advance(PACE_MS);
    expect(read()).toBe("0");
    const hear = team.send as (change: TeamChange) => void;
    const queueReads = team.count(command.team_queue);
    const statusReads = team.count(command.team_status);
    // A thousand notices in a second, twenty every 20 ms, "members" among them (each asks
    // for the status: a role may have changed).
    const kinds: TeamChange[] = ["queue", "members", "claims", "audit", "settings"];
    const floodMs = 1000;
    for (let batch = 0; batch < 50; batch++) {
      for (let n = 0; n < 20; n++) {
        sent += 1;
        hear(kinds[sent % kinds.length] as TeamChange);
      }
      await advance(floodMs / 50);
    }
    // The last read follows the last notice, a pace after the one before it at most.
    await advance(PACE_MS);
    expect(read()).toBe("1000");
    // One read when the flood starts and one a second after.
    const allowed = floodMs / PACE_MS + 1;
    expect(team.count(command.team_queue) - queueReads, "data reads for a second of notices").toBeLessThanOrEqual(allowed);
    expect(team.count(command.team_status) - statusReads, "status reads for a second of notices").toBeLessThanOrEqual(allowed);
    expect(team.count(command.team_status) - statusReads).toBeGreaterThan(0);
  });
});

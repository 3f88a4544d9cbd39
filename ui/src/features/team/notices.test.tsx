// A flood of notices, which any member can send (PostgreSQL lets anyone NOTIFY), costs
// each desk a read a second at most.
import { useQuery } from "@tanstack/react-query";
import { clearMocks } from "@tauri-apps/api/mocks";
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { command } from "../../api/commands";
import { queries } from "../../api/queries";
import type { TeamChange } from "../../bindings/TeamChange";
import { PACE_MS } from "./TeamContext";
import { liveTeam, shown } from "./testing";

afterEach(() => {
  cleanup();
  clearMocks();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a flood of notices", { timeout: 30_000 }, () => {
  function Reader() {
    const queue = useQuery(queries.teamQueue("all"));
    return <output data-testid="read">{queue.data ? queue.data.me : "…"}</output>;
  }

  it("costs at most one read of the data and one of the status per second, and the last read follows the last notice", async () => {
    let sent = 0;
    const team = liveTeam((cmd) => {
      if (cmd === command.team_queue) return { files: [], claims: [], me: String(sent), role: "analyst" };
      throw new Error(cmd);
    });
    shown(<Reader />);
    const read = () => screen.getByTestId("read").textContent;
    await waitFor(() => expect(read()).toBe("0"));
    await waitFor(() => expect(team.send).not.toBeNull());
    const hear = team.send as (change: TeamChange) => void;
    const queueReads = team.count(command.team_queue);
    const statusReads = team.count(command.team_status);
    // A thousand notices in about a second, "members" among them (each asks for the
    // status: a role may have changed).
    const kinds: TeamChange[] = ["queue", "members", "claims", "audit", "settings"];
    const started = performance.now();
    for (let batch = 0; batch < 50; batch++) {
      for (let n = 0; n < 20; n++) {
        sent += 1;
        hear(kinds[sent % kinds.length] as TeamChange);
      }
      await pause(20);
    }
    const seconds = (performance.now() - started) / 1000;
    await waitFor(() => expect(read()).toBe("1000"), { timeout: 10_000 });
    await pause(PACE_MS * 1.5);
    // One read when the flood starts and one a second after (a loaded machine stretches
    // the second; the allowance grows with it).
    const allowed = Math.ceil(seconds) + 1;
    expect(team.count(command.team_queue) - queueReads, `data reads for ${seconds.toFixed(2)} s of notices`).toBeLessThanOrEqual(allowed);
    expect(team.count(command.team_status) - statusReads, `status reads for ${seconds.toFixed(2)} s of notices`).toBeLessThanOrEqual(allowed);
    expect(team.count(command.team_status) - statusReads).toBeGreaterThan(0);
  });
});

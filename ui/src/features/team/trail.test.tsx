// The team's trail on the audit screen: the desk's own alarm when the chain is not
// the one it saw before, and a supervisor's signed checkpoint.
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { command } from "../../api/commands";
import { showTrail, teamTrail } from "../../test/team";
import { TeamView } from "./TeamView";
import { shown, team } from "./testing";

afterEach(cleanup);

describe("the team's trail", () => {
  it("raises the desk's alarm when the chain ends before what it saw, even with no break found", async () => {
    showTrail(teamTrail({ chain: { ...teamTrail().chain, entries: 6, head: { seq: 6, hash: "h6" } }, anchor: { kind: "wentBack", seen: 8, head: 6 } }));
    const alarm = await screen.findByTestId("team-anchor-alarm");
    expect(alarm.textContent).toContain("Esta mesa vio la entrada 8; la cadena ahora termina en la 6");
    expect(screen.queryByTestId("team-checkpoint-sign")).toBeNull();
  });

  it("lets a supervisor sign and save a checkpoint, and reads the trail again", async () => {
    const reads = vi.fn();
    showTrail(
      () => {
        reads();
        return teamTrail();
      },
      { role: "supervisor" },
      (cmd) => {
        if (cmd === command.export_team_checkpoint)
          return { database: "postgres://x", workspace: "w", seq: 8, hash: "h8", signer: "jefa", at: "", publicKey: "k", signature: "s", signed: "" };
        throw new Error(cmd);
      },
    );
    fireEvent.click(await screen.findByTestId("team-checkpoint-sign"));
    expect((await screen.findByText(/Punto de control firmado en la entrada 8/)).textContent).toBeTruthy();
    await waitFor(() => expect(reads.mock.calls.length).toBeGreaterThanOrEqual(2));
  });
});

describe("the Team screen", () => {
  it("says so when the chain was rewritten behind this desk's back", async () => {
    team(
      (cmd) => {
        if (cmd === command.team_members) return [];
        if (cmd === command.open_approvals) return [];
        throw new Error(cmd);
      },
      { trailAlarm: { kind: "forked", seq: 12 } },
    );
    shown(<TeamView />);
    expect((await screen.findByTestId("team-trail-alarm")).textContent).toContain("La entrada 12, que esta mesa vio, tiene hoy otro contenido");
  });
});

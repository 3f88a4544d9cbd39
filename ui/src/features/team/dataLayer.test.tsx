// The team's data through the one data layer (api/queries.ts): one read for every
// screen that shows the same thing, one read again after a burst of notices, and a
// change of this desk's own reading its answer again.
import { useQuery } from "@tanstack/react-query";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { command } from "../../api/commands";
import { queries } from "../../api/queries";
import type { Note } from "../../bindings/Note";
import type { TeamChange } from "../../bindings/TeamChange";
import { advance, settled, stoppedClock } from "../../test/clock";
import { render } from "../../test/render";
import { teamMember } from "../../test/team";
import { NotesPanel } from "./NotesPanel";
import { GATHER_MS, PACE_MS } from "./TeamContext";
import { DOC_A, liveTeam, shown } from "./testing";

afterEach(() => {
  cleanup();
  clearMocks();
  sessionStorage.clear();
});

function Members({ testId }: { testId: string }) {
  const members = useQuery(queries.members());
  return <output data-testid={testId}>{members.data ? members.data.map((m) => m.login).join(",") : "…"}</output>;
}

/** The members shown, read from a team whose notices this test sends, on the stopped
 * clock: Ana at first, every read of the start done; `members` is the team's list, to change. */
async function membersHeardLive() {
  stoppedClock();
  const members = ["ana@kybdesk.mx"];
  const team = liveTeam((cmd) => {
    if (cmd === command.team_members) return members.map((login) => teamMember(login));
    throw new Error(cmd);
  });
  shown(<Members testId="one" />);
  await settled(() => expect(team.send).not.toBeNull());
  await advance(PACE_MS);
  expect(screen.getByTestId("one").textContent).toBe("ana@kybdesk.mx");
  return { team, members };
}

describe("the team's data layer", () => {
  it("asks once for two screens that show the same members", async () => {
    stoppedClock();
    let reads = 0;
    mockIPC((cmd) => {
      if (cmd !== command.team_members) throw new Error(cmd);
      reads += 1;
      return [teamMember("ana@kybdesk.mx")];
    });
    render(
      <>
        <Members testId="one" />
        <Members testId="two" />
      </>,
    );
    await settled(() => expect(screen.getByTestId("one").textContent).toBe("ana@kybdesk.mx"));
    expect(screen.getByTestId("two").textContent).toBe("ana@kybdesk.mx");
    // And none after: not within a gathering's time either.
    await advance(GATHER_MS);
    expect(reads).toBe(1);
  });

  it("reads the members again once after a burst of notices, and shows the new ones", async () => {
    const { team, members } = await membersHeardLive();
    const before = team.count(command.team_members);
    members.push("beto@kybdesk.mx");
    const hear = team.send as (change: TeamChange) => void;
    for (let n = 0; n < 50; n++) hear("members");
    await advance(GATHER_MS);
    await settled(() => expect(screen.getByTestId("one").textContent).toBe("ana@kybdesk.mx,beto@kybdesk.mx"));
    // Past the gathering and the pace after it: a second read would have been asked.
    await advance(PACE_MS * 2);
    expect(team.count(command.team_members) - before).toBe(1);
  });

  it("reads the members again when the desk starts to listen: a change made before was not heard", async () => {
    const { team, members } = await membersHeardLive();
    // Beto joined between the first read and the LISTEN: no notice of it ever comes.
    members.push("beto@kybdesk.mx");
    (team.send as (change: TeamChange) => void)("listening");
    await advance(GATHER_MS);
    await settled(() => expect(screen.getByTestId("one").textContent).toBe("ana@kybdesk.mx,beto@kybdesk.mx"));
  });

  it("reads a file's notes again once a note is added here", async () => {
    const notes: Note[] = [{ id: 1, member: "beto@kybdesk.mx", at: "2026-11-24T10:32:00Z", body: "Llamar al cliente" }];
    const team = liveTeam((cmd, args) => {
      if (cmd === command.file_notes) return [...notes];
      if (cmd === command.add_note) {
        const note = { id: 2, member: "ana@kybdesk.mx", at: "2026-11-24T10:40:00Z", body: String(args.body) };
        notes.push(note);
        return note;
      }
      throw new Error(cmd);
    });
    shown(<NotesPanel documentId={DOC_A} />);
    await screen.findByText("Llamar al cliente");
    // Read once, when the team answered as connected.
    const before = team.count(command.file_notes);
    expect(before).toBe(1);
    fireEvent.change(screen.getByTestId("note-body"), { target: { value: "Pidió prórroga" } });
    fireEvent.click(screen.getByTestId("note-add"));
    // The new note read back into the list (the text typed is also in the box until the
    // add answers, so the list's entries are what the test waits for).
    await waitFor(() => expect(screen.getAllByTestId("team-note")).toHaveLength(2));
    expect(screen.getAllByTestId("team-note")[1]?.textContent).toContain("Pidió prórroga");
    expect(team.count(command.file_notes)).toBe(before + 1);
  });
});

import { useQuery } from "@tanstack/react-query";
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { command } from "../../api/commands";
import { queries } from "../../api/queries";
import type { TeamChange } from "../../bindings/TeamChange";
import type { TeamQueue } from "../../bindings/TeamQueue";
import { I18nProvider } from "../../i18n";
import { advance, settled, stoppedClock } from "../../test/clock";
import { render } from "../../test/render";
import { sizedElements } from "../../test/sized";
import { showTrail, teamProfile, teamTrail } from "../../test/team";
import { watchedFile } from "../watchlist/testing";
import { WatchlistView } from "../watchlist/WatchlistView";
import { ApprovalsPanel, AskApproval } from "./Approvals";
import { ClaimBar } from "./ClaimBar";
import { NotesPanel } from "./NotesPanel";
import { GATHER_MS, PACE_MS, TeamProvider } from "./TeamContext";
import { DOC_A, DOC_B, liveTeam, refusal, shown, status, team } from "./testing";

sizedElements();
afterEach(() => {
  cleanup();
  clearMocks();
});

/** A change is heard after a gathering and a read: on a loaded machine, well past the
 * default second. */
const HEARD = { timeout: 10_000 };

describe("changes heard from the team", () => {
  /** A connected team whose changes the test sends; each queue read answers how many
   * changes had been sent when it was asked, `delay` ms later on the test's clock. */
  function heard(delay = 0) {
    const heard = { send: null as ((change: string) => void) | null, sent: 0, reads: 0 };
    mockIPC((cmd, args) => {
      if (cmd === command.team_status) return status();
      if (cmd === command.team_changes) {
        const channel = (args as { onChange: { onmessage: (change: string) => void } }).onChange;
        heard.send = (change) => {
          heard.sent += 1;
          channel.onmessage(change);
        };
        return new Promise(() => undefined);
      }
      if (cmd === command.team_queue) {
        heard.reads += 1;
        const answer = { files: [], claims: [], me: String(heard.sent), role: "analyst" };
        return new Promise((resolve) => setTimeout(() => resolve(answer), delay));
      }
      throw new Error(`unexpected ${cmd}`);
    });
    return heard;
  }
  function Reader() {
    const queue = useQuery(queries.teamQueue("all"));
    return <output data-testid="read">{queue.data ? queue.data.me : "…"}</output>;
  }
  const read = () => screen.getByTestId("read").textContent;

  /** The reader shown on the stopped clock, its first reads done, the team listened to. */
  async function listening(delay = 0) {
    stoppedClock();
    const team = heard(delay);
    shown(<Reader />);
    await settled(() => expect(team.send).not.toBeNull());
    await advance(PACE_MS + delay);
    expect(read()).toBe("0");
    return { team, hear: team.send as (change: string) => void };
  }

  it("reads the team's data again once for a burst of changes, and again for a change after it", async () => {
    const { team, hear } = await listening();
    const before = team.reads;
    // Another desk refreshed a hundred files: a hundred notices, each a task of its own
    // as the window receives them, all within one gathering.
    const spacing = 1;
    expect(100 * spacing).toBeLessThan(GATHER_MS);
    for (let n = 0; n < 100; n++) {
      hear("queue");
      await advance(spacing);
    }
    await advance(GATHER_MS);
    // One read for the burst, and none of the changes is missed: the read follows the
    // last notice.
    expect(read()).toBe("100");
    expect(team.reads - before, "reads for a burst within one gathering").toBe(1);
    hear("claims");
    await advance(PACE_MS);
    expect(read()).toBe("101");
    expect(team.reads - before).toBe(2);
  });

  it("shows each read that lands while changes keep coming faster than a read takes", async () => {
    const { hear } = await listening(GATHER_MS * 1.5);
    // A change every half gathering for eight reads' time: with each read dropped when
    // the next was asked, "0" would stay on screen until the changes stop.
    const seen = new Set<string>();
    for (let n = 0; n < 24; n++) {
      hear("audit");
      await advance(GATHER_MS / 2);
      seen.add(read() ?? "");
    }
    seen.delete("0");
    expect(seen.size, "reads shown while the changes came").toBeGreaterThan(0);
    // The read asked after the last change, answered.
    await advance(PACE_MS + GATHER_MS * 1.5);
    expect(read()).toBe("24");
  });
});

describe("the watchlist in a team", () => {
  const a = watchedFile("AAA010101AA1", { flowId: "flujo", documentId: DOC_A, companyName: "Alfa" });
  const b = watchedFile("BBB020202BB2", { flowId: "flujo", documentId: DOC_B, companyName: "Beta" });
  const queue = (filter: string): TeamQueue => ({
    files: [
      { flowId: "flujo", rfc: a.rfc, status: "Pendiente", documentId: DOC_A, assignee: "ana@kybdesk.mx" },
      { flowId: "flujo", rfc: b.rfc, status: "Pendiente", documentId: DOC_B, assignee: null },
    ].filter((f) => filter === "all" || (filter === "mine" ? f.assignee === "ana@kybdesk.mx" : f.assignee === null)),
    claims: [{ documentId: DOC_B, member: "beto@kybdesk.mx", since: "2026-11-24T10:32:00Z", leaseUntil: "2026-11-24T10:33:30Z" }],
    me: "ana@kybdesk.mx",
    role: "analyst",
  });

  it("shows who has each file and who reviews it, filters mine and unassigned, and takes the next to its review", async () => {
    const opened = vi.fn();
    const reviewed = vi.fn();
    team((cmd, args) => {
      if (cmd === command.watchlist) return [a, b];
      if (cmd === command.startup_painted) return null;
      if (cmd === command.team_queue) return queue(String(args.filter));
      if (cmd === command.take_next) return { flowId: "flujo", rfc: b.rfc, status: "Pendiente", documentId: DOC_B, assignee: "ana@kybdesk.mx" };
      throw new Error(cmd);
    });
    shown(<WatchlistView profile={teamProfile} onOpen={opened} onReview={reviewed} />);
    await waitFor(() => expect(screen.getAllByTestId("row-assignee")).toHaveLength(2));
    const rows = screen.getAllByTestId("watch-row");
    const rowOf = (rfc: string) => rows.find((r) => r.dataset.rfc === rfc) as HTMLElement;
    expect(within(rowOf(a.rfc)).getByTestId("row-assignee").textContent).toBe("Míos");
    expect(within(rowOf(b.rfc)).getByTestId("row-assignee").textContent).toBe("Sin asignar");
    expect(within(rowOf(b.rfc)).getByTestId("row-claim").textContent).toBe("En revisión: beto");
    fireEvent.click(screen.getByTestId("queue-mine"));
    await waitFor(() => expect(screen.getAllByTestId("watch-row")).toHaveLength(1));
    expect(screen.getByTestId("watch-row").dataset.rfc).toBe(a.rfc);
    fireEvent.click(screen.getByTestId("take-next"));
    await waitFor(() => expect(reviewed).toHaveBeenCalledWith({ flowId: "flujo", rfc: b.rfc, documentId: DOC_B }));
    expect(opened).not.toHaveBeenCalled();
  });

  it("opens the tracking of a file taken that the service has no DocumentId for yet: there is nothing to review", async () => {
    const opened = vi.fn();
    const reviewed = vi.fn();
    team((cmd, args) => {
      if (cmd === command.watchlist) return [a];
      if (cmd === command.startup_painted) return null;
      if (cmd === command.team_queue) return queue(String(args.filter));
      if (cmd === command.take_next) return { flowId: "flujo", rfc: "CCC030303CC3", status: "", documentId: null, assignee: "ana@kybdesk.mx" };
      throw new Error(cmd);
    });
    shown(<WatchlistView profile={teamProfile} onOpen={opened} onReview={reviewed} />);
    fireEvent.click(await screen.findByTestId("take-next"));
    await waitFor(() => expect(opened).toHaveBeenCalledWith("flujo", "CCC030303CC3"));
    expect(reviewed).not.toHaveBeenCalled();
  });

  it("says when nothing is left to take", async () => {
    team((cmd, args) => {
      if (cmd === command.watchlist) return [a];
      if (cmd === command.startup_painted) return null;
      if (cmd === command.team_queue) return queue(String(args.filter));
      if (cmd === command.take_next) return null;
      throw new Error(cmd);
    });
    shown(<WatchlistView profile={teamProfile} onOpen={() => undefined} onReview={() => undefined} />);
    fireEvent.click(await screen.findByTestId("take-next"));
    expect((await screen.findByRole("status")).textContent).toBe("No hay expedientes sin asignar.");
  });
});

describe("a review's claim", { timeout: 30_000 }, () => {
  it("is asked again on each team change: a take-over shows at once, a let-go frees the file", async () => {
    let answer: "held" | "refused" = "held";
    const live = liveTeam((cmd) => {
      if (cmd === command.claim_file) {
        if (answer === "refused")
          return refusal("claimed_by_other", {
            type: "claimed_by_other",
            holder: "jefa@kybdesk.mx",
            since: "2026-11-24T11:05:00Z",
            until: "2026-11-24T11:20:00Z",
          });
        return { documentId: DOC_A, member: "ana@kybdesk.mx", since: "2026-11-24T11:00:00Z", leaseUntil: "2026-11-24T11:01:30Z" };
      }
      if (cmd === command.release_file) return null;
      throw new Error(cmd);
    });
    shown(<ClaimBar documentId={DOC_A} />);
    await screen.findByTestId("claim-held");
    await waitFor(() => expect(live.send).not.toBeNull());
    const notice = live.send as (change: TeamChange) => void;
    // A supervisor took the file over: this desk hears it, well before its renewal.
    answer = "refused";
    notice("claims");
    expect((await screen.findByTestId("claim-refused", {}, HEARD)).textContent).toContain("jefa@kybdesk.mx");
    // And let it go.
    answer = "held";
    notice("claims");
    await screen.findByTestId("claim-held", {}, HEARD);
  });

  it("takes a file whose holder's claim lapsed only once the analyst chose to", async () => {
    const claims: unknown[] = [];
    team((cmd, args) => {
      if (cmd === command.claim_file) {
        claims.push(args);
        return args.takeLapsed
          ? { documentId: DOC_A, member: "ana", since: "2026-11-24T11:00:00Z", leaseUntil: "2026-11-24T11:01:30Z" }
          : refusal("claim_lapsed", { type: "claim_lapsed", holder: "beto", until: "2026-11-24T10:32:00Z" });
      }
      if (cmd === command.release_file) return null;
      throw new Error(cmd);
    });
    shown(<ClaimBar documentId={DOC_A} />);
    const lapsed = await screen.findByTestId("claim-lapsed");
    expect(lapsed.textContent).toContain("La reserva de beto venció");
    expect(lapsed.textContent).toContain("borrador sin enviar");
    expect(claims).toEqual([{ documentId: DOC_A, takeLapsed: false }]);
    fireEvent.click(screen.getByTestId("claim-take-lapsed"));
    await screen.findByTestId("claim-held");
    expect(claims).toEqual([
      { documentId: DOC_A, takeLapsed: false },
      { documentId: DOC_A, takeLapsed: true },
    ]);
  });

  it("claims nothing once the review was sent, whatever the trail's notice", async () => {
    const live = liveTeam((cmd) => {
      if (cmd === command.claim_file) return { documentId: DOC_A, member: "ana", since: "2026-11-24T11:00:00Z", leaseUntil: "2026-11-24T11:01:30Z" };
      if (cmd === command.release_file) return null;
      // Another screen's team data, read again with the claim on each change.
      if (cmd === command.team_queue) return { files: [], claims: [], me: "ana", role: "analyst" };
      throw new Error(cmd);
    });
    function Queue() {
      useQuery(queries.teamQueue("all"));
      return null;
    }
    const tree = (active: boolean) => (
      <I18nProvider>
        <TeamProvider profileId="p1">
          <ClaimBar documentId={DOC_A} active={active} />
          <Queue />
        </TeamProvider>
      </I18nProvider>
    );
    const { rerender } = render(tree(true));
    await screen.findByTestId("claim-held");
    await waitFor(() => expect(live.send).not.toBeNull());
    // Sent: the result screen stays open while the trail tells every desk of the send.
    rerender(tree(false));
    await waitFor(() => expect(live.count(command.team_queue)).toBeGreaterThan(0));
    const claims = live.count(command.claim_file);
    const queueReads = live.count(command.team_queue);
    const hear = live.send as (change: TeamChange) => void;
    hear("audit");
    hear("claims");
    // The notices were heard: the team's data is read again (the claim with it, were it
    // still asked for).
    await waitFor(() => expect(live.count(command.team_queue)).toBe(queueReads + 1), HEARD);
    expect(live.count(command.claim_file)).toBe(claims);
    expect(screen.queryByTestId("claim-held")).toBeNull();
  });

  it("asks again a second after the holder's lease ends, so an expired claim leaves the review", async () => {
    stoppedClock();
    const ends = new Date(Date.now() + 500).toISOString();
    let asked = 0;
    team((cmd) => {
      if (cmd === command.claim_file) {
        asked += 1;
        return asked === 1
          ? refusal("claimed_by_other", { type: "claimed_by_other", holder: "beto", since: "2026-11-24T10:32:00Z", until: ends })
          : { documentId: DOC_A, member: "ana", since: "2026-11-24T11:00:00Z", leaseUntil: "2026-11-24T11:01:30Z" };
      }
      if (cmd === command.release_file) return null;
      throw new Error(cmd);
    });
    shown(<ClaimBar documentId={DOC_A} />);
    await settled(() => screen.getByTestId("claim-refused"));
    // A second after the lease's end, well before the 30-second renewal; not sooner.
    await advance(Date.parse(ends) + 1000 - Date.now() - 1);
    expect(asked).toBe(1);
    await advance(1);
    await settled(() => screen.getByTestId("claim-held"));
    expect(asked).toBe(2);
  });

  it("names who holds the file and since when, and lets a supervisor take it over with a reason", async () => {
    const tookOver = vi.fn();
    team(
      (cmd, args) => {
        if (cmd === command.claim_file)
          return refusal("claimed_by_other", {
            type: "claimed_by_other",
            holder: "beto@kybdesk.mx",
            since: "2026-11-24T10:32:00Z",
            until: "2026-11-24T10:47:00Z",
          });
        if (cmd === command.take_over_claim) {
          tookOver(args);
          return { documentId: DOC_A, member: "ana@kybdesk.mx", since: "2026-11-24T11:00:00Z", leaseUntil: "2026-11-24T11:01:30Z" };
        }
        if (cmd === command.release_file) return null;
        throw new Error(cmd);
      },
      { role: "supervisor" },
    );
    shown(<ClaimBar documentId={DOC_A} />);
    const refused = await screen.findByTestId("claim-refused");
    expect(refused.textContent).toContain("beto@kybdesk.mx revisa este expediente desde el");
    const takeOver = screen.getByTestId("take-over") as HTMLButtonElement;
    expect(takeOver.disabled).toBe(true);
    fireEvent.change(screen.getByTestId("take-over-reason"), { target: { value: "Beto está de vacaciones" } });
    fireEvent.click(takeOver);
    await screen.findByTestId("claim-held");
    expect(tookOver).toHaveBeenCalledWith({ documentId: DOC_A, reason: "Beto está de vacaciones" });
  });

  it("offers no take-over to an analyst, and says when the team is out of reach", async () => {
    team((cmd) => {
      if (cmd === command.claim_file)
        return refusal("claimed_by_other", {
          type: "claimed_by_other",
          holder: "beto@kybdesk.mx",
          since: "2026-11-24T10:32:00Z",
          until: "2026-11-24T10:47:00Z",
        });
      throw new Error(cmd);
    });
    shown(<ClaimBar documentId={DOC_A} />);
    await screen.findByTestId("claim-refused");
    expect(screen.queryByTestId("take-over")).toBeNull();
    cleanup();
    team(() => null, { connected: false, problem: { code: "team_unreachable", message: "", details: null, task: null, problems: [] } });
    shown(<ClaimBar documentId={DOC_A} />);
    expect((await screen.findByTestId("claim-offline")).textContent).toContain("se guarda en este escritorio");
  });
});

describe("internal notes", () => {
  it("keeps a note that could not be saved in its box", async () => {
    team((cmd) => {
      if (cmd === command.file_notes) return [{ id: 1, member: "beto@kybdesk.mx", at: "2026-11-24T10:32:00Z", body: "Llamar al cliente" }];
      if (cmd === command.add_note) return refusal("team_unreachable");
      throw new Error(cmd);
    });
    shown(<NotesPanel documentId={DOC_A} />);
    expect((await screen.findByTestId("team-note")).textContent).toContain("Llamar al cliente");
    const box = screen.getByTestId("note-body") as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: "El comprobante no coincide" } });
    fireEvent.click(screen.getByTestId("note-add"));
    expect((await screen.findByRole("alert")).textContent).toContain("No hay conexión con la base de datos del equipo.");
    expect(box.value).toBe("El comprobante no coincide");
  });
});

describe("a note pressed again", () => {
  it("is sent with the same key, so a note whose answer was lost is not written twice", async () => {
    const keysSent: string[] = [];
    let answers = 0;
    team((cmd, args) => {
      if (cmd === command.file_notes) return [];
      if (cmd === command.add_note) {
        keysSent.push(args.key as string);
        answers += 1;
        return answers === 1 ? refusal("team_unreachable") : { id: answers, member: "ana@kybdesk.mx", at: "2026-11-24T10:40:00Z", body: args.body };
      }
      throw new Error(cmd);
    });
    shown(<NotesPanel documentId={DOC_A} />);
    const box = (await screen.findByTestId("note-body")) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: "Llamé al cliente" } });
    fireEvent.click(screen.getByTestId("note-add"));
    await screen.findByRole("alert");
    fireEvent.click(screen.getByTestId("note-add"));
    await waitFor(() => expect(box.value).toBe(""));
    expect(keysSent).toHaveLength(2);
    expect(keysSent[1]).toBe(keysSent[0]);
    // RFC 9562's layout of a version 4 UUID.
    expect(keysSent[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // Another note is another key.
    fireEvent.change(box, { target: { value: "Mandó el comprobante" } });
    fireEvent.click(screen.getByTestId("note-add"));
    await waitFor(() => expect(keysSent).toHaveLength(3));
    expect(keysSent[2]).not.toBe(keysSent[0]);
  });
});

describe("the team's trail", () => {
  it("names every break the verification found", async () => {
    showTrail(
      teamTrail({
        entries: [
          {
            seq: 1,
            atUtc: "2026-11-24T10:00:00.000Z",
            member: "ana@kybdesk.mx",
            operation: "team: approval-asked",
            target: "VD-1",
            summary: "cancel: el cliente desistió",
            ok: true,
            code: null,
            message: null,
            completes: null,
            prevHash: "0",
            hash: "1",
            format: 2,
          },
        ],
        chain: {
          entries: 1,
          breaks: [
            { kind: "modified", seq: 7 },
            { kind: "headMismatch", head: 60, last: 59 },
            { kind: "checkpoint", seq: 40, signer: "jefa", signatureHolds: true },
          ],
          openIntents: [{ seq: 12, atUtc: "2026-11-24T10:00:00.000Z", member: "ana", operation: "POST /expedientes/solicitar-correccion", target: "DOC / X" }],
          checkpoints: 0,
          head: { seq: 60, hash: "1" },
        },
      }),
    );
    const broken = await screen.findByTestId("team-chain-broken");
    expect(broken.textContent).toContain("3 rupturas");
    expect(broken.textContent).toContain("La entrada 7 fue modificada.");
    expect(broken.textContent).toContain("La cabeza de la cadena indica la entrada 60, pero la última es la 59");
    expect(broken.textContent).toContain("ya no coincide con el punto de control que jefa firmó en la entrada 40");
    // A send whose outcome never reached the trail is said, never taken for a clean chain.
    expect(screen.getByTestId("team-open-intents").textContent).toContain("1 operación sin resultado registrado");
    expect(screen.getByTestId("team-trail-entry").textContent).toContain("Aprobación solicitada");
  });
});

describe("the team's trail while an outcome is owed", () => {
  it("says an unaltered chain with an open intent is not complete, never intact", async () => {
    showTrail(
      teamTrail({
        chain: {
          entries: 4,
          breaks: [],
          openIntents: [{ seq: 4, atUtc: "2026-11-24T10:00:00.000Z", member: "ana", operation: "POST /verificaciones/{folio}/cancelar", target: "VD-1" }],
          checkpoints: 0,
          head: { seq: 4, hash: "4" },
        },
      }),
    );
    const said = await screen.findByTestId("team-chain-ok");
    expect(said.textContent).toBe("Ninguna entrada alterada (4 verificadas), pero la bitácora no está completa: 1 resultado pendiente.");
    expect(said.className).toContain("notice-warn");
    expect(screen.getByTestId("team-open-intents").textContent).toContain("#4: ana, VD-1");
  });
});

describe("four eyes", () => {
  const waiting = (askedBy: string) => ({
    id: 4,
    action: "cancel",
    folio: "VD-1",
    askedBy,
    askedAt: "2026-11-24T10:00:00Z",
    reason: "El cliente desistió",
    state: "waiting",
    decidedBy: null,
  });

  it("lets a supervisor other than the one who asked approve what was shown, and send", async () => {
    const decided = vi.fn();
    team(
      (cmd, args) => {
        if (cmd === command.open_approvals) return decided.mock.calls.length ? [] : [waiting("beto@kybdesk.mx")];
        if (cmd === command.decide_approval) {
          decided(args);
          return { ...waiting("beto@kybdesk.mx"), state: "approved", decidedBy: "ana@kybdesk.mx" };
        }
        throw new Error(cmd);
      },
      { role: "supervisor" },
    );
    const sent = vi.fn();
    shown(<ApprovalsPanel onSent={sent} />);
    fireEvent.click(await screen.findByTestId("approve"));
    await waitFor(() => expect(sent).toHaveBeenCalledWith("VD-1"));
    // The request as it was shown goes with the decision: the database refuses another.
    expect(decided).toHaveBeenCalledWith({ shown: { id: 4, action: "cancel", folio: "VD-1", askedBy: "beto@kybdesk.mx" }, approve: true });
    cleanup();
    team(
      (cmd) => {
        if (cmd === command.open_approvals) return [waiting("ana@kybdesk.mx")];
        throw new Error(cmd);
      },
      { role: "supervisor" },
    );
    shown(<ApprovalsPanel />);
    expect((await screen.findByTestId("approval")).textContent).toContain("Es su solicitud");
    expect(screen.queryByTestId("approve")).toBeNull();
  });

  it("offers an analyst no approval: a supervisor decides", async () => {
    team((cmd) => {
      if (cmd === command.open_approvals) return [waiting("beto@kybdesk.mx")];
      throw new Error(cmd);
    });
    shown(<ApprovalsPanel />);
    expect((await screen.findByTestId("approval")).textContent).toContain("La decide un supervisor.");
    expect(screen.queryByTestId("approve")).toBeNull();
  });

  it("asks for approval with a reason", async () => {
    const asked = vi.fn();
    team((cmd, args) => {
      if (cmd === command.ask_approval) {
        asked(args);
        return waiting("ana@kybdesk.mx");
      }
      throw new Error(cmd);
    });
    shown(<AskApproval action="cancel" folio="VD-1" onAsked={() => undefined} />);
    fireEvent.change(screen.getByTestId("approval-reason"), { target: { value: "Duplicada" } });
    fireEvent.click(screen.getByTestId("ask-approval-send"));
    await screen.findByTestId("approval-asked");
    expect(asked).toHaveBeenCalledWith({ action: "cancel", folio: "VD-1", reason: "Duplicada" });
  });
});

// The team out of reach: every screen with team data says what it lacks,
// in the user's language; the driver's English stays in a closed "details"; a note
// typed meanwhile is kept.
import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { command } from "../../api/commands";
import type { ChainReport } from "../../bindings/ChainReport";
import * as sparse from "../../bindings/sparse";
import { startWithPreferences } from "../../preferences";
import { GivenInfo } from "../../test/appInfo";
import { advance, settled, stoppedClock } from "../../test/clock";
import { teamProfile } from "../../test/team";
import { AuditView } from "../audit/AuditView";
import { TrackingView } from "../tracking/TrackingView";
import { watchedFile } from "../watchlist/testing";
import { WatchlistView } from "../watchlist/WatchlistView";
import { NotesPanel, typedNoteKey } from "./NotesPanel";
import { RETRY_MAX_MS, useTeam } from "./TeamContext";
import { TeamLive } from "./TeamLive";
import { TeamView } from "./TeamView";
import { DOC_A, liveTeam, offline, shown, status } from "./testing";

afterEach(() => {
  cleanup();
  clearMocks();
  sessionStorage.clear();
});

const DRIVER = "pool timed out while waiting for an open connection";
const chain: ChainReport = { entries: 0, unreadable: 0, breaks: [], anchor: { state: "matches" } };

/** The service's answers the three screens read, the team out of reach. */
function serviceOnly() {
  return liveTeam(
    (cmd) => {
      if (cmd === command.watchlist) return [watchedFile("AAA010101AA1", { flowId: "flujo", documentId: DOC_A })];
      if (cmd === command.startup_painted || cmd === command.mark_watch_seen) return null;
      if (cmd === command.tracking) return { ...sparse.fileTracking, tracking: { ...sparse.fileTracking.tracking, DocumentId: DOC_A } };
      if (cmd === command.issued_links) return [];
      if (cmd === command.audit_entries) return { entries: [], unreadable: 0, unresolved: [] };
      if (cmd === command.verify_audit) return chain;
      throw new Error(cmd);
    },
    offline(`the team database cannot be reached: ${DRIVER}`),
  );
}

describe("a screen with team data, the team out of reach", () => {
  const screens = {
    watchlist: () => <WatchlistView profile={teamProfile} onOpen={() => undefined} onReview={() => undefined} />,
    tracking: () => (
      <TrackingView flowId="flujo" rfc="AAA010101AA1" onBack={() => undefined} onDetail={() => undefined} onReview={() => undefined} profile={teamProfile} />
    ),
    audit: () => (
      <GivenInfo>
        <AuditView />
      </GivenInfo>
    ),
  };

  it.each([
    ["watchlist", "es-MX", "La cola del equipo no se muestra", "No hay conexión con la base de datos del equipo."],
    ["tracking", "es-MX", "Las notas internas son las de la última lectura", "No hay conexión con la base de datos del equipo."],
    ["audit", "es-MX", "La bitácora del equipo y su verificación no se muestran", "No hay conexión con la base de datos del equipo."],
    ["watchlist", "en", "The team's queue is not shown", "The team database cannot be reached."],
    ["tracking", "en", "The internal notes are as last read", "The team database cannot be reached."],
    ["audit", "en", "The team's trail and its verification are not shown", "The team database cannot be reached."],
  ] as const)("the %s screen in %s says what is missing and that the service's reads go on", async (which, locale, missing, why) => {
    startWithPreferences({ language: locale });
    serviceOnly();
    shown(screens[which]());
    const notice = await screen.findByTestId("team-offline-notice");
    expect(notice.textContent).toContain(why);
    expect(notice.textContent).toContain(missing);
    expect(notice.textContent).toContain(locale === "en" ? "Reading the service still works." : "La consulta del servicio sigue funcionando.");
    expect(notice.textContent).not.toContain(DRIVER);
  });

  it("says nothing of a team on a profile that works alone", async () => {
    liveTeam(
      (cmd) => {
        if (cmd === command.watchlist) return [];
        throw new Error(cmd);
      },
      status({ configured: false, connected: false }),
    );
    shown(screens.watchlist());
    await screen.findByText("No sigue ningún expediente");
    expect(screen.queryByTestId("team-offline-notice")).toBeNull();
  });
});

describe("the team screen, out of reach", () => {
  it("says why in Spanish and keeps the driver's English in a closed details", async () => {
    liveTeam(() => null, offline(`the team database refused the request: error returned from database: ${DRIVER}`));
    shown(<TeamView />);
    const block = await screen.findByTestId("team-offline");
    const notice = within(block).getByTestId("error-notice");
    const technical = within(notice).getByTestId("error-technical") as HTMLDetailsElement;
    expect(technical.open).toBe(false);
    expect(technical.textContent).toContain(DRIVER);
    const outside = notice.cloneNode(true) as HTMLElement;
    outside.querySelector("details")?.remove();
    expect(outside.textContent).toContain("No hay conexión con la base de datos del equipo.");
    expect(outside.textContent).not.toMatch(/database|error returned/);
    expect(technical.querySelector("summary")?.textContent).toBe("Detalles técnicos");
  });
});

describe("a note typed while the team is out of reach", () => {
  function Retry() {
    const { reload } = useTeam();
    return (
      <button type="button" onClick={reload} data-testid="retry">
        retry
      </button>
    );
  }

  it("keeps the panel, the notes as last read and the text typed, across closing, and saves it once asked when the team is back", async () => {
    const added = vi.fn();
    const team = liveTeam((cmd, args) => {
      if (cmd === command.file_notes) return [{ id: 1, member: "beto@kybdesk.mx", at: "2026-11-24T10:32:00Z", body: "Llamar al cliente" }];
      if (cmd === command.add_note) {
        added(args);
        return { id: 2, member: "ana@kybdesk.mx", at: "2026-11-24T10:40:00Z", body: args.body };
      }
      throw new Error(cmd);
    });
    const tree = (
      <>
        <Retry />
        <NotesPanel documentId={DOC_A} />
      </>
    );
    shown(tree);
    await screen.findByTestId("team-note");
    await waitFor(() => expect(team.lose).not.toBeNull());
    // The database goes away.
    team.status = offline();
    (team.lose as () => void)();
    await screen.findByTestId("notes-offline");
    const reads = team.count(command.file_notes);
    expect(screen.getByTestId("team-note").textContent).toContain("Llamar al cliente");
    const box = screen.getByTestId("note-body") as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: "El comprobante no coincide" } });
    expect((screen.getByTestId("note-add") as HTMLButtonElement).disabled).toBe(true);
    // Nothing is read or sent while away.
    fireEvent.click(screen.getByTestId("retry"));
    await waitFor(() => expect(team.count(command.team_status)).toBeGreaterThan(2));
    expect(team.count(command.file_notes)).toBe(reads);
    expect(added).not.toHaveBeenCalled();
    // The panel closes and opens again (another screen and back): the text is there.
    cleanup();
    shown(tree);
    expect(((await screen.findByTestId("note-body")) as HTMLTextAreaElement).value).toBe("El comprobante no coincide");
    expect(screen.getByTestId("notes-offline")).toBeTruthy();
    // The team is back: the user saves it.
    team.status = status();
    fireEvent.click(screen.getByTestId("retry"));
    await waitFor(() => expect((screen.getByTestId("note-add") as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByTestId("notes-offline")).toBeNull();
    expect(added).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId("note-add"));
    await waitFor(() => expect(added).toHaveBeenCalledWith({ documentId: DOC_A, body: "El comprobante no coincide", key: expect.any(String) }));
    await waitFor(() => expect((screen.getByTestId("note-body") as HTMLTextAreaElement).value).toBe(""));
    expect(sessionStorage.getItem(typedNoteKey(DOC_A))).toBeNull();
  });
});

describe("live updates across outages", () => {
  it("says the team is out of reach the moment listening ends, and listens again after every outage", async () => {
    const team = liveTeam(() => {
      throw new Error("no other read");
    });
    shown(<TeamLive />);
    const state = () => screen.getByTestId("team-live").dataset.state;
    await waitFor(() => expect(team.send).not.toBeNull());
    (team.send as (change: "listening") => void)("listening");
    await waitFor(() => expect(state()).toBe("live"));
    for (let outage = 1; outage <= 4; outage++) {
      const subscriptions = team.count(command.team_changes);
      const down = outage % 2 === 1;
      if (down) {
        // The database is gone for a while: said at once, and kept until it answers.
        team.status = offline();
        (team.lose as () => void)();
        await waitFor(() => expect(state()).toBe("offline"));
        expect(screen.getByTestId("team-live").textContent).toBe("Equipo sin conexión: sin actualizaciones en vivo");
        team.status = status();
      } else {
        // A restart over before any status read could see it: the status never changes.
        (team.lose as () => void)();
      }
      // Listening starts again after each outage.
      await waitFor(() => expect(team.count(command.team_changes)).toBe(subscriptions + 1));
      expect(state()).toBe("quiet");
      (team.send as (change: "listening") => void)("listening");
      await waitFor(() => expect(state()).toBe("live"));
    }
  });
});

describe("listening that fails again and again", () => {
  it("backs off instead of subscribing in a loop while the status reads succeed", async () => {
    stoppedClock();
    let subscriptions = 0;
    mockIPC((cmd) => {
      if (cmd === command.team_status) return status();
      // A standby that refuses LISTEN at once, every time.
      if (cmd === command.team_changes) {
        subscriptions += 1;
        return Promise.reject({ code: "team_unreachable", message: "cannot execute LISTEN during recovery", details: null, task: null, problems: [] });
      }
      throw new Error(cmd);
    });
    shown(<TeamLive />);
    await settled(() => expect(subscriptions).toBeGreaterThan(1));
    await advance(RETRY_MAX_MS);
    // Without backing off this is one a second; with it, a try at once, then after 2 s,
    // 4 s, 8 s, 16 s: six in the first thirty seconds.
    expect(subscriptions).toBeLessThanOrEqual(6);
    expect(screen.getByTestId("team-live").dataset.state).not.toBe("live");
  });
});

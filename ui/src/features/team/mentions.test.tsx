// Mentions in notes: the notice to the member named, once and live; the
// note box's completion after "@"; mentions drawn apart in the notes.
import { clearMocks } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { command } from "../../api/commands";
import type { Mention } from "../../bindings/Mention";
import type { TeamChange } from "../../bindings/TeamChange";
import { teamMember } from "../../test/team";
import { watchedFile } from "../watchlist/testing";
import { MentionNotices } from "./MentionNotices";
import { noteParts, offered, picked, typedMention } from "./mentions";
import { NotesPanel } from "./NotesPanel";
import { DOC_A, liveTeam, shown, status, TeamAnswered, team } from "./testing";

afterEach(() => {
  cleanup();
  clearMocks();
  sessionStorage.clear();
});

const mention = (over: Partial<Mention> = {}): Mention => ({
  id: 7,
  documentId: DOC_A,
  rfc: "ACM010101AB1",
  noteId: 3,
  author: "beto",
  at: "2026-11-24T10:32:00Z",
  excerpt: "@ana revisa el acta",
  seen: false,
  ...over,
});

describe("a note's words", () => {
  const members = new Set(["ana", "beto.r"]);
  it("draws a member's @login apart, and nothing else", () => {
    expect(noteParts("Hola @Ana, mira; @beto.r. y @carla, a@ana.mx", members)).toEqual([
      { text: "Hola " },
      { text: "@Ana", member: "ana" },
      { text: ", mira; " },
      { text: "@beto.r", member: "beto.r" },
      { text: ". y @carla, a@ana.mx" },
    ]);
    expect(noteParts("sin menciones", members)).toEqual([{ text: "sin menciones" }]);
  });
  it("finds the @word typed before the caret, offers members, and puts the one picked in its place", () => {
    expect(typedMention("hola @An", 8)).toEqual({ at: 5, query: "an" });
    expect(typedMention("hola @", 6)).toEqual({ at: 5, query: "" });
    expect(typedMention("correo a@b", 10)).toBeNull();
    expect(typedMention("@ana hola", 9)).toBeNull();
    expect(offered(["ana", "mariana", "beto", "anabel"], "an", "anabel")).toEqual(["ana", "mariana"]);
    expect(picked("hola @an y", 5, 8, "ana")).toEqual({ text: "hola @ana  y", caret: 10 });
  });
});

describe("the notice of a mention", { timeout: 20_000 }, () => {
  it("reaches the member live, is marked seen once shown, and opens the file", async () => {
    let unseen: Mention[] = [];
    const seen = vi.fn();
    const live = liveTeam((cmd, args) => {
      if (cmd === command.my_mentions) return unseen;
      if (cmd === command.mentions_seen) {
        seen(args.ids);
        unseen = [];
        return null;
      }
      if (cmd === command.watchlist) return [watchedFile("ACM010101AB1", { documentId: DOC_A.toUpperCase() })];
      throw new Error(cmd);
    });
    const open = vi.fn();
    shown(<MentionNotices onOpen={open} />);
    await waitFor(() => expect(live.count(command.my_mentions)).toBeGreaterThan(0));
    expect(screen.queryByTestId("mention-notice")).toBeNull();
    // Beto's note is written: the database's notice reaches this desk.
    unseen = [mention()];
    await waitFor(() => expect(live.send).not.toBeNull());
    (live.send as (change: TeamChange) => void)("mentions");
    const notice = await screen.findByTestId("mention-notice");
    expect(notice.textContent).toContain("beto te mencionó en ACM010101AB1:");
    expect(notice.textContent).toContain("@ana revisa el acta");
    await waitFor(() => expect(seen).toHaveBeenCalledWith([7]));
    expect(seen).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId("mention-open"));
    await waitFor(() => expect(open).toHaveBeenCalledWith({ view: "tracking", flowId: watchedFile("x").flowId, rfc: "ACM010101AB1" }));
    expect(screen.queryByTestId("mention-notice")).toBeNull();
  });

  it("opens the detail of a file this desk does not follow", async () => {
    team((cmd) => {
      if (cmd === command.my_mentions) return [mention({ rfc: null })];
      if (cmd === command.mentions_seen) return null;
      if (cmd === command.watchlist) return [];
      throw new Error(cmd);
    });
    const open = vi.fn();
    shown(<MentionNotices onOpen={open} />);
    expect((await screen.findByTestId("mention-notice")).textContent).toContain(DOC_A);
    fireEvent.click(screen.getByTestId("mention-open"));
    await waitFor(() => expect(open).toHaveBeenCalledWith({ view: "detail", documentId: DOC_A }));
  });

  it("shows nothing on one desk, and asks nothing", async () => {
    const asked: string[] = [];
    team(
      (cmd) => {
        asked.push(cmd);
        throw new Error(cmd);
      },
      { configured: false, connected: false },
    );
    const answered = vi.fn();
    shown(
      <>
        <MentionNotices onOpen={() => undefined} />
        <TeamAnswered then={answered} />
      </>,
    );
    await waitFor(() => expect(answered).toHaveBeenCalled());
    expect(screen.queryByTestId("mention-notice")).toBeNull();
    expect(asked).not.toContain(command.my_mentions);
  });
});

describe("the note box", () => {
  function notes() {
    team(
      (cmd) => {
        if (cmd === command.file_notes) return [{ id: 1, member: "beto", at: "2026-11-24T10:32:00Z", body: "@ana mira el acta, @nadie no" }];
        if (cmd === command.team_members) return ["ana", "anabel", "beto", "mariana"].map((login) => teamMember(login));
        throw new Error(cmd);
      },
      status({ member: "beto" }),
    );
    shown(<NotesPanel documentId={DOC_A} />);
  }

  it("draws the members named in a note apart", async () => {
    notes();
    await waitFor(() => expect(screen.getAllByTestId("note-mention").map((m) => m.textContent)).toEqual(["@ana"]));
  });

  it("offers the members after @ as a listbox: arrows, Enter to pick", async () => {
    notes();
    await screen.findByTestId("team-note");
    const box = screen.getByTestId("note-body") as HTMLTextAreaElement;
    await waitFor(() => {
      fireEvent.change(box, { target: { value: "Revisa @an", selectionStart: 10 } });
      expect(screen.getByRole("listbox")).toBeTruthy();
    });
    const options = () => screen.getAllByRole("option").map((o) => [o.textContent, o.getAttribute("aria-selected")]);
    // Those whose login begins with it first; the author is not offered.
    expect(options()).toEqual([
      ["@ana", "true"],
      ["@anabel", "false"],
      ["@mariana", "false"],
    ]);
    expect(box.getAttribute("aria-activedescendant")).toBe(screen.getAllByRole("option")[0]?.id);
    fireEvent.keyDown(box, { key: "ArrowDown" });
    expect(options()[1]?.[1]).toBe("true");
    expect(box.getAttribute("aria-activedescendant")).toBe(screen.getAllByRole("option")[1]?.id);
    fireEvent.keyDown(box, { key: "ArrowUp" });
    fireEvent.keyDown(box, { key: "ArrowUp" });
    expect(options()[2]?.[1]).toBe("true");
    fireEvent.keyDown(box, { key: "Enter" });
    expect(box.value).toBe("Revisa @mariana ");
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("picks with Tab and closes with Escape", async () => {
    notes();
    await screen.findByTestId("team-note");
    const box = screen.getByTestId("note-body") as HTMLTextAreaElement;
    await waitFor(() => {
      fireEvent.change(box, { target: { value: "@bet", selectionStart: 4 } });
      expect(screen.queryByRole("listbox")).toBeNull();
    });
    // The author is the only "bet…": nothing to offer. Another member is.
    fireEvent.change(box, { target: { value: "@a", selectionStart: 2 } });
    await screen.findByRole("listbox");
    fireEvent.keyDown(box, { key: "Escape" });
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(box.value).toBe("@a");
    fireEvent.change(box, { target: { value: "@a y @an", selectionStart: 8 } });
    await screen.findByRole("listbox");
    fireEvent.keyDown(box, { key: "Tab" });
    expect(box.value).toBe("@a y @ana ");
  });
});

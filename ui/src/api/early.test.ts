import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ProfileBook } from "../bindings/ProfileBook";
import { command } from "./commands";
import { askEarly, forgetEarly, profileBook, readyWatchlist, startupReadsSettled, watchlistOf } from "./early";

const book = (active: string | null) => ({ active, profiles: [] }) as unknown as ProfileBook;

describe("the start-up's reads", () => {
  afterEach(() => {
    forgetEarly();
    clearMocks();
  });

  it("are asked for once, both at once, and each taken by its screen once", async () => {
    const asked: string[] = [];
    mockIPC((cmd) => {
      asked.push(cmd);
      if (cmd === command.profiles) return book("p1");
      if (cmd === command.watchlist) return [{ rfc: `AAA010101AA${asked.length}` }];
    });
    askEarly();
    expect(asked).toEqual([command.profiles, command.watchlist]);
    expect((await profileBook()).active).toBe("p1");
    const first = await watchlistOf("p1");
    expect(first).toEqual([{ rfc: "AAA010101AA2" }]);
    // Taken: the next reads ask the backend again.
    await watchlistOf("p1");
    await profileBook();
    expect(asked).toEqual([command.profiles, command.watchlist, command.watchlist, command.profiles]);
  });

  it("never hand one profile's watchlist to another", async () => {
    let reads = 0;
    mockIPC((cmd) => {
      if (cmd === command.profiles) return book("p1");
      if (cmd === command.watchlist) return [{ rfc: `read ${++reads}` }];
    });
    askEarly();
    expect(await watchlistOf("p2")).toEqual([{ rfc: "read 2" }]);
  });

  it("settle after a watchlist read that failed, which is read again when asked for", async () => {
    let failing = true;
    mockIPC((cmd) => {
      if (cmd === command.profiles) return book(null);
      if (cmd === command.watchlist) {
        if (failing) throw { code: "no_profile", message: "" };
        return [];
      }
    });
    askEarly();
    await startupReadsSettled();
    failing = false;
    expect(await watchlistOf("p1")).toEqual([]);
  });

  it("left untaken are dropped, not handed out later", async () => {
    let reads = 0;
    mockIPC((cmd) => {
      if (cmd === command.profiles) return book("p1");
      if (cmd === command.watchlist) return [{ rfc: `read ${++reads}` }];
    });
    askEarly();
    await startupReadsSettled();
    forgetEarly();
    expect(await watchlistOf("p1")).toEqual([{ rfc: "read 2" }]);
  });

  it("hand the book over with the watchlist arrived, ready to draw with the first screen", async () => {
    let answerList: (files: unknown) => void = () => undefined;
    mockIPC((cmd) => {
      if (cmd === command.profiles) return book("p1");
      if (cmd === command.watchlist) return new Promise((resolve) => (answerList = resolve));
    });
    performance.clearMarks("startup:book");
    askEarly();
    let handed = false;
    const handing = profileBook().then(() => (handed = true));
    // The book has arrived (the start-up's profile marks it), the watchlist not: the book
    // is held back.
    await vi.waitFor(() => expect(performance.getEntriesByName("startup:book", "mark")).toHaveLength(1));
    expect(handed).toBe(false);
    expect(readyWatchlist("p1")).toBeNull();
    answerList([{ rfc: "AAA010101AA1" }]);
    await handing;
    expect(readyWatchlist("p1")).toEqual([{ rfc: "AAA010101AA1" }]);
    expect(readyWatchlist("p2")).toBeNull();
    forgetEarly();
    expect(readyWatchlist("p1")).toBeNull();
  });
});

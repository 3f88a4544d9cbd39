// The first screen's two reads, asked for as the page's script starts, both at once,
// instead of one after the other from inside React: the profile book, then (once it
// named the active profile) that profile's watchlist. The screens take these answers
// once; anything later asks the backend as usual.
import type { ProfileBook } from "../bindings/ProfileBook";
import type { WatchedFile } from "../bindings/WatchedFile";
import * as commands from "./commands";

interface Early {
  book: Promise<ProfileBook> | null;
  /** The watchlist, with the profile that was active when it was read. */
  list: Promise<{ profileId: string | null; files: WatchedFile[] }> | null;
}

const early: Early = { book: null, list: null };
/** Settles once the reads asked for at start have, whatever they answered. */
let settled: Promise<void> = Promise.resolve();
/** The watchlist read at start, once it has arrived (until `forgetEarly`). */
let ready: { profileId: string | null; files: WatchedFile[] } | null = null;

/** Asks for the book and the watchlist now (from `main.tsx`, before the first render). */
export function askEarly() {
  // The start-up's steps, for `make bench`'s profile of it (User Timing marks).
  performance.mark("startup:script");
  const book = commands.profiles();
  const files = commands.watchlist();
  book.then(
    () => performance.mark("startup:book"),
    () => undefined,
  );
  files.then(
    () => performance.mark("startup:list"),
    () => undefined,
  );
  // Taken later, or never (no profile yet): a failure here is not one to report.
  files.catch(() => undefined);
  early.book = book;
  early.list = book.then((b) => files.then((list) => ({ profileId: b.active, files: list })));
  settled = early.list.then(
    (read) => {
      ready = read;
    },
    () => undefined,
  );
}

/** Settles once the start-up's reads have: whatever they found unreadable (and set
 * aside) is recorded by then, for the window to announce. */
export function startupReadsSettled(): Promise<void> {
  return settled;
}

/** Drops what the start-up read and no screen took (the window opened on another
 * screen than the watchlist): read later, it would be out of date. */
export function forgetEarly() {
  early.book = null;
  early.list = null;
  ready = null;
}

/** The profile book read at start, once, handed over when the watchlist read with it
 * has arrived too (so the first screen draws with its rows, not a loading screen
 * first); then a fresh read. */
export function profileBook(): Promise<ProfileBook> {
  const book = early.book;
  early.book = null;
  return book ? book.then((read) => settled.then(() => read)) : commands.profiles();
}

/** `profileId`'s watchlist as read at start, when it has arrived: the first screen's
 * rows, drawn with it; null otherwise (then read it with {@link watchlistOf}). */
export function readyWatchlist(profileId: string): WatchedFile[] | null {
  return ready && ready.profileId === profileId ? ready.files : null;
}

/** `profileId`'s watchlist: the one read at start when it is that profile's (once),
 * otherwise, or when that read failed, a fresh read. */
export function watchlistOf(profileId: string): Promise<WatchedFile[]> {
  const list = early.list;
  early.list = null;
  if (!list) return commands.watchlist();
  return list.then(
    (read) => (read.profileId === profileId ? read.files : commands.watchlist()),
    () => commands.watchlist(),
  );
}

// One rule for everything typed that is kept as a draft (a review, the new-file form):
// written shortly after the last change, at once when the screen goes away or the
// window closes, and never when there is nothing worth keeping.
import { useCallback, useEffect, useRef, useState } from "react";

import type { AppError } from "../bindings/AppError";

/** How long typing may go unsaved: a draft is written this long after the last change
 * (and at once when the screen closes). */
export const DRAFT_DEBOUNCE_MS = 400;

export interface DraftKeeper<T> {
  save: (value: T) => Promise<{ savedAtUtc: string }>;
  discard: () => Promise<unknown>;
  /** Nothing worth keeping (untouched, or every change taken back): such a value
   * removes the draft instead of being written. */
  isEmpty: (value: T) => boolean;
}

export interface DraftState {
  /** When the draft on disk was written (null: there is none). */
  savedAt: string | null;
  /** The draft on disk is the one the screen opened with. */
  restored: boolean;
  /** The last write or removal failed: what is typed is only on screen. */
  error: AppError | null;
}

/** Keeps `value` as a draft. The value the screen starts with is not written (it is
 * what was loaded, from `restoredAt`, or nothing); each later one is.
 *
 * Writes go one at a time, in the order the changes were made, so an older value never
 * lands after a newer one. Writing goes on whatever else the screen does (a request on
 * its way included): the backend decides what a draft written meanwhile means (see
 * crates/kyb-desk-core/src/desk/correction.rs), and nothing typed is held back.
 * `saveNow()` writes what is on screen at once and answers, once every earlier write is
 * done, whether the draft on disk is now what the screen shows. */
export function useDraft<T>(value: T, keeper: DraftKeeper<T>, restoredAt: string | null) {
  const [state, setState] = useState<DraftState>({ savedAt: restoredAt, restored: restoredAt !== null, error: null });
  const keep = useRef(keeper);
  useEffect(() => {
    keep.current = keeper;
  });
  const last = useRef(value);
  const pending = useRef<{ value: T } | null>(null);
  /** The write on its way, settled with whether it was written (never rejected). */
  const inFlight = useRef<Promise<boolean> | null>(null);
  /** Whether the last write was written. */
  const ok = useRef(true);

  const flush = useCallback((): Promise<boolean> => {
    // One write at a time: what waits is written once the one on its way is done.
    if (inFlight.current) return inFlight.current.then(() => flush());
    const next = pending.current;
    pending.current = null;
    if (!next) return Promise.resolve(ok.current);
    const { save, discard, isEmpty } = keep.current;
    const written: Promise<string | null> = isEmpty(next.value) ? discard().then(() => null) : save(next.value).then((saved) => saved.savedAtUtc);
    const write = written.then(
      (savedAt) => {
        ok.current = true;
        setState({ savedAt, restored: false, error: null });
        return true;
      },
      (error: AppError) => {
        // Not written: written again with the next write, unless a newer value waits.
        ok.current = false;
        pending.current ??= next;
        setState((s) => ({ ...s, error }));
        return false;
      },
    );
    inFlight.current = write.then((result) => {
      inFlight.current = null;
      return result;
    });
    return inFlight.current;
  }, []);

  useEffect(() => {
    if (Object.is(last.current, value)) return;
    last.current = value;
    pending.current = { value };
    const timer = setTimeout(() => void flush(), DRAFT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, flush]);

  useEffect(() => {
    // Also when the window goes away (the app closing) with a change still pending.
    const now = () => void flush();
    window.addEventListener("pagehide", now);
    return () => {
      window.removeEventListener("pagehide", now);
      void flush();
    };
  }, [flush]);

  const saveNow = useCallback(() => {
    pending.current = { value: last.current };
    return flush();
  }, [flush]);

  return { state, saveNow };
}

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
 * While the work is being sent, `hold()` stops all writes: the backend drops the draft
 * once the service accepts the work, and a write landing after that would bring back
 * what was already sent. `resume(true)` (the send failed) writes what is on screen at
 * once; `resume(false)` (it succeeded) writes again from the next change. */
export function useDraft<T>(value: T, keeper: DraftKeeper<T>, restoredAt: string | null) {
  const [state, setState] = useState<DraftState>({ savedAt: restoredAt, restored: restoredAt !== null, error: null });
  const keep = useRef(keeper);
  useEffect(() => {
    keep.current = keeper;
  });
  const last = useRef(value);
  const pending = useRef<{ value: T } | null>(null);
  const held = useRef(false);

  const flush = useCallback(() => {
    const next = pending.current;
    pending.current = null;
    if (!next || held.current) return;
    const { save, discard, isEmpty } = keep.current;
    const failed = (error: AppError) => setState((s) => ({ ...s, error }));
    if (isEmpty(next.value)) {
      discard().then(() => setState({ savedAt: null, restored: false, error: null }), failed);
    } else {
      save(next.value).then((saved) => setState({ savedAt: saved.savedAtUtc, restored: false, error: null }), failed);
    }
  }, []);

  useEffect(() => {
    if (Object.is(last.current, value)) return;
    last.current = value;
    pending.current = { value };
    const timer = setTimeout(flush, DRAFT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, flush]);

  useEffect(() => {
    // Also when the window goes away (the app closing) with a change still pending.
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, [flush]);

  const hold = useCallback(() => {
    held.current = true;
    pending.current = null;
  }, []);
  const resume = useCallback(
    (saveNow: boolean) => {
      held.current = false;
      if (!saveNow) return;
      pending.current = { value: last.current };
      flush();
    },
    [flush],
  );

  return { state, hold, resume };
}

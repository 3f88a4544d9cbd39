// "Refresh all" on its own, every few minutes, while the watchlist is open: an analyst
// leaves the list on screen and sees files change without pressing anything. Off unless
// chosen; the choice is kept per profile, in the data folder's preferences.
import { useEffect, useRef, useState } from "react";

import type { AutoRefreshRule } from "../../bindings/AutoRefreshRule";
import { preferences, setPreference } from "../../preferences";

/** The intervals offered, in minutes (0: off), and what a stored one not offered reads
 * as: the desk's answer (`policy`, whose minimum frequency may leave out "off" and the
 * longer ones); until it has answered, these (the desk's own without a policy). */
export const AUTO_REFRESH_MINUTES = [0, 5, 15, 60];
export type AutoRefreshMinutes = number;
export type AutoRefreshOffer = Pick<AutoRefreshRule, "choices" | "fallback">;
const UNMANAGED: AutoRefreshOffer = { choices: AUTO_REFRESH_MINUTES, fallback: 0 };

/** The profile's interval; one not offered (say, from another version, or longer than
 * the company's policy allows) reads as the offer's fallback. */
export function storedAutoRefresh(profileId: string, offer: AutoRefreshOffer = UNMANAGED): AutoRefreshMinutes {
  return offered(preferences().autoRefresh[profileId], offer);
}

/** `minutes` when offered, otherwise the offer's fallback. */
export function offered(minutes: number | undefined, offer: AutoRefreshOffer): AutoRefreshMinutes {
  return offer.choices.find((m) => m === minutes) ?? offer.fallback;
}

export function storeAutoRefresh(profileId: string, minutes: AutoRefreshMinutes) {
  setPreference({ key: "autoRefresh", value: { profileId, minutes } });
}

/** The newest refresh among `times` (ISO 8601), in ms since the epoch; 0 when none was
 * ever refreshed (so the first automatic refresh is due at once). */
export function newestRefresh(times: (string | null)[]): number {
  return times.reduce((newest, time) => {
    const at = time ? Date.parse(time) : NaN;
    return Number.isNaN(at) ? newest : Math.max(newest, at);
  }, 0);
}

/** Calls `refresh` `minutes` after `lastStart` (ms since the epoch; `null`: not known
 * yet, nothing is planned), and again after each new `lastStart`. It runs while the
 * window is hidden too: what it finds then is told in an OS notification (see
 * `changeNotice.ts`). Answers when the next one is due (`null`: none planned). */
export function useAutoRefresh(minutes: number, lastStart: number | null, refresh: () => void): number | null {
  const run = useRef(refresh);
  useEffect(() => {
    run.current = refresh;
  });
  const [dueAt, setDueAt] = useState<number | null>(null);
  useEffect(() => {
    if (minutes <= 0 || lastStart === null) {
      setDueAt(null);
      return;
    }
    const due = lastStart + minutes * 60_000;
    setDueAt(due);
    const timer = setTimeout(() => run.current(), Math.max(0, due - Date.now()));
    return () => clearTimeout(timer);
  }, [minutes, lastStart]);
  return dueAt;
}

import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from "react";

import * as backend from "../../api/backend";
import type { AppError } from "../../bindings/AppError";
import type { RefreshProgress } from "../../bindings/RefreshProgress";
import type { WatchedFile } from "../../bindings/WatchedFile";
import { useI18n } from "../../i18n";
import { begin, usePaintMeasure } from "../../perf";
import { perFrame } from "../../ui/frames";
import { noticeChanges } from "./changeNotice";
import { rowKey } from "./model";
import { type AutoRefreshMinutes, newestRefresh, storeAutoRefresh, storedAutoRefresh, useAutoRefresh } from "./useAutoRefresh";

export type Progress = { done: number; total: number } | null;

export interface WatchlistRefresh {
  /** How far the refresh under way has got; null when none is. */
  progress: Progress;
  /** The files whose last refresh failed. */
  failed: WatchedFile[];
  refreshAll: () => void;
  retryFailed: () => void;
  autoMinutes: AutoRefreshMinutes;
  /** Chooses the automatic refresh's interval, kept for the profile. */
  chooseAutoMinutes: (minutes: AutoRefreshMinutes) => void;
  /** When the next automatic refresh is due (ms since the epoch); null when none is planned. */
  nextAuto: number | null;
}

/** Refreshing the watchlist: all of it or only the files that failed, one refresh at a
 * time, rows updated as answers arrive, and the automatic refresh planned from when
 * "refresh all" last started. */
export function useWatchlistRefresh(props: {
  profileId: string;
  files: WatchedFile[] | null;
  setFiles: Dispatch<SetStateAction<WatchedFile[] | null>>;
  setError: (error: AppError | null) => void;
}): WatchlistRefresh {
  const { profileId, files, setFiles, setError } = props;
  const measureNextCommit = usePaintMeasure();
  const { t } = useI18n();
  const [progress, setProgress] = useState<Progress>(null);

  // When "refresh all" last started (ms): at first, the newest answer in the list.
  const [lastStart, setLastStart] = useState<number | null>(null);
  const hasFiles = Boolean(files?.length);
  useEffect(() => {
    if (files && files.length > 0 && lastStart === null) setLastStart(newestRefresh(files.map((f) => f.lastRefreshUtc)));
  }, [files, lastStart]);
  const [autoMinutes, setAutoMinutes] = useState<AutoRefreshMinutes>(() => storedAutoRefresh(profileId));
  const running = useRef(false);

  const failed = (files ?? []).filter((file) => file.refreshFailed);
  const refresh = async (failedOnly: boolean, automatic = false) => {
    if (!failedOnly) setLastStart(Date.now());
    // One refresh at a time: an automatic one falling due during another is skipped.
    if (running.current) return;
    running.current = true;
    setError(null);
    setProgress({ done: 0, total: failedOnly ? failed.length : (files?.length ?? 0) });
    begin("watchlist-refresh");
    // Rows update as answers arrive, those of one frame together; the table stays usable.
    // A channel's messages may arrive after the command's answer: once the refresh has
    // ended, a late one is dropped, or it would put back a progress that never ends.
    let live = true;
    const answers = perFrame<RefreshProgress>((batch) => {
      if (!live) return;
      const last = batch[batch.length - 1];
      if (last) setProgress({ done: last.done, total: last.total });
      const fresh = new Map(batch.map((p) => [rowKey(p.file), p.file]));
      setFiles((current) => current?.map((f) => fresh.get(rowKey(f)) ?? f) ?? current);
    });
    const before = files ?? [];
    try {
      const final = await backend.refreshWatchlist((answer) => live && answers.push(answer), failedOnly);
      answers.cancel();
      measureNextCommit("watchlist-refresh");
      setFiles(final);
      if (automatic) void noticeChanges(before, final, t);
    } catch (e) {
      setError(backend.asAppError(e));
    } finally {
      live = false;
      answers.cancel();
      setProgress(null);
      running.current = false;
    }
  };
  const nextAuto = useAutoRefresh(hasFiles ? autoMinutes : 0, lastStart, () => void refresh(false, true));

  return {
    progress,
    failed,
    refreshAll: () => void refresh(false),
    retryFailed: () => void refresh(true),
    autoMinutes,
    chooseAutoMinutes: (minutes) => {
      setAutoMinutes(minutes);
      storeAutoRefresh(profileId, minutes);
    },
    nextAuto,
  };
}

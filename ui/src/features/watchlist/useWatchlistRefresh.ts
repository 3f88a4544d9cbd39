import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { asAppError } from "../../api/appError";
import * as commands from "../../api/commands";
import { keys, queries } from "../../api/queries";
import type { AppError } from "../../bindings/AppError";
import type { RefreshProgress } from "../../bindings/RefreshProgress";
import type { WatchedFile } from "../../bindings/WatchedFile";
import { perFrame } from "../../dom/frames";
import { useI18n } from "../../i18n";
import { begin, usePaintMeasure } from "../../perf";
import { noticeChanges } from "./changeNotice";
import { rowKey } from "./model";
import { type AutoRefreshMinutes, newestRefresh, offered, storeAutoRefresh, storedAutoRefresh, useAutoRefresh } from "./useAutoRefresh";
import { setWatchlist } from "./useWatchlist";

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
 * time, rows updated in the watchlist's query as answers arrive (its final answer put
 * in their place), and the automatic refresh planned from when "refresh all" last
 * started. */
export function useWatchlistRefresh(props: { profileId: string; files: WatchedFile[] | null; setError: (error: AppError | null) => void }): WatchlistRefresh {
  const { profileId, files, setError } = props;
  const measureNextCommit = usePaintMeasure();
  const { t } = useI18n();
  const client = useQueryClient();
  const [progress, setProgress] = useState<Progress>(null);

  // When "refresh all" last started (ms): at first, the newest answer in the list.
  const [lastStart, setLastStart] = useState<number | null>(null);
  const hasFiles = Boolean(files?.length);
  useEffect(() => {
    if (files && files.length > 0 && lastStart === null) setLastStart(newestRefresh(files.map((f) => f.lastRefreshUtc)));
  }, [files, lastStart]);
  // The company's policy may hold the refresh to a minimum frequency (read as data).
  const { data: policy } = useQuery(queries.policy());
  const [chosenMinutes, setAutoMinutes] = useState<AutoRefreshMinutes>(() => storedAutoRefresh(profileId));
  const autoMinutes = policy ? offered(chosenMinutes, policy.autoRefresh) : chosenMinutes;
  const running = useRef(false);

  const failed = (files ?? []).filter((file) => file.refreshFailed);
  const refresh = useMutation({
    mutationFn: async ({ failedOnly }: { failedOnly: boolean; automatic: boolean; before: WatchedFile[] }) => {
      // Rows update as answers arrive, those of one frame together; the table stays usable.
      // A channel's messages may arrive after the command's answer: once the refresh has
      // ended, a late one is dropped, or it would put back a progress that never ends.
      let live = true;
      const answers = perFrame<RefreshProgress>((batch) => {
        if (!live) return;
        const last = batch[batch.length - 1];
        if (last) setProgress({ done: last.done, total: last.total });
        const fresh = new Map(batch.map((p) => [rowKey(p.file), p.file]));
        client.setQueryData<WatchedFile[]>(keys.watchlist(), (current) => current?.map((f) => fresh.get(rowKey(f)) ?? f));
      });
      try {
        return await commands.refreshWatchlist(failedOnly, (answer) => live && answers.push(answer));
      } finally {
        live = false;
        answers.cancel();
      }
    },
    onMutate: ({ failedOnly }) => {
      setError(null);
      setProgress({ done: 0, total: failedOnly ? failed.length : (files?.length ?? 0) });
      begin("watchlist-refresh");
      // The team's queue shows who is refreshing: read again at the start and the end.
      void client.invalidateQueries({ queryKey: keys.teamQueues });
    },
    onSuccess: (final, { automatic, before }) => {
      measureNextCommit("watchlist-refresh");
      setWatchlist(client, final);
      if (automatic) void noticeChanges(before, final, t);
    },
    onError: (e) => setError(asAppError(e)),
    onSettled: () => {
      setProgress(null);
      running.current = false;
    },
  });
  const start = (failedOnly: boolean, automatic = false) => {
    if (!failedOnly) setLastStart(Date.now());
    // One refresh at a time: an automatic one falling due during another is skipped.
    if (running.current) return;
    running.current = true;
    refresh.mutate({ failedOnly, automatic, before: files ?? [] });
  };
  const nextAuto = useAutoRefresh(hasFiles ? autoMinutes : 0, lastStart, () => start(false, true));

  return {
    progress,
    failed,
    refreshAll: () => start(false),
    retryFailed: () => start(true),
    autoMinutes,
    chooseAutoMinutes: (minutes) => {
      setAutoMinutes(minutes);
      storeAutoRefresh(profileId, minutes);
    },
    nextAuto,
  };
}

// The watchlist on the data layer: the list is one query (keys.watchlist), and each
// change of it (follow, unfollow, its undo) is a mutation that puts the backend's answer
// (the whole list) in that query's place, so every part of the window showing the list
// shows the change without reading it again.
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";

import * as commands from "../../api/commands";
import { readyWatchlist } from "../../api/early";
import { keys, queries } from "../../api/queries";
import type { AppError } from "../../bindings/AppError";
import type { WatchedFile } from "../../bindings/WatchedFile";

/** The list as the backend answered a change: it replaces the one read. A read still
 * under way was asked before the change, so it is called off rather than let overwrite
 * it; the team's queue, which the list feeds, is read again. */
export function setWatchlist(client: QueryClient, list: WatchedFile[]) {
  void client.cancelQueries({ queryKey: keys.watchlist() });
  client.setQueryData(keys.watchlist(), list);
  void client.invalidateQueries({ queryKey: keys.teamQueues });
}

/** The active profile's watchlist. At start it is the list read with the profile book
 * (early.ts), drawn in the first commit and not read again on that opening; later it
 * is read at each opening, the last answer showing meanwhile. */
export function useWatchlist(profileId: string) {
  const [atStart] = useState(() => readyWatchlist(profileId));
  return useQuery({ ...queries.watchlist(), initialData: () => atStart ?? undefined, refetchOnMount: atStart === null });
}

/** Follows, unfollows and puts back files; each answers the whole list. */
export function useWatchlistChanges(on: {
  /** `undoesFollow`: the unfollow took back a follow just made. */
  unfollowed: (file: WatchedFile, undoesFollow: boolean) => void;
  restored: (file: WatchedFile) => void;
  error: (error: AppError) => void;
}) {
  const client = useQueryClient();
  const unfollow = useMutation({
    mutationFn: ({ file }: { file: WatchedFile; undoesFollow: boolean }) => commands.unwatchFile(file.flowId, file.rfc),
    onSuccess: (list, { file, undoesFollow }) => {
      setWatchlist(client, list);
      on.unfollowed(file, undoesFollow);
    },
    onError: on.error,
  });
  const restore = useMutation({
    mutationFn: (file: WatchedFile) => commands.restoreWatchedFile(file),
    onSuccess: (list, file) => {
      setWatchlist(client, list);
      on.restored(file);
    },
    onError: on.error,
  });
  return { unfollow: unfollow.mutate, restore: restore.mutate };
}

/** Following one file by its flow and RFC. */
export function useFollow() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ flowId, rfc }: { flowId: string; rfc: string }) => commands.watchFile(flowId, rfc),
    onSuccess: (list) => setWatchlist(client, list),
  });
}

// The SLA board the watchlist draws its clocks from: the app's one board (read on every
// screen, each minute, for the notice of files about to breach: features/sla/SlaNotices),
// read again when the list is answered after it (a refresh moved a status on).
//
// Not during a refresh: its rows arrive frame by frame, each a newer list, and a board
// read at each would compute every clock and redraw the whole table at every frame (at
// 10,000 files the refresh ran at a quarter of its speed, make bench). The clocks catch
// up once, with the refresh's last answer (and each minute meanwhile).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

import { keys, queries } from "../../api/queries";

export function useSla(listAnsweredAt: number, refreshing: boolean) {
  const queryClient = useQueryClient();
  const board = useQuery(queries.slaBoard());
  const boardAt = board.dataUpdatedAt;
  useEffect(() => {
    if (!refreshing && boardAt > 0 && listAnsweredAt > boardAt) void queryClient.invalidateQueries({ queryKey: keys.slaBoard() });
  }, [listAnsweredAt, boardAt, refreshing, queryClient]);
  return { board: board.data };
}

// The SLA board the watchlist draws its clocks from: the app's one board (read on every
// screen, each minute, for the notice of files about to breach: features/sla/SlaNotices),
// read again when the list is answered after it (a refresh moved a status on).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

import { keys, queries } from "../../api/queries";

export function useSla(listAnsweredAt: number) {
  const queryClient = useQueryClient();
  const board = useQuery(queries.slaBoard());
  const boardAt = board.dataUpdatedAt;
  useEffect(() => {
    if (boardAt > 0 && listAnsweredAt > boardAt) void queryClient.invalidateQueries({ queryKey: keys.slaBoard() });
  }, [listAnsweredAt, boardAt, queryClient]);
  return { board: board.data };
}

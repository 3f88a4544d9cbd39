// Each member's overdue files, for the workload. The team's queue says whose each file is
// (its assignee); the desk's SLA board says how each file's clock stands, computed in Rust
// (kyb_desk_core::sla: the state the dashboard counts its "vencidos" by). Only the join
// is made here: a file is overdue when its clock is breached, and by as much as it says.
import type { SlaBoard } from "../../bindings/SlaBoard";
import type { TeamQueue } from "../../bindings/TeamQueue";
import { rowKey } from "../watchlist/model";
import { clocksByRow } from "../watchlist/sla";

export type Overdue = {
  files: number;
  /** Business minutes past its target of the one most overdue. */
  oldest: number;
};

export const NONE_OVERDUE: Overdue = { files: 0, oldest: 0 };

/** Each assignee's overdue files; null until both the queue and the board are read. */
export function overdueByMember(queue: TeamQueue | undefined, board: SlaBoard | undefined): Map<string, Overdue> | null {
  if (!queue || !board) return null;
  const clocks = clocksByRow(board);
  const overdue = new Map<string, Overdue>();
  for (const file of queue.files) {
    const clock = clocks.get(rowKey(file));
    if (!file.assignee || clock?.state !== "breached") continue;
    // The board's remaining minutes are negative once the target has passed.
    const over = Math.max(0, -(clock.remainingMinutes ?? 0));
    const counted = overdue.get(file.assignee) ?? NONE_OVERDUE;
    overdue.set(file.assignee, { files: counted.files + 1, oldest: Math.max(counted.oldest, over) });
  }
  return overdue;
}

// The SLA as the queue draws it: each row's clock from the desk's board (computed in
// Rust: kyb_desk_core::sla), its words, the order by due time and the overview's filter.
// Pure, so Vitest checks the wording and the order without a window.
import type { SlaBoard } from "../../bindings/SlaBoard";
import type { SlaClock } from "../../bindings/SlaClock";
import type { SlaState } from "../../bindings/SlaState";
import type { WatchedFile } from "../../bindings/WatchedFile";
import type { MessageKey, Translate } from "../../i18n";
import { rowKey } from "./model";

/** The overview's SLA filters: the files whose clock is in this state. */
export type SlaFilter = "breached" | "at_risk";

/** Each followed file's clock by its row's key. */
export function clocksByRow(board: SlaBoard | undefined): Map<string, SlaClock> {
  return new Map((board?.clocks ?? []).map((c) => [rowKey(c), c.clock]));
}

/** Business minutes as "3 h 20 min", "2 h", "45 min". */
export function duration(minutes: number, t: Translate): string {
  const whole = Math.max(0, Math.round(Math.abs(minutes)));
  const h = Math.floor(whole / 60);
  const m = whole % 60;
  if (h === 0) return t("sla.minutes", { m });
  return m === 0 ? t("sla.hours", { h }) : t("sla.hoursMinutes", { h, m });
}

export const STATE_WORDS: Record<SlaState, MessageKey | null> = {
  on_time: "sla.onTime",
  at_risk: "sla.atRisk",
  breached: "sla.breached",
  paused: "sla.paused",
  stopped: "sla.stopped",
  none: null,
};

/** What a row's clock says after its state's word: the time left or over, why it is
 * paused, or nothing ("—" is drawn). It continues that word ("Vencido" / "hace 3 h"),
 * never repeats it: the cell has two lines in a row of fixed height. */
export function slaDetail(clock: SlaClock | undefined, file: WatchedFile, t: Translate): string | null {
  if (!clock) return null;
  switch (clock.state) {
    case "paused":
      return file.statusCategory === "with_user" ? t("sla.pausedWithUser") : t("sla.pausedEntering");
    case "on_time":
    case "at_risk":
    case "breached": {
      const remaining = clock.remainingMinutes;
      if (remaining === null) return null;
      return remaining > 0 ? t("sla.left", { time: duration(remaining, t) }) : t("sla.over", { time: duration(remaining, t) });
    }
    default:
      return null;
  }
}

/** A row's place in the order by due time: its due instant; a file without one (paused,
 * resolved, no target, not on the board yet) after every one that has. */
export function dueValue(clock: SlaClock | undefined): number {
  const at = clock?.dueAt ? Date.parse(clock.dueAt) : Number.NaN;
  return Number.isNaN(at) ? Number.MAX_SAFE_INTEGER : at;
}

/** The files whose clock is in `filter`'s state; all with none. */
export function filterBySla(files: WatchedFile[], clocks: Map<string, SlaClock>, filter: SlaFilter | null): WatchedFile[] {
  if (!filter) return files;
  return files.filter((file) => clocks.get(rowKey(file))?.state === filter);
}

// The dashboard's data shaped for drawing: the figures are the backend's (computed in
// Rust, `kyb_desk_core::dashboard`); here they are only laid out as a chart's series and
// as the table that says the same in words.

import type { AgeBand } from "../../bindings/AgeBand";
import type { Dashboard } from "../../bindings/Dashboard";
import type { DashboardQuery } from "../../bindings/DashboardQuery";
import type { RiskBand } from "../../bindings/RiskBand";

/** The period's ready-made choices; `custom` takes the from/to days typed. */
export type Preset = "7d" | "30d" | "90d" | "all" | "custom";
export const PRESETS: Preset[] = ["7d", "30d", "90d", "all", "custom"];

export interface Filters {
  preset: Preset;
  /** YYYY-MM-DD, used with `custom` ("" for open). */
  from: string;
  to: string;
  analyst: string;
  flow: string;
}

export const noFilters: Filters = { preset: "30d", from: "", to: "", analyst: "", flow: "" };

/** A local day as YYYY-MM-DD. */
export function dayOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** What the backend is asked for: the preset's days ending today (today counted), in
 * the window's time zone, so a decision's day is the analyst's. */
export function queryOf(filters: Filters, now: Date): DashboardQuery {
  const days = { "7d": 7, "30d": 30, "90d": 90 } as const;
  let from: string | null = null;
  let to: string | null = null;
  if (filters.preset === "custom") {
    from = filters.from || null;
    to = filters.to || null;
  } else if (filters.preset !== "all") {
    const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days[filters.preset] - 1));
    from = dayOf(start);
    to = dayOf(now);
  }
  return {
    from,
    to,
    analyst: filters.analyst || null,
    flow: filters.flow || null,
    // getTimezoneOffset is west-positive; the backend wants east-positive.
    utcOffsetMinutes: -now.getTimezoneOffset(),
  };
}

/** Decisions per analyst per day as a table: the days in order, the analysts in order,
 * and `counts[analyst][day]` (0 where none), with each day's total. */
export interface DecisionTable {
  days: string[];
  analysts: string[];
  counts: number[][];
  totals: number[];
}

export function decisionTable(dashboard: Dashboard): DecisionTable {
  const days = [...new Set(dashboard.decisions.map((d) => d.day))].sort();
  const analysts = [...new Set(dashboard.decisions.map((d) => d.analyst))].sort();
  const dayAt = new Map(days.map((d, i) => [d, i]));
  const analystAt = new Map(analysts.map((a, i) => [a, i]));
  const counts = analysts.map(() => days.map(() => 0));
  for (const d of dashboard.decisions) {
    const row = counts[analystAt.get(d.analyst) ?? 0];
    const at = dayAt.get(d.day) ?? 0;
    if (row) row[at] = (row[at] ?? 0) + d.count;
  }
  const totals = days.map((_, i) => counts.reduce((sum, row) => sum + (row[i] ?? 0), 0));
  return { days, analysts, counts, totals };
}

/** Stacked bars drawn as overlapping bars: the first series reaches each day's total,
 * each next one the sum of the analysts left, the last the last analyst's own count.
 * Drawn in that order, each analyst's share shows in its own colour. */
export function stacked(counts: number[][]): number[][] {
  const out: number[][] = [];
  let running = counts[0]?.map(() => 0) ?? [];
  for (let a = counts.length - 1; a >= 0; a--) {
    running = running.map((sum, i) => sum + (counts[a]?.[i] ?? 0));
    out.unshift(running);
  }
  return out;
}

/** The age bands' words (keys of the dashboard's messages). */
export const BAND_WORDS: Record<AgeBand, `dashboard.band.${AgeBand}`> = {
  today: "dashboard.band.today",
  days1To3: "dashboard.band.days1To3",
  days4To7: "dashboard.band.days4To7",
  older: "dashboard.band.older",
  unknown: "dashboard.band.unknown",
};

/** The risk bands' words (keys of the dashboard's messages). */
export const RISK_WORDS: Record<RiskBand, `dashboard.risk.${RiskBand}`> = {
  high: "dashboard.risk.high",
  medium: "dashboard.risk.medium",
  low: "dashboard.risk.low",
  clear: "dashboard.risk.clear",
  unchecked: "dashboard.risk.unchecked",
};

/** A wait in words: the two largest units ("2 d 4 h", "3 h 20 min", "45 s"). */
export function durationText(seconds: number): string {
  const units: [number, string][] = [
    [86_400, "d"],
    [3_600, "h"],
    [60, "min"],
    [1, "s"],
  ];
  const parts: string[] = [];
  let left = Math.max(0, Math.round(seconds));
  for (const [size, unit] of units) {
    const n = Math.floor(left / size);
    if (n > 0 || (parts.length === 0 && size === 1)) parts.push(`${n} ${unit}`);
    left -= n * size;
    if (parts.length === 2) break;
    if (parts.length === 1 && n > 0 && left === 0) break;
  }
  return parts.join(" ");
}

/** Thousandths as a percentage with one decimal, in the language's way. */
export function percentText(permille: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(permille / 1000);
}

/** Nothing to draw: no decision in the period and no open file. */
export function isEmpty(dashboard: Dashboard): boolean {
  return dashboard.decisionsTotal === 0 && dashboard.queue.open === 0;
}

/** A label under a bar, on two lines (at the space nearest its middle) when it is wider
 * than its bar's slot of `slot` pixels, so that neighbours do not run into each other
 * ("Más de 7 días" beside "Sin fecha" on a narrow card). Widths are estimated at 7 px a
 * character, the axis' 12 px font. */
export function fitLabel(label: string, slot: number): string {
  if (label.length * 7 <= slot) return label;
  const middle = label.length / 2;
  let best = -1;
  for (let i = label.indexOf(" "); i !== -1; i = label.indexOf(" ", i + 1)) {
    if (best === -1 || Math.abs(i - middle) < Math.abs(best - middle)) best = i;
  }
  return best === -1 ? label : `${label.slice(0, best)}\n${label.slice(best + 1)}`;
}

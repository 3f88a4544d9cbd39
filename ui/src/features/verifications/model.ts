// What the supervisor's screen draws: the geo bands (spec: Consistente up to 100 m,
// Inconsistente beyond 500 m, the band between them not assigned), the timeline of a
// verification, and the folios looked up lately.
import type { Verification } from "../../bindings/Verification";
import type { Tone } from "../tracking/model";

export const CONSISTENT_MAX_M = 100;
export const INCONSISTENT_FROM_M = 500;
/** Where the diagram ends; farther distances sit at its right edge. */
export const DIAGRAM_MAX_M = 5000;

export type Band = "consistent" | "unassigned" | "inconsistent";

export function bandOf(meters: number | null): Band | null {
  if (meters === null || !Number.isFinite(meters) || meters < 0) return null;
  if (meters <= CONSISTENT_MAX_M) return "consistent";
  if (meters > INCONSISTENT_FROM_M) return "inconsistent";
  return "unassigned";
}

/** Position (0 to 1) of a distance on the band diagram. The three bands get fixed
 * shares of the width so each stays readable: 0–100 m the first quarter, 100–500 m
 * up to 60 %, and 500 m to 5 km the rest on a logarithmic scale. */
export function positionOf(meters: number): number {
  const m = Math.max(0, meters);
  if (m <= CONSISTENT_MAX_M) return (m / CONSISTENT_MAX_M) * 0.25;
  if (m <= INCONSISTENT_FROM_M) return 0.25 + ((m - CONSISTENT_MAX_M) / (INCONSISTENT_FROM_M - CONSISTENT_MAX_M)) * 0.35;
  const far = Math.log(Math.min(m, DIAGRAM_MAX_M) / INCONSISTENT_FROM_M) / Math.log(DIAGRAM_MAX_M / INCONSISTENT_FROM_M);
  return 0.6 + far * 0.4;
}

/** The segments the diagram draws, each with its start and end as positions. */
export const BANDS: { band: Band; from: number; to: number }[] = [
  { band: "consistent", from: 0, to: positionOf(CONSISTENT_MAX_M) },
  { band: "unassigned", from: positionOf(CONSISTENT_MAX_M), to: positionOf(INCONSISTENT_FROM_M) },
  { band: "inconsistent", from: positionOf(INCONSISTENT_FROM_M), to: 1 },
];

/** The marker and the accuracy around it, as positions; null without a distance. */
export function markerOf(distance: number | null, accuracy: number | null): { at: number; from: number; to: number } | null {
  if (distance === null || !Number.isFinite(distance)) return null;
  const spread = accuracy !== null && Number.isFinite(accuracy) && accuracy > 0 ? accuracy : 0;
  return { at: positionOf(distance), from: positionOf(distance - spread), to: positionOf(distance + spread) };
}

export type Step = "created" | "sent" | "completed" | "expires";

export interface TimelineEntry {
  step: Step;
  at: string | null;
  /** done: it happened; due: a deadline still ahead; missed: a deadline passed unmet. */
  state: "done" | "due" | "missed" | "pending";
}

export function timeline(v: Verification, now: number): TimelineEntry[] {
  const happened = (step: Step, at: string | null): TimelineEntry => ({ step, at, state: at ? "done" : "pending" });
  const expires = v.ExpiresAtUtc ? Date.parse(v.ExpiresAtUtc) : Number.NaN;
  let expiry: TimelineEntry["state"] = "pending";
  if (!Number.isNaN(expires)) {
    if (v.CompletedAtUtc) expiry = "done";
    else expiry = expires > now ? "due" : "missed";
  }
  return [
    happened("created", v.CreatedAtUtc),
    happened("sent", v.SentAtUtc),
    happened("completed", v.CompletedAtUtc),
    { step: "expires", at: v.ExpiresAtUtc, state: expiry },
  ];
}

export function statusTone(status: Verification["VerificationStatus"]): Tone {
  switch (status) {
    case "Completado":
      return "ok";
    case "SuspendidaPorRiesgo":
    case "Rechazado":
      return "danger";
    case "Expirado":
    case "NoIniciado":
      return "warn";
    case "Enviado":
    case "Abierto":
    case "Iniciado":
      return "info";
    default:
      return "neutral";
  }
}

export function geoTone(result: Verification["GeoResult"]): Tone {
  if (result === "Consistente") return "ok";
  if (result === "Inconsistente") return "danger";
  return "neutral";
}

export const RECENT_MAX = 8;

/** The folio first, without repeats, at most RECENT_MAX. Kept as typed: the spec does
 * not say a folio ignores case, so "vd-1" and "VD-1" may be two folios. */
export function remember(recent: string[], folio: string): string[] {
  const clean = folio.trim();
  if (!clean) return recent;
  return [clean, ...recent.filter((f) => f !== clean)].slice(0, RECENT_MAX);
}

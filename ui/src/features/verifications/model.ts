// What the supervisor's screen draws: the geo bands (their edges as the app's info gives
// them; which band a distance is in, as the verification's state says), the timeline of
// a verification, and the folios looked up lately.
import type { GeoBand } from "../../bindings/GeoBand";
import type { GeoBands } from "../../bindings/GeoBands";
import type { Verification } from "../../bindings/Verification";
import type { Tone } from "../tracking/model";

/** Where the diagram ends at least; farther distances sit at its right edge. */
export const DIAGRAM_MAX_M = 5000;

/** Where the diagram ends: at DIAGRAM_MAX_M, or farther if the inconsistent band began
 * so far out that it would have no room. */
export function diagramEnd(edges: GeoBands): number {
  return Math.max(DIAGRAM_MAX_M, edges.inconsistentAboveMeters * 10);
}

/** Position (0 to 1) of a distance on the band diagram. The three bands get fixed
 * shares of the width so each stays readable: the consistent band the first quarter,
 * the unassigned one up to 60 %, and the inconsistent one the rest, up to the diagram's
 * end, on a logarithmic scale. */
export function positionOf(meters: number, edges: GeoBands): number {
  const { consistentMaxMeters: near, inconsistentAboveMeters: far } = edges;
  const end = diagramEnd(edges);
  const m = Math.max(0, meters);
  if (m <= near) return near > 0 ? (m / near) * 0.25 : 0;
  if (m <= far) return 0.25 + ((m - near) / (far - near)) * 0.35;
  return 0.6 + (Math.log(Math.min(m, end) / far) / Math.log(end / far)) * 0.4;
}

/** The segments the diagram draws, each with its start and end as positions. */
export function bandsOf(edges: GeoBands): { band: GeoBand; from: number; to: number }[] {
  const near = positionOf(edges.consistentMaxMeters, edges);
  const far = positionOf(edges.inconsistentAboveMeters, edges);
  return [
    { band: "consistent", from: 0, to: near },
    { band: "unassigned", from: near, to: far },
    { band: "inconsistent", from: far, to: 1 },
  ];
}

/** The distances the diagram marks on its scale: its start, the bands' edges, and two
 * further out. */
export function ticksOf(edges: GeoBands): number[] {
  const marks = [0, edges.consistentMaxMeters, edges.inconsistentAboveMeters, edges.inconsistentAboveMeters * 2, diagramEnd(edges)];
  return [...new Set(marks)];
}

/** The marker and the accuracy around it, as positions; null without a distance. */
export function markerOf(distance: number | null, accuracy: number | null, edges: GeoBands): { at: number; from: number; to: number } | null {
  if (distance === null || !Number.isFinite(distance)) return null;
  const spread = accuracy !== null && Number.isFinite(accuracy) && accuracy > 0 ? accuracy : 0;
  return { at: positionOf(distance, edges), from: positionOf(distance - spread, edges), to: positionOf(distance + spread, edges) };
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

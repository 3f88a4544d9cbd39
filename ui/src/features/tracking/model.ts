// How tracking's statuses look: one tone per section status.
import type { TrackedSection } from "../../bindings/TrackedSection";

export type Tone = "ok" | "danger" | "warn" | "info" | "neutral";

/** Accepted is done, rejected needs the user, attention and pending wait on the user,
 * completed and in review wait on the back office. Unknown statuses stay neutral. */
export function sectionTone(status: TrackedSection["status"]): Tone {
  switch (status) {
    case "Aceptado":
      return "ok";
    case "Rechazado":
      return "danger";
    case "Requiere Atención":
    case "Pendiente":
      return "warn";
    case "Completado":
    case "En Revisión":
      return "info";
    default:
      return "neutral";
  }
}

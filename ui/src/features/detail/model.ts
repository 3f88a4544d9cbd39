// What the detail screen points out: how many fields differ from an authority's (the
// differences themselves are the backend's), and whether the shareholders add up to 100 %.
import type { EntityValidation } from "../../bindings/EntityValidation";
import type { Mismatch } from "../../bindings/Mismatch";
import type { Scalar } from "../../bindings/Scalar";
import type { Shareholder } from "../../bindings/Shareholder";
import { fold } from "../../words/text";

/** How many differences the detail's entities show, for its summary and its tab: the
 * backend's, per entity (`FileDetail.mismatches`, kyb_desk_core::evidence::checks). */
export interface MismatchSummary {
  /** Fields that differ, each field of each entity once (however many authorities said so). */
  count: number;
  /** Entities with at least one. */
  entities: number;
}

export function mismatchSummary(perEntity: Mismatch[][]): MismatchSummary {
  let count = 0;
  let withAny = 0;
  for (const found of perEntity) {
    const fields = new Set(found.map((m) => m.field));
    count += fields.size;
    if (fields.size > 0) withAny += 1;
  }
  return { count, entities: withAny };
}

/** What a validation says: passed, failed, still pending (a biometric enrollment
 * requested and not done is no failure), or no result. */
export type ValidationVerdict = "passed" | "failed" | "pending" | "unknown";

/** Statuses of a validation still under way (the sandbox's enrollment statuses
 * Pendiente and Solicitado; the spec lists none). */
const UNDER_WAY = new Set(["pendiente", "solicitado", "en proceso", "iniciado"]);

export function validationVerdict(v: Pick<EntityValidation, "Resultado" | "Estatus" | "Detalles">): ValidationVerdict {
  if (v.Resultado === true) return "passed";
  const status = fold(v.Estatus ?? v.Detalles?.StatusOperation ?? "").trim();
  if (UNDER_WAY.has(status)) return "pending";
  return v.Resultado === false ? "failed" : "unknown";
}

/** A percentage written as a number or as text ("50", "50.5 %", "50,5"). */
export function percentOf(value: Scalar | null): number | null {
  if (typeof value === "number") return value;
  if (typeof value !== "string") return null;
  const number = Number.parseFloat(value.replace("%", "").replace(",", ".").trim());
  return Number.isFinite(number) ? number : null;
}

export interface ShareCheck {
  /** The sum, when every percentage could be read. */
  total: number | null;
  addsUp: boolean;
}

export function shareCheck(shareholders: Shareholder[]): ShareCheck {
  const shares = shareholders.map((s) => percentOf(s.Porcentaje));
  if (shares.length === 0 || shares.some((s) => s === null)) return { total: null, addsUp: false };
  const total = shares.reduce<number>((sum, s) => sum + (s ?? 0), 0);
  return { total: Math.round(total * 100) / 100, addsUp: Math.abs(total - 100) < 0.01 };
}

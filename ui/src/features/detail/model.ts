// What the detail screen points out: where what the user entered differs from what an
// authority returned, and whether the shareholders add up to 100 %.
import type { Entity } from "../../bindings/Entity";
import type { EntityData } from "../../bindings/EntityData";
import type { EntityValidation } from "../../bindings/EntityValidation";
import type { Scalar } from "../../bindings/Scalar";
import type { Shareholder } from "../../bindings/Shareholder";
import type { ValidationDetails } from "../../bindings/ValidationDetails";
import { fold } from "../../ui/text";

export type CheckedField = "Nombre" | "ApellidoPaterno" | "ApellidoMaterno" | "CURP" | "RFC" | "FechaNacimiento";

export interface Mismatch {
  field: CheckedField;
  entered: string;
  authority: string;
  /** The validation that returned it (Curp, Biometrico…). */
  source: string;
}

/** The birth date a CURP encodes (positions 5 to 10, YYMMDD) as YYYY-MM-DD; the century
 * from the 17th character (a digit before 2000, a letter from 2000 on). */
export function birthDateOfCurp(curp: string): string | null {
  const match = /^[A-Z]{4}(\d{2})(\d{2})(\d{2})[A-Z]{6}([0-9A-Z])\d$/.exec(curp.trim().toUpperCase());
  if (!match) return null;
  const [, yy, mm, dd, differentiator] = match;
  const century = /\d/.test(differentiator ?? "") ? "19" : "20";
  return `${century}${yy}-${mm}-${dd}`;
}

/** Every field of a representative whose entered value differs from an authority's
 * (ignoring case, accents and spacing). Fields either side left empty are not compared. */
export function mismatches(entity: Entity): Mismatch[] {
  const found: Mismatch[] = [];
  const data: Partial<EntityData> = entity.Datos ?? {};
  const compare = (field: CheckedField, entered: string | null | undefined, authority: string | null | undefined, source: string) => {
    if (!entered?.trim() || !authority?.trim()) return;
    if (fold(entered) !== fold(authority)) found.push({ field, entered, authority, source });
  };
  for (const validation of entity.Validaciones) {
    const details: Partial<ValidationDetails> = validation.Detalles ?? {};
    const source = validation.Tipo ?? "";
    compare("Nombre", data.Nombre, details.Nombres, source);
    compare("ApellidoPaterno", data.ApellidoPaterno, details.PrimerApellido, source);
    compare("ApellidoMaterno", data.ApellidoMaterno, details.SegundoApellido, source);
    compare("CURP", data.CURP, details.CURP, source);
    compare("RFC", data.RFC, details.RFC, source);
    compare("FechaNacimiento", data.CURP ? birthDateOfCurp(data.CURP) : null, details.FechaNacimiento, source);
  }
  return found;
}

export interface MismatchSummary {
  /** Fields that differ, each field of each entity once (however many authorities said so). */
  count: number;
  /** Entities with at least one. */
  entities: number;
}

/** How many differences the detail's entities show, for its summary and its tab. */
export function mismatchSummary(entities: Entity[]): MismatchSummary {
  let count = 0;
  let withAny = 0;
  for (const entity of entities) {
    const fields = new Set(mismatches(entity).map((m) => m.field));
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

// The drift report in the order the screen shows it: the service's operations by the
// analyst's names, each with what tolerant reading absorbed in its answers.
import type { DriftReport } from "../../bindings/DriftReport";
import type { OperationDrift } from "../../bindings/OperationDrift";
import type { MessageKey } from "../../i18n";

/** The nine operations, by route, in the order the screen lists them. */
const OPERATIONS: [route: string, name: MessageKey][] = [
  ["POST /expedientes/v1/tracking", "about.op.tracking"],
  ["GET /expedientes/detalle/{id}", "about.op.detail"],
  ["GET /verificaciones/{folio}", "about.op.verification"],
  ["POST /expedientes/nuevo", "about.op.createFile"],
  ["POST /expedientes/solicitar-correccion", "about.op.correction"],
  ["POST /expedientes/informacion-complementaria", "about.op.complementary"],
  ["POST /enrollment/v1/url", "about.op.enrollmentLink"],
  ["POST /verificaciones/{folio}/reenviar", "about.op.resend"],
  ["POST /verificaciones/{folio}/cancelar", "about.op.cancel"],
];

/** The analyst's name for an operation, or null for a route the desk does not know. */
export function operationName(route: string): MessageKey | null {
  return OPERATIONS.find(([known]) => known === route)?.[1] ?? null;
}

/** The operations that read at least one answer: the known ones in their order, then
 * any other route alphabetically. */
export function operationsRead(report: DriftReport): [string, OperationDrift][] {
  const order = (route: string) => {
    const at = OPERATIONS.findIndex(([known]) => known === route);
    return at < 0 ? OPERATIONS.length : at;
  };
  return Object.entries(report.operations)
    .filter(([, counts]) => counts.answers > 0)
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b));
}

/** A count list as [name, count] pairs, most frequent first, then by name. */
export function counted(map: { [key: string]: number }): [string, number][] {
  return Object.entries(map).sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
}

/** Unknown catalogue values as ["catalogue: value", count] pairs. */
export function catalogueValues(map: { [catalogue: string]: { [value: string]: number } }): [string, number][] {
  return counted(
    Object.fromEntries(Object.entries(map).flatMap(([catalogue, values]) => Object.entries(values).map(([value, n]) => [`${catalogue}: ${value}`, n]))),
  );
}

/** Whether every answer read matched the spec (time forms are noted, not absorbed). */
export function allMatched(operations: [string, OperationDrift][]): boolean {
  return operations.every(([, counts]) => counts.absorbing === 0);
}

// The report carries its two markers only as keys among the names it counts, so the
// screen cannot tell them from a name without their spelling: these are copies of
// kyb_api::drift::WITHHELD and MORE until the backend hands them over as data (issue 18).

/** What the backend writes in place of a name that could be someone's data. */
export const WITHHELD = "(withheld)";

/** Where the backend counts what is past its bound of distinct entries per list. */
export const MORE = "(more)";

// The drift report in the order the screen shows it: the service's operations by the
// analyst's names, each with what tolerant reading absorbed in its answers.
import type { DriftMarkers } from "../../bindings/DriftMarkers";
import type { DriftReport } from "../../bindings/DriftReport";
import type { Operation } from "../../bindings/Operation";
import type { OperationDrift } from "../../bindings/OperationDrift";
import type { OperationRoute } from "../../bindings/OperationRoute";
import { OPERATION_NAMES, operationOf } from "../../words/operations";

/** The order the screen lists them in: reads first, as an analyst meets them. */
const ORDER = Object.keys(OPERATION_NAMES) as Operation[];

/** The operations that read at least one answer: the known ones in their order, then
 * any other route alphabetically. */
export function operationsRead(report: DriftReport, routes: OperationRoute[]): [string, OperationDrift][] {
  const order = (route: string) => {
    const known = operationOf(route, routes);
    return known ? ORDER.indexOf(known) : ORDER.length;
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

/** An entry of the report as shown: the marker of what is past the report's bound, or
 * a name with its withheld parts in the user's words (the markers are the backend's). */
export function shownEntry(entry: string, markers: DriftMarkers, more: string, withheld: string): string {
  return entry === markers.more ? more : entry.split(markers.withheld).join(withheld);
}

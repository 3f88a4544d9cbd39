// The app's info (the `app_info` command), read once for every screen below: the
// service's limits and the geo bands reach the forms and the diagrams from here, as the
// backend gives them, never as a copy of the numbers.
import { useQuery } from "@tanstack/react-query";
import { createContext, type ReactNode, useContext } from "react";
import { type Load, loadOf } from "../api/load";
import { queries } from "../api/queries";
import type { AppInfo } from "../bindings/AppInfo";
import type { DriftMarkers } from "../bindings/DriftMarkers";
import type { GeoBands } from "../bindings/GeoBands";
import type { Limits } from "../bindings/Limits";
import type { OperationRoute } from "../bindings/OperationRoute";
import type { SectionId } from "../bindings/SectionId";
import type { VerdictOutcome } from "../bindings/VerdictOutcome";

/** What the screens below read; a test (or a parent that has read it already) gives it
 * directly with `AppInfoContext.Provider`. */
export const AppInfoContext = createContext<Load<AppInfo> | null>(null);

/** Reads the app's info for every screen below. */
export function AppInfoProvider({ children }: { children: ReactNode }) {
  const info = loadOf(useQuery(queries.appInfo()));
  return <AppInfoContext.Provider value={info}>{children}</AppInfoContext.Provider>;
}

/** One empty list while the info is read, so that hooks depending on it keep still. */
const NONE: never[] = [];

export function useAppInfo(): Load<AppInfo> {
  const info = useContext(AppInfoContext);
  if (!info) throw new Error("useAppInfo needs an AppInfoProvider above it");
  return info;
}

/** The service's limits, once the app's info is read. */
export function useLimits(): Limits | null {
  const info = useAppInfo();
  return info.state === "ready" ? info.value.limits : null;
}

/** How the drift report marks a withheld name and what is past its bound. */
export function useDriftMarkers(): DriftMarkers | null {
  const info = useAppInfo();
  return info.state === "ready" ? info.value.driftMarkers : null;
}

/** The service's operations with their routes (none until the app's info is read). */
export function useOperationRoutes(): OperationRoute[] {
  const info = useAppInfo();
  return info.state === "ready" ? info.value.operations : NONE;
}

/** The section identifiers the spec lists, read into their parts (none until read). */
export function useKnownSections(): SectionId[] {
  const info = useAppInfo();
  return info.state === "ready" ? info.value.sections : NONE;
}

/** The section status each verdict of a correction leaves (none until read). */
export function useVerdicts(): VerdictOutcome[] {
  const info = useAppInfo();
  return info.state === "ready" ? info.value.verdicts : NONE;
}

/** The edges of the spec's geo bands, once the app's info is read. */
export function useGeoBands(): GeoBands | null {
  const info = useAppInfo();
  return info.state === "ready" ? info.value.geoBands : null;
}

// For tests only: the app's info as the backend gives it, for the screens that read the
// service's limits or the geo bands from it. A test that checks a screen uses the data
// gives values of its own.
import type { ReactNode } from "react";

import type { AppInfo } from "../bindings/AppInfo";
import type { GeoBands } from "../bindings/GeoBands";
import type { Limits } from "../bindings/Limits";
import type { OperationRoute } from "../bindings/OperationRoute";
import { AppInfoContext } from "../hooks/appInfo";

/** The values `app_info` answers with today (kyb_api's LIMITS and GEO_BANDS). */
export const testInfo: AppInfo = {
  name: "KYB Desk",
  version: "0.0.0-test",
  profile: "debug",
  demo: false,
  maxImportBytes: 2 * 1024 * 1024,
  limits: { sectionsMin: 1, sectionsMax: 50, commentMaxChars: 500, messageMaxChars: 1000, phoneDigits: 10, folioMaxChars: 64 },
  geoBands: { consistentMaxMeters: 100, inconsistentAboveMeters: 500 },
  driftMarkers: { withheld: "(withheld)", more: "(more)" },
  // Routes as the backend names them; a test that needs one gives it (see `GivenInfo`).
  operations: [],
  verdicts: [
    { verdict: "Aceptada", leadsTo: "Aceptado" },
    { verdict: "Rechazada", leadsTo: "Rechazado" },
  ],
  // A few of the spec's sections, as the backend reads them.
  sections: [
    { name: "ProofAddressObligatorio", limit: null, base: "ProofAddress", modifier: "Obligatorio", entity: null },
    { name: "BankStatement", limit: null, base: "BankStatement", modifier: null, entity: null },
    { name: "SucursalImagenesOpcional", limit: null, base: "SucursalImagenes", modifier: "Opcional", entity: "Sucursal" },
  ],
};

/** Gives the screens inside the app's info, with `limits` and `geoBands` laid over the
 * test values. */
export function GivenInfo(props: { limits?: Partial<Limits>; geoBands?: Partial<GeoBands>; operations?: OperationRoute[]; children: ReactNode }) {
  const value: AppInfo = {
    ...testInfo,
    operations: props.operations ?? testInfo.operations,
    limits: { ...testInfo.limits, ...props.limits },
    geoBands: { ...testInfo.geoBands, ...props.geoBands },
  };
  return <AppInfoContext.Provider value={{ state: "ready", value }}>{props.children}</AppInfoContext.Provider>;
}

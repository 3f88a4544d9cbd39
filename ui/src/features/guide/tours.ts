// The demo's tours (the "try this" panel's walks): which a role is offered, and which
// are done. A tour is done when its last step is reached (the correction sent, the
// enrollment link generated, the verification resent): the screen of that step says
// so here, and the panel shows it, now and at the next start.
import { useSyncExternalStore } from "react";

import type { Role } from "../../bindings/Role";
import { preferences, setPreference, subscribePreferences } from "../../preferences";
import { mayDo } from "../team/words";

export type Tour = "review" | "enrollment" | "resend";

export const TOURS: readonly Tour[] = ["review", "enrollment", "resend"];

/** The tours that lead to a role's own work (in a team; alone, a desk does all):
 * a review is an analyst's, an enrollment link an agent's, and a verification's resend
 * a supervisor's (the verifications screen is theirs alone, see App.tsx). */
export function toursFor(role: Role | null): Tour[] {
  return TOURS.filter((tour) => {
    if (tour === "review") return mayDo(role, "review");
    if (tour === "enrollment") return mayDo(role, "enroll");
    return role === null || role === "supervisor";
  });
}

/** The tour's last step was reached. */
export function markTourDone(tour: Tour): void {
  if (preferences().toursDone.includes(tour)) return;
  setPreference({ key: "tourDone", value: tour });
}

function doneList(): string {
  const done = preferences().toursDone;
  return TOURS.filter((tour) => done.includes(tour)).join(",");
}

/** The tours done, kept up to date while shown. */
export function useToursDone(): ReadonlySet<Tour> {
  const done = useSyncExternalStore(subscribePreferences, doneList);
  return new Set(done ? (done.split(",") as Tour[]) : []);
}

// The demo's tours (the "try this" panel's walks): which a role is offered, and which
// are done. A tour is done when its last step is reached (the correction sent, the
// enrollment link generated, the verification resent): the screen of that step says
// so here, and the panel shows it, now and at the next start.
import { useSyncExternalStore } from "react";

import type { Role } from "../../bindings/Role";
import { preference, setPreference } from "../../preferences";
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

const key = (tour: Tour) => `guide.done.${tour}`;
const listeners = new Set<() => void>();

/** The tour's last step was reached. */
export function markTourDone(tour: Tour): void {
  if (preference(key(tour)) === "1") return;
  setPreference(key(tour), "1");
  for (const listener of listeners) listener();
}

function doneList(): string {
  return TOURS.filter((tour) => preference(key(tour)) === "1").join(",");
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The tours done, kept up to date while shown. */
export function useToursDone(): ReadonlySet<Tour> {
  const done = useSyncExternalStore(subscribe, doneList);
  return new Set(done ? (done.split(",") as Tour[]) : []);
}

import { describe, expect, it } from "vitest";

import { mayDo, teamEventWords } from "./words";

describe("each role's actions on a file", () => {
  it("lets analysts review, agents enroll, supervisors do all, and a desk alone everything", () => {
    expect(mayDo("analyst", "review")).toBe(true);
    expect(mayDo("analyst", "enroll")).toBe(false);
    expect(mayDo("agent", "review")).toBe(false);
    expect(mayDo("agent", "complementary")).toBe(false);
    expect(mayDo("agent", "enroll")).toBe(true);
    for (const action of ["review", "complementary", "enroll"] as const) {
      expect(mayDo("supervisor", action)).toBe(true);
      expect(mayDo(null, action)).toBe(true);
    }
  });

  it("names the team's own events and leaves service calls to the audit's words", () => {
    expect(teamEventWords("team: claim-taken-over")).toBe("team.event.claimTakenOver");
    expect(teamEventWords("team: something-new")).toBe("team.event.other");
    expect(teamEventWords("/expedientes/v1/correccion")).toBeNull();
  });
});

// Every label an entry can carry has its words: each event the team's migrations write
// to the trail (`team: <event>`, through team_event) and each of the desk's own events
// (`desk: <event>`, DeskEvent's labels in Rust). Read from the sources themselves, so a
// new event without words fails here rather than showing as "Evento del equipo" or raw.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

import { describe, expect, it } from "vitest";

import { operationLabel } from "../audit/model";
import { teamEventWords } from "./words";

// The repository's sources, read as files (Vite serves nothing outside ui/): the
// repository is the nearest folder above the tests' working folder holding crates/.
function repository(): string {
  let dir = process.cwd();
  while (!existsSync(join(dir, "crates", "kyb-team"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no repository above ${process.cwd()}`);
    dir = parent;
  }
  return dir;
}
const root = repository();
const migrationsDir = join(root, "crates", "kyb-team", "migrations");
const migrations: string[] = readdirSync(migrationsDir)
  .filter((name) => name.endsWith(".sql"))
  .map((name) => readFileSync(join(migrationsDir, name), "utf8"));
const actions = readFileSync(join(root, "crates", "kyb-desk-core", "src", "audit", "action.rs"), "utf8");

/** `team: <event>` for each event a migration passes to team_event (its second
 * argument, a literal or a CASE of literals), the function's own definition aside. */
function teamEvents(): string[] {
  const events = new Set<string>();
  for (const sql of migrations) {
    for (const call of sql.matchAll(/team_event\(\s*[^,()]+,\s*([^,]+),/g)) {
      for (const literal of (call[1] ?? "").matchAll(/'([a-z-]+)'/g)) events.add(`team: ${literal[1]}`);
    }
  }
  return [...events].sort();
}

/** `desk: <event>` for each DeskEvent's label. */
function deskEvents(): string[] {
  return [...actions.matchAll(/Self::Desk\(DeskEvent::\w+\) => "([a-z-]+)"/g)].map((m) => `desk: ${m[1]}`).sort();
}

describe("the words of every event an entry can name", () => {
  it("finds the events in the sources", () => {
    expect(migrations.length).toBeGreaterThanOrEqual(11);
    // What the sources held when this test was written: reading them must not lose any.
    expect(teamEvents()).toEqual(
      expect.arrayContaining([
        "team: approval-given",
        "team: approval-declined",
        "team: checkpoint-signed",
        "team: assigned",
        "team: cap-set",
        "team: away-set",
        "team: status",
        "team: claimed",
        "team: sla-policy-set",
      ]),
    );
    expect(deskEvents()).toEqual(expect.arrayContaining(["desk: findings-acknowledged", "desk: dossier-exported", "desk: sla-policy-changed"]));
    // One label for each of DeskEvent::ALL: the reading missed none.
    expect(deskEvents()).toHaveLength(Number(/ALL: \[DeskEvent; (\d+)\]/.exec(actions)?.[1]));
  });

  it("names each team event of the migrations in the trail", () => {
    const unnamed = teamEvents().filter((e) => {
      const words = teamEventWords(e);
      return words === null || words === "team.event.other";
    });
    expect(unnamed).toEqual([]);
  });

  it("names each of the desk's events on the audit screen and in the trail", () => {
    const unnamed = deskEvents().filter((e) => operationLabel(e, []) === null);
    expect(unnamed).toEqual([]);
  });
});

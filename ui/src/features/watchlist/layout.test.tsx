// The watchlist table's columns at 1280 pixels, from its style sheets: jsdom lays nothing
// out, so the widths are added up here as the grid would. In a team with the SLA's column
// (twelve columns) they once came to 1,072 pixels of a row's 1,022: the company's name
// kept about ten characters and the row's button fell outside the table.
import { readFileSync } from "node:fs";

import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";

import * as sparse from "../../bindings/sparse";
import { I18nProvider } from "../../i18n";
import { render } from "../../test/render";
import { sizedScreen, watchedFile } from "./testing";
import { WatchlistTable } from "./WatchlistTable";

sizedScreen();

/** A row's width in a 1280-pixel window: less the navigation (184), the content pane's
 * padding (2 × 24), the table's border (2 × 1) and the row's padding (2 × 12). */
const ROW = 1280 - 184 - 2 * 24 - 2 - 2 * 12;
/** The grid's gap (--space-2). */
const GAP = 8;
/** Two lines of a name set in bold at 12 px: "Construcciones del" is 128 px in DejaVu Sans. */
const COMPANY_LEAST = 128;
/** A checkbox (13) and the changed mark (8) beside it, 3 apart. */
const MARK_LEAST = 24;

// Read as files: Vitest hands a test no style sheet's text, not even with `?raw`.
const styles = ["watchlist.css", "sla.css", "bulk.css"].map((name) => readFileSync(new URL(name, import.meta.url), "utf8")).join("\n");

/** Each rule's declarations by its selector, comments left out. */
function rules(css: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const [, selector = "", body = ""] of css.replace(/\/\*[\s\S]*?\*\//g, "").matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    for (const one of selector.split(",")) found.set(one.trim(), body);
  }
  return found;
}

type Track = { px: number; grows: boolean };

/** A grid's columns: `Npx` fixed, `minmax(Npx, 1fr)` at least N, sharing what is left. */
function tracks(selector: string): Track[] {
  const all = rules(styles);
  const value = /grid-template-columns:\s*([^;]+);/.exec(all.get(selector) ?? "")?.[1];
  if (!value) throw new Error(`no columns for ${selector}`);
  return [...value.matchAll(/minmax\(\s*(\d+)px,\s*1fr\s*\)|(\d+)px/g)].map((m) => ({ px: Number(m[1] ?? m[2]), grows: m[1] !== undefined }));
}

const VARIANTS = [
  { name: "alone", selector: ".table-row", team: false, sla: false },
  { name: "in a team", selector: ".table-team .table-row", team: true, sla: false },
  { name: "with the SLA", selector: ".table.table-sla .table-row", team: false, sla: true },
  { name: "in a team with the SLA", selector: ".table.table-team.table-sla .table-row", team: true, sla: true },
];

/** The cells a row of the table draws in a variant. */
function cellsOf(team: boolean, sla: boolean): number {
  const file = watchedFile("AAA010101AA1", { companyName: "Construcciones del Bajío S.A. de C.V." });
  const { unmount } = render(
    <I18nProvider>
      <WatchlistTable
        rows={[file]}
        sort={{ key: "updated", descending: true }}
        onSort={() => {}}
        flowLabel={(f) => f}
        now={0}
        locale="es-MX"
        onUnwatch={() => {}}
        onOpen={() => {}}
        annotate={team ? () => "ana" : undefined}
        sla={sla ? () => "—" : undefined}
      />
    </I18nProvider>,
  );
  const cells = within(screen.getByTestId("watch-row")).getAllByRole("cell").length;
  unmount();
  return cells;
}

describe("the watchlist's columns at 1280 pixels", () => {
  for (const variant of VARIANTS) {
    it(`fit a row ${variant.name}, leaving the company two lines of its name`, () => {
      const columns = tracks(variant.selector);
      expect(columns, "one column for each cell the row draws").toHaveLength(cellsOf(variant.team, variant.sla));
      const least = (list: Track[]) => list.reduce((sum, c) => sum + c.px, 0);
      const gaps = GAP * (columns.length - 1);
      expect(least(columns) + gaps, "the columns' least, with their gaps").toBeLessThanOrEqual(ROW);
      // The company's column alone takes what is left.
      expect(columns.filter((c) => c.grows)).toHaveLength(1);
      expect(columns[1]?.grows).toBe(true);
      const company = ROW - least(columns.filter((c) => !c.grows)) - gaps;
      expect(company, "the company's width").toBeGreaterThanOrEqual(COMPANY_LEAST);
      expect(columns[0]?.px, "the mark's width").toBeGreaterThanOrEqual(MARK_LEAST);
    });
  }
});

describe("a row's names", () => {
  it("shows the company's name on two lines at most, whole in the cell's title, and the flow under the RFC", () => {
    const name = "Construcciones del Bajío S. de R.L. de C.V.";
    const file = watchedFile("CBA150301AB2", { companyName: name });
    render(
      <I18nProvider>
        <WatchlistTable
          rows={[file]}
          sort={{ key: "rfc", descending: false }}
          onSort={() => {}}
          flowLabel={() => "Complementario: estados de cuenta y sucursales"}
          now={0}
          locale="es-MX"
          onUnwatch={() => {}}
          onOpen={() => {}}
          annotate={() => "ana"}
          sla={() => "—"}
        />
      </I18nProvider>,
    );
    const open = screen.getByTestId("open-file");
    expect(open.closest("[role=cell]")?.getAttribute("title")).toBe(name);
    expect(open.querySelector(".clamp-2")?.textContent).toBe(name);
    const key = screen.getByTestId("row-file");
    expect(key.textContent).toBe("CBA150301AB2Complementario: estados de cuenta y sucursales");
    expect(key.querySelector(".clamp-2")?.getAttribute("title")).toBe(`Complementario: estados de cuenta y sucursales (flujo ${sparse.watchedFile.flowId})`);
    // Its head sorts by either line, and says which.
    const head = screen.getAllByRole("columnheader").find((h) => h.getAttribute("title") === "RFC · Flujo");
    expect(
      within(head as HTMLElement)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["RFC ↑", "Flujo"]);
    expect(head?.getAttribute("aria-sort")).toBe("ascending");
  });
});

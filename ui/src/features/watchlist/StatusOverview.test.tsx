import { cleanup, fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";

import type { WatchedFile } from "../../bindings/WatchedFile";
import { I18nProvider } from "../../i18n";
import { render } from "../../test/render";
import { emptyFilter, type Filter, visibleRows } from "./model";
import { StatusOverview } from "./StatusOverview";
import { watchedFile } from "./testing";

afterEach(cleanup);

const now = new Date(2026, 10, 23, 12).getTime();
const daysAgo = (n: number) => new Date(now - n * 24 * 3600 * 1000).toISOString();
const files: WatchedFile[] = [
  watchedFile("AAA010101AA1", { documentStatus: "En Revisión", statusCategory: "in_review", updatedAtUtc: daysAgo(0) }),
  watchedFile("BBB020202BB2", { documentStatus: "En Revisión", statusCategory: "in_review", updatedAtUtc: daysAgo(10) }),
  watchedFile("CCC030303CC3", { documentStatus: "Pendiente de Corrección", statusCategory: "with_user", updatedAtUtc: daysAgo(2) }),
];

/** The overview over a list, with the rows it lets through. */
function Harness() {
  const [filter, setFilter] = useState<Filter>(emptyFilter);
  return (
    <I18nProvider>
      <StatusOverview files={files} now={now} filter={filter} onFilter={setFilter} />
      <ul>
        {visibleRows(files, filter, { key: "rfc", descending: false }, now).map((f) => (
          <li key={f.rfc} data-testid="row">
            {f.rfc}
          </li>
        ))}
      </ul>
    </I18nProvider>
  );
}

const rows = () => screen.getAllByTestId("row").map((r) => r.textContent);

describe("the watchlist's overview", () => {
  it("counts files per status and per age since the last change", () => {
    render(<Harness />);
    expect(screen.getAllByTestId("overview-status").map((b) => b.textContent)).toEqual(["2 En Revisión", "1 Corrección por el Usuario"]);
    expect(screen.getAllByTestId("overview-age").map((b) => b.textContent)).toEqual([
      "1 hoy",
      "1 hace 1 a 3 días",
      "0 hace 4 a 7 días",
      "1 hace más de 7 días",
    ]);
  });

  it("filters the list by a click, by both kinds at once, and clears on a second click", () => {
    render(<Harness />);
    const inReview = screen.getByRole("button", { name: "2 En Revisión" });
    fireEvent.click(inReview);
    expect(inReview.getAttribute("aria-pressed")).toBe("true");
    expect(rows()).toEqual(["AAA010101AA1", "BBB020202BB2"]);
    fireEvent.click(screen.getByRole("button", { name: "1 hace más de 7 días" }));
    expect(rows()).toEqual(["BBB020202BB2"]);
    fireEvent.click(inReview);
    fireEvent.click(screen.getByRole("button", { name: "1 hace más de 7 días" }));
    expect(inReview.getAttribute("aria-pressed")).toBe("false");
    expect(rows()).toHaveLength(3);
    // A bucket with no file cannot be chosen.
    expect((screen.getByRole("button", { name: "0 hace 4 a 7 días" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows nothing for an empty watchlist", () => {
    render(
      <I18nProvider>
        <StatusOverview files={[]} now={now} filter={emptyFilter} onFilter={() => {}} />
      </I18nProvider>,
    );
    expect(screen.queryByTestId("status-overview")).toBeNull();
  });
});

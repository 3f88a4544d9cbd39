import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "../../i18n";
import { render } from "../../test/render";
import { noSelection, type Selection, selectedRows } from "./selection";
import { sizedScreen, watchedFile } from "./testing";
import { WatchlistTable } from "./WatchlistTable";

sizedScreen();

const rows = ["AAA010101AA1", "BBB010101BB2", "CCC010101CC3", "DDD010101DD4"].map((rfc) => watchedFile(rfc, { companyName: `Empresa ${rfc[0]}` }));

function setUp() {
  let picked: string[] = [];
  function Host() {
    const [selection, setSelection] = useState<Selection>(noSelection);
    picked = selectedRows(selection, rows).map((f) => f.rfc);
    return (
      <WatchlistTable
        rows={rows}
        sort={{ key: "updated", descending: true }}
        onSort={() => {}}
        flowLabel={(f) => f}
        now={0}
        locale="es-MX"
        onUnwatch={() => {}}
        onOpen={() => {}}
        select={{ selection, onChange: setSelection, onShown: () => {} }}
      />
    );
  }
  render(
    <I18nProvider>
      <Host />
    </I18nProvider>,
  );
  return () => picked;
}

describe("the watchlist's checkboxes", () => {
  it("name each row, toggle it with Space and take a range with Shift+Space or Shift+click", () => {
    const picked = setUp();
    const b = screen.getByRole("checkbox", { name: "Seleccionar Empresa B (BBB010101BB2)" });
    fireEvent.keyDown(b, { key: " " });
    expect(picked()).toEqual(["BBB010101BB2"]);
    fireEvent.keyDown(screen.getByRole("checkbox", { name: "Seleccionar Empresa D (DDD010101DD4)" }), { key: " ", shiftKey: true });
    expect(picked()).toEqual(["BBB010101BB2", "CCC010101CC3", "DDD010101DD4"]);
    fireEvent.keyDown(b, { key: " " });
    expect(picked()).toEqual(["CCC010101CC3", "DDD010101DD4"]);
    fireEvent.click(screen.getByRole("checkbox", { name: "Seleccionar Empresa A (AAA010101AA1)" }), { detail: 1, shiftKey: true });
    expect(picked()).toEqual(["AAA010101AA1", "BBB010101BB2", "CCC010101CC3", "DDD010101DD4"]);
  });

  it("select every row with the header's checkbox, and clear them with it", () => {
    const picked = setUp();
    const all = screen.getByRole("checkbox", { name: "Seleccionar todos los que coinciden con el filtro" });
    fireEvent.click(all);
    expect(picked()).toHaveLength(4);
    expect((all as HTMLInputElement).checked).toBe(true);
    fireEvent.click(all);
    expect(picked()).toEqual([]);
  });
});

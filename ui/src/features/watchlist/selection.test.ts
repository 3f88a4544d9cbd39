import { describe, expect, it } from "vitest";
import { rowKey } from "./model";
import { headerState, noSelection, range, selectAll, selectedCount, selectedRows, toggle } from "./selection";
import { watchedFile } from "./testing";

const rows = ["AAA010101AA1", "BBB010101BB2", "CCC010101CC3", "DDD010101DD4", "EEE010101EE5"].map((rfc) => watchedFile(rfc));
const [a, b, c, d, e] = rows as [
  ReturnType<typeof watchedFile>,
  ReturnType<typeof watchedFile>,
  ReturnType<typeof watchedFile>,
  ReturnType<typeof watchedFile>,
  ReturnType<typeof watchedFile>,
];
const rfcs = (selection: ReturnType<typeof toggle>, among = rows) => selectedRows(selection, among).map((f) => f.rfc);

describe("the watchlist's selection", () => {
  it("toggles one row in and out, in the list's order", () => {
    const one = toggle(toggle(noSelection, c, rows), a, rows);
    expect(rfcs(one)).toEqual([a.rfc, c.rfc]);
    expect(rfcs(toggle(one, c, rows))).toEqual([a.rfc]);
    expect(headerState(one, rows)).toBe("some");
  });

  it("takes a Shift range from the last row toggled, either way, to the state of the row reached", () => {
    const from = toggle(noSelection, b, rows);
    expect(rfcs(range(from, d, rows))).toEqual([b.rfc, c.rfc, d.rfc]);
    const back = range(toggle(noSelection, d, rows), b, rows);
    expect(rfcs(back)).toEqual([b.rfc, c.rfc, d.rfc]);
    // From a selected row to a selected one: the range goes out.
    const out = range(toggle(back, e, rows), c, rows);
    expect(rfcs(out)).toEqual([b.rfc]);
    // No anchor: a plain toggle.
    expect(rfcs(range(noSelection, e, rows))).toEqual([e.rfc]);
  });

  it("selects every row the filter shows, following the filter, and a toggle then leaves one out", () => {
    const all = selectAll();
    expect(selectedCount(all, rows)).toBe(5);
    expect(headerState(all, rows)).toBe("all");
    const filtered = [b, d];
    expect(rfcs(all, filtered)).toEqual([b.rfc, d.rfc]);
    expect(rfcs(toggle(all, c, rows))).toEqual([a.rfc, b.rfc, d.rfc, e.rfc]);
  });

  it("counts and acts on picked rows only while the filter shows them", () => {
    const picked = toggle(toggle(noSelection, a, rows), e, rows);
    expect(selectedCount(picked, [a, b])).toBe(1);
    expect(rfcs(picked, [b, c])).toEqual([]);
    expect(headerState(picked, [b, c])).toBe("none");
    expect(picked.keys.has(rowKey(e))).toBe(true);
  });
});

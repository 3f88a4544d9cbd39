import { describe, expect, it } from "vitest";

import { emptyFilter, filterRows, sortRows, visibleRows } from "./model";
import { watchedFile } from "./testing";

const file = watchedFile;

const files = [
  file("AAA010101AA1", { companyName: "Óptica Núñez", statusCategory: "with_user", changed: true, lastRefreshUtc: "2026-11-21T11:00:00Z" }),
  file("BBB010101BB1", {
    companyName: "Abarrotes Lupita",
    statusCategory: "approved",
    sections: { total: 4, accepted: 4, rejected: 0, needsUser: 0, inReview: 0 },
    updatedAtUtc: "2026-11-20T10:00:00Z",
  }),
  file("CCC010101CC1", { companyName: "Zapatería Centro", updatedAtUtc: "2026-11-21T10:00:00Z" }),
];

describe("the watchlist's rows", () => {
  it("search ignores case and accents, and covers RFC and company", () => {
    const rfcs = (query: string) => visibleRows(files, { ...emptyFilter, query }, { key: "rfc", descending: false }).map((f) => f.rfc);
    expect(rfcs("optica nunez")).toEqual(["AAA010101AA1"]);
    expect(rfcs("bbb0")).toEqual(["BBB010101BB1"]);
    expect(rfcs("")).toHaveLength(3);
  });

  it("filters by category and by changed, and sorts either way", () => {
    const byCategory = visibleRows(files, { ...emptyFilter, categories: ["approved"] }, { key: "rfc", descending: false });
    expect(byCategory.map((f) => f.rfc)).toEqual(["BBB010101BB1"]);
    const changed = visibleRows(files, { ...emptyFilter, onlyChanged: true }, { key: "rfc", descending: false });
    expect(changed.map((f) => f.rfc)).toEqual(["AAA010101AA1"]);
    const newest = visibleRows(files, emptyFilter, { key: "updated", descending: true });
    expect(newest.map((f) => f.rfc)).toEqual(["CCC010101CC1", "BBB010101BB1", "AAA010101AA1"]);
    const byCompany = visibleRows(files, emptyFilter, { key: "company", descending: false });
    expect(byCompany.map((f) => f.companyName)).toEqual(["Abarrotes Lupita", "Óptica Núñez", "Zapatería Centro"]);
  });

  it("puts a file not asked about yet (just followed or created) first among the newest, and last the other way", () => {
    const created = file("DDD010101DD1", { companyName: "Recién Creada", documentStatus: "Ingresado", statusCategory: "entering" });
    const notFound = file("EEE010101EE1", { lastRefreshUtc: "2026-11-21T11:00:00Z", lastError: "not_found" });
    const all = [...files, created, notFound];
    expect(sortRows(all, { key: "updated", descending: true }).map((f) => f.rfc)).toEqual([
      "DDD010101DD1",
      "CCC010101CC1",
      "BBB010101BB1",
      "EEE010101EE1",
      "AAA010101AA1",
    ]);
    expect(sortRows(all, { key: "updated", descending: false })[4]?.rfc).toBe("DDD010101DD1");
  });

  it("a query matches within one field, never across two", () => {
    const rfcs = (query: string) => visibleRows(files, { ...emptyFilter, query }, { key: "rfc", descending: false }).map((f) => f.rfc);
    // "…AA1" then "Óptica": the end of one field and the start of the next.
    expect(rfcs("aa1 optica")).toEqual([]);
    expect(rfcs("aa1optica")).toEqual([]);
  });

  it("a refreshed file is searched by what it says now", () => {
    const before = file("DDD010101DD1", { companyName: "Ferretería Sol" });
    const after = { ...before, companyName: "Ferretería Luna" };
    const query = { ...emptyFilter, query: "luna" };
    expect(filterRows([before], query)).toEqual([]);
    expect(filterRows([after], query)).toEqual([after]);
  });

  it("sorting then filtering keeps the order, ties broken by RFC", () => {
    const same = [file("ZZZ010101ZZ1", { companyName: "Igual" }), file("MMM010101MM1", { companyName: "Igual" }), ...files];
    const sorted = sortRows(same, { key: "company", descending: false });
    expect(sorted.map((f) => f.rfc)).toEqual(["BBB010101BB1", "MMM010101MM1", "ZZZ010101ZZ1", "AAA010101AA1", "CCC010101CC1"]);
    expect(filterRows(sorted, { ...emptyFilter, query: "igual" }).map((f) => f.rfc)).toEqual(["MMM010101MM1", "ZZZ010101ZZ1"]);
  });
});

describe("the risk column", () => {
  const risky = (rfc: string, level: "high" | "medium" | "low" | null, findings: number) =>
    file(rfc, { risk: { level, findings, hits: 0, checkedAtUtc: "2026-12-01T10:00:00Z" } });
  const rows = [
    risky("AAA010101AA1", "medium", 5),
    file("BBB010101BB1"),
    risky("CCC010101CC1", "high", 1),
    risky("DDD010101DD1", "high", 4),
    risky("EEE010101EE1", null, 0),
  ];

  it("sorts by level, then by findings, files never reviewed last", () => {
    const sorted = sortRows(rows, { key: "riskLevel", descending: true }).map((f) => f.rfc);
    expect(sorted).toEqual(["DDD010101DD1", "CCC010101CC1", "AAA010101AA1", "EEE010101EE1", "BBB010101BB1"]);
  });

  it("filters to a floor: medium shows medium and high, high only high", () => {
    expect(filterRows(rows, { ...emptyFilter, minRisk: "medium" }).map((f) => f.rfc)).toEqual(["AAA010101AA1", "CCC010101CC1", "DDD010101DD1"]);
    expect(filterRows(rows, { ...emptyFilter, minRisk: "high" }).map((f) => f.rfc)).toEqual(["CCC010101CC1", "DDD010101DD1"]);
  });
});

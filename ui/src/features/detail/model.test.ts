import { describe, expect, it } from "vitest";

import type { Shareholder } from "../../bindings/Shareholder";
import { mismatchSummary, shareCheck } from "./model";

function holder(percent: Shareholder["Porcentaje"]): Shareholder {
  return {
    Nombre: "A",
    Nacionalidad: "",
    RFC: "",
    ParticipacionAccionaria: null,
    Porcentaje: percent,
    SerieClase: null,
    CapitalFijo: null,
    CapitalVariable: null,
    Total: null,
  };
}

describe("the shareholders' percentages", () => {
  it("add up to 100, written as numbers or text", () => {
    expect(shareCheck([holder(50), holder("30 %"), holder("20,0")])).toEqual({ total: 100, addsUp: true });
  });

  it("warn when they do not, or cannot be read", () => {
    expect(shareCheck([holder(50), holder(30)])).toEqual({ total: 80, addsUp: false });
    expect(shareCheck([holder(50), holder("la mitad")])).toEqual({ total: null, addsUp: false });
    expect(shareCheck([])).toEqual({ total: null, addsUp: false });
  });
});

describe("the differences' count", () => {
  it("counts each differing field of each entity once, however many authorities said so", () => {
    const name = { field: "Nombre" as const, entered: "María", authority: "MARIA JOSE", source: "Curp" };
    expect(mismatchSummary([[name, { ...name, source: "Biometrico" }], [], [{ ...name, field: "RFC" }, name]])).toEqual({ count: 3, entities: 2 });
    expect(mismatchSummary([])).toEqual({ count: 0, entities: 0 });
  });
});

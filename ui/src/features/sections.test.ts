import { describe, expect, it } from "vitest";

import { sectionId, tracked } from "../test/sections";
import { sectionLabel, trackedId } from "./sections";

describe("section names", () => {
  it("name the parts the backend read, the modifier and the limit in brackets, in both languages", () => {
    expect(sectionLabel(sectionId("ProofAddressObligatorio", { base: "ProofAddress", modifier: "Obligatorio" }), "es-MX")).toBe(
      "Comprobante de domicilio (obligatorio)",
    );
    expect(sectionLabel(sectionId("SucursalImagenesOpcional", { base: "SucursalImagenes", modifier: "Opcional" }), "en")).toBe("Branch photos (optional)");
    expect(sectionLabel(sectionId("BankStatement", { base: "BankStatement", limit: 3 }), "es-MX")).toBe("Estado de cuenta (hasta 3)");
    expect(sectionLabel(sectionId("BankStatementMultiple", { base: "BankStatement", modifier: "Multiple", limit: 2 }), "en")).toBe(
      "Bank statement (multiple, up to 2)",
    );
    expect(sectionLabel(sectionId("Sucursal", { base: "Sucursal", entity: "Sucursal" }), "es-MX")).toBe("Sucursal");
  });

  it("leave a name without a known base unnamed, whatever else was read", () => {
    expect(sectionLabel(sectionId("CartaCondiciones"), "es-MX")).toBeNull();
    // A branch section with a modifier the app does not know: its entity is known, its name is not.
    expect(sectionLabel(sectionId("SucursalRara", { entity: "Sucursal" }), "es-MX")).toBeNull();
  });

  it("find an identifier among the file's tracked sections, blanks and case aside", () => {
    const sections = [tracked("ProofAddressObligatorio", "Completado", { base: "ProofAddress", modifier: "Obligatorio" })];
    expect(trackedId(sections, " proofaddressobligatorio ")).toEqual(sections[0]?.id);
    expect(trackedId(sections, "BankStatement")).toBeNull();
  });
});

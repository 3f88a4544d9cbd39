import { describe, expect, it } from "vitest";

import { sectionLabel } from "./sections";

describe("section names", () => {
  it("names every identifier the spec lists, in both languages", () => {
    const listed = [
      "ArticleIncorporation",
      "AsambleaOpcional",
      "LegalRepresentative",
      "LegalRepresentativeObligatorio",
      "ValidacionBiometrica",
      "PoderOpcional",
      "DatosRepObligatorio",
      "PoderesRepresentanteLegal",
      "PoderesRepresentanteLegalOpcional",
      "Sucursal",
      "SucursalImagenesOpcional",
      "SucursalBankOcultar",
      "ProofAddress",
      "BankStatement",
      "TaxInformations",
      "OpinionObligatorio",
      "CertificadoSAT",
      "BankStatementObligatorio",
      "BankStatementMultiple",
      "BankStatementLimit:3",
      "ProofAddressObligatorio",
      "ProofAddressMultiple",
      "ProofAddressLimit:2",
      "FiscalCSFObligatorio",
      "ActaConstitutivaObligatorio",
      "ActaConstitutivaDetallada",
      "PersonaFisica",
    ];
    for (const id of listed) {
      expect(sectionLabel(id, "es-MX"), id).toBeTruthy();
      expect(sectionLabel(id, "en"), id).toBeTruthy();
    }
  });

  it("reads the modifier and the limit, and leaves unknown identifiers unnamed", () => {
    expect(sectionLabel("ProofAddressObligatorio", "es-MX")).toBe("Comprobante de domicilio (obligatorio)");
    expect(sectionLabel("SucursalImagenesOpcional", "en")).toBe("Branch photos (optional)");
    expect(sectionLabel("BankStatementLimit:3", "es-MX")).toBe("Estado de cuenta (hasta 3)");
    expect(sectionLabel("Sucursal", "es-MX")).toBe("Sucursal");
    expect(sectionLabel("CartaCondiciones", "es-MX")).toBeNull();
    expect(sectionLabel("SucursalRara", "es-MX")).toBeNull();
  });
});

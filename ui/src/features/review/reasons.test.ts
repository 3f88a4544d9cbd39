import { describe, expect, it } from "vitest";

import { isEdited, reasonsFor, reasonsOf, withReason } from "./reasons";

describe("ready-made rejection reasons", () => {
  it("offers a section's own reasons, then those for any section, in the user's language", () => {
    const es = reasonsFor("ProofAddress", null, "es-MX");
    expect(es[0]).toBe("El comprobante de domicilio tiene más de tres meses: suba uno reciente.");
    expect(es).toContain("La imagen es ilegible: suba una fotografía o un escaneo nítido.");
    expect(reasonsFor("ProofAddress", null, "en")[0]).toBe("The proof of address is more than three months old: upload a recent one.");
    // A section of no known kind still gets the general ones.
    expect(reasonsFor(null, null, "es-MX")).toEqual(reasonsOf("general", null, "es-MX"));
  });

  it("uses a profile's edited list for its kind in every language, and the defaults for the rest", () => {
    const profile = { reasons: { ProofAddress: ["Comprobante de otra ciudad"] } };
    expect(reasonsFor("ProofAddress", profile, "en")[0]).toBe("Comprobante de otra ciudad");
    expect(reasonsFor("ProofAddress", profile, "en")).not.toContain("The proof of address is not in the company's name.");
    expect(isEdited("ProofAddress", profile)).toBe(true);
    expect(isEdited("Opinion", profile)).toBe(false);
    expect(reasonsOf("Opinion", profile, "es-MX")[0]).toBe("La opinión de cumplimiento es negativa.");
  });

  it("puts a reason in the comment: alone, after what is written, never twice", () => {
    expect(withReason("", "Página ilegible.")).toBe("Página ilegible.");
    expect(withReason("  Ver hoja 2. ", "Página ilegible.")).toBe("Ver hoja 2. Página ilegible.");
    expect(withReason("Página ilegible.", "Página ilegible.")).toBe("Página ilegible.");
  });
});

import { describe, expect, it } from "vitest";

import { customerLocale, isEdited, matchesReason, offeredReasons, type Reason, reasonsOf, withReason } from "./reasons";

const texts = (reasons: Reason[]) => reasons.map((r) => r.text);

describe("ready-made rejection reasons", () => {
  it("offers a section's own reasons, then those for any section, in the customer's language whatever the window's", () => {
    const es = offeredReasons({ base: "ProofAddress", findings: [], profile: null, window: "es-MX" });
    expect(es[0]).toEqual({ text: "El comprobante de domicilio tiene más de tres meses: suba uno reciente.", translation: null });
    expect(texts(es)).toContain("La imagen es ilegible: suba una fotografía o un escaneo nítido.");
    // The window in English: the customer still reads Spanish, with the translation beside.
    const en = offeredReasons({ base: "ProofAddress", findings: [], profile: null, window: "en" });
    expect(texts(en)).toEqual(texts(es));
    expect(en[0]?.translation).toBe("The proof of address is more than three months old: upload a recent one.");
    // A profile whose customers read English.
    const english = offeredReasons({ base: "ProofAddress", findings: [], profile: { customerLanguage: "en" }, window: "es-MX" });
    expect(english[0]).toEqual({
      text: "The proof of address is more than three months old: upload a recent one.",
      translation: "El comprobante de domicilio tiene más de tres meses: suba uno reciente.",
    });
    // A section of no known kind still gets the general ones.
    expect(texts(offeredReasons({ base: null, findings: [], profile: null, window: "es-MX" }))).toEqual(reasonsOf("general", null, "es-MX"));
    expect(customerLocale(null)).toBe("es-MX");
    expect(customerLocale({ customerLanguage: "en" })).toBe("en");
  });

  it("offers first the reasons of the section's findings, an altered document among them, each once", () => {
    const offered = offeredReasons({
      base: "ProofAddress",
      findings: ["alteration_risk", "document_edited", "proof_stale", "watchlist_hit"],
      profile: null,
      window: "es-MX",
    });
    expect(texts(offered).slice(0, 3)).toEqual([
      "El documento muestra señales de alteración o edición: suba el documento original, tal como lo emitió la institución, sin modificaciones.",
      "El comprobante de domicilio tiene más de tres meses: suba uno reciente.",
      "No fue posible validar la identidad de esta persona: suba una identificación oficial vigente y su CURP.",
    ]);
    expect(new Set(texts(offered)).size).toBe(offered.length);
    // Never a word of a list to the customer of a hit.
    expect(texts(offered).join(" ")).not.toMatch(/lista|sancion|OFAC/i);
    for (const kind of ["name_mismatch", "face_mismatch", "not_on_voter_list", "document_edited", "proof_stale", "watchlist_hit"] as const) {
      expect(offeredReasons({ base: null, findings: [kind], profile: null, window: "en" })[0]?.translation, kind).toBeTruthy();
    }
  });

  it("uses a profile's edited list for its kind in every language, untranslated, and the defaults for the rest", () => {
    const profile = { reasons: { ProofAddress: ["Comprobante de otra ciudad"] } };
    const offered = offeredReasons({ base: "ProofAddress", findings: [], profile, window: "en" });
    expect(offered[0]).toEqual({ text: "Comprobante de otra ciudad", translation: null });
    expect(texts(offered)).not.toContain("El comprobante no está a nombre de la empresa.");
    expect(isEdited("ProofAddress", profile)).toBe(true);
    expect(isEdited("Opinion", profile)).toBe(false);
    expect(reasonsOf("Opinion", profile, "es-MX")[0]).toBe("La opinión de cumplimiento es negativa.");
  });

  it("finds a reason by the start of any of its words, without accents, in either language", () => {
    const reason = { text: "El documento muestra señales de alteración o edición.", translation: "The document shows signs of alteration." };
    expect(matchesReason(reason, "alteracion")).toBe(true);
    expect(matchesReason(reason, "EDIC docu")).toBe(true);
    expect(matchesReason(reason, "signs")).toBe(true);
    expect(matchesReason(reason, "")).toBe(true);
    expect(matchesReason(reason, "lteracion")).toBe(false);
    expect(matchesReason(reason, "alteración domicilio")).toBe(false);
  });

  it("puts a reason in the comment: alone, after what is written, never twice", () => {
    expect(withReason("", "Página ilegible.")).toBe("Página ilegible.");
    expect(withReason("  Ver hoja 2. ", "Página ilegible.")).toBe("Ver hoja 2. Página ilegible.");
    expect(withReason("Página ilegible.", "Página ilegible.")).toBe("Página ilegible.");
  });
});

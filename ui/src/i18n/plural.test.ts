import { describe, expect, it } from "vitest";

import { translate } from ".";

describe("plural words", () => {
  it("choose the word by the count's plural category, in each language", () => {
    expect(translate("es-MX", "audit.chainOk", { n: 1 })).toBe("Cadena íntegra (1 entrada)");
    expect(translate("es-MX", "audit.chainOk", { n: 5 })).toBe("Cadena íntegra (5 entradas)");
    expect(translate("es-MX", "audit.chainOk", { n: 0 })).toBe("Cadena íntegra (0 entradas)");
    expect(translate("en", "audit.unreadable", { n: 1 })).toBe("1 unreadable line is not counted.");
    expect(translate("es-MX", "importDone", { added: 1, already: 2, refused: 0 })).toBe("1 agregado, 2 ya seguidos, 0 rechazados.");
    expect(translate("es-MX", "rowsShown", { shown: 1, total: 1 })).toBe("1 de 1 expediente");
  });

  it("leave no plural form unresolved when the count is given", () => {
    expect(translate("es-MX", "audit.saved", { path: "/tmp/a.csv", n: 2 })).not.toMatch(/[{}|]/);
  });

  it("are chosen by rules built once per language, however many labels a screen writes", () => {
    // Intl's members are writable; TypeScript's lib declares them read-only.
    const intl = Intl as { PluralRules: typeof Intl.PluralRules };
    const original = intl.PluralRules;
    let built = 0;
    intl.PluralRules = class extends original {
      constructor(...args: ConstructorParameters<typeof original>) {
        super(...args);
        built += 1;
      }
    } as typeof original;
    try {
      for (let n = 0; n < 500; n += 1) translate("en", "audit.chainOk", { n });
      expect(translate("en", "audit.chainOk", { n: 1 })).toBe("Chain intact (1 entry)");
      expect(built).toBeLessThanOrEqual(1);
    } finally {
      intl.PluralRules = original;
    }
  });
});

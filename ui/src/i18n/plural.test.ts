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
});

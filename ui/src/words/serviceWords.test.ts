import { describe, expect, it } from "vitest";

import { type Locale, type MessageKey, translate } from "../i18n";
import "../i18n/screens/screenWords";
import { isKnownValue, serviceText, serviceWord } from "./serviceWords";

const t = (locale: Locale) => (key: MessageKey) => translate(locale, key);

describe("the service's values in words", () => {
  it("shows a value named like an object's own property as sent, and never fails on it", () => {
    for (const value of ["constructor", "__proto__", "toString", "hasOwnProperty"]) {
      expect(serviceWord("risk", value, t("en"))).toEqual({ words: value, raw: null });
      expect(isKnownValue("indicator", value)).toBe(false);
    }
  });

  it("says an enrollment status in the same words wherever it shows", () => {
    expect(serviceText("enrollment", "pendiente", t("en"))).toBe(serviceText("status", "Pendiente", t("en")).replace(" (Pendiente)", " (pendiente)"));
    expect(serviceWord("status", "Solicitado", t("en")).words).toBe("Link issued");
  });

  it("finds a value however the service cases, accents or spaces it", () => {
    expect(serviceWord("risk", "MEDIO", t("en"))).toEqual({ words: "Medium", raw: "MEDIO" });
    expect(serviceWord("status", "No Encontrado", t("en"))).toEqual({ words: "Not found", raw: "No Encontrado" });
    expect(serviceWord("indicator", "Tipografia inconsistente", t("en"))).toEqual({ words: "Inconsistent typography", raw: "Tipografia inconsistente" });
    expect(isKnownValue("risk", " alto ")).toBe(true);
    expect(isKnownValue("risk", "Crítico")).toBe(false);
  });

  it("keeps the service's value beside its words only where they read differently", () => {
    expect(serviceWord("validation", "Alteracion", t("es-MX"))).toEqual({ words: "Alteración", raw: "Alteracion" });
    expect(serviceWord("risk", "Medio", t("es-MX"))).toEqual({ words: "Medio", raw: null });
    // Case alone says nothing.
    expect(serviceWord("body", "Consejo de administración", t("es-MX"))).toEqual({ words: "Consejo de Administración", raw: null });
    expect(serviceText("risk", "Alto", t("en"))).toBe("High (Alto)");
  });

  it("shows an unknown value as sent, and a missing one as a dash", () => {
    expect(serviceWord("status", "EnProceso", t("en"))).toEqual({ words: "EnProceso", raw: null });
    expect(serviceWord("risk", "  ", t("en"))).toEqual({ words: "—", raw: null });
    expect(serviceWord("risk", null, t("en"))).toEqual({ words: "—", raw: null });
    // A word known in one field is not taken for another's.
    expect(serviceWord("risk", "Aprobado", t("en"))).toEqual({ words: "Aprobado", raw: null });
  });
});

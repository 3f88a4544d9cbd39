import { describe, expect, it } from "vitest";

import type { Finding } from "../../bindings/Finding";
import { type Locale, type MessageKey, translate, type Vars } from "../../i18n";
import "../../i18n/screens/screenWords";
import { findingKindOf, findingText } from "./findings";

const t = (locale: Locale) => (key: MessageKey, vars?: Vars) => translate(locale, key, vars);

const risk: Pick<Finding, "kind" | "count" | "subject" | "codes" | "source" | "document"> = {
  kind: "alteration_risk",
  count: 1,
  subject: "Comprobante de domicilio",
  codes: ["META-01", "Medio"],
  source: null,
  document: 0,
};

describe("a finding in a sentence", () => {
  it("says an alteration risk's level in words, the service's own beside it, apart from the codes", () => {
    expect(findingText(risk, t("en"))).toBe("Alteration risk: Medium (Medio) · Comprobante de domicilio (META-01)");
    expect(findingText(risk, t("es-MX"))).toBe("Riesgo de alteración: Medio · Comprobante de domicilio (META-01)");
    // A level the desk has no words for stays among the codes, as sent.
    expect(findingText({ ...risk, codes: ["Crítico"] }, t("en"))).toBe("Alteration risk · Comprobante de domicilio (Crítico)");
    // An indicator coded like a level is a code: the level is the last, as the backend puts it.
    expect(findingText({ ...risk, codes: ["Bajo", "Alto"] }, t("en"))).toBe("Alteration risk: High (Alto) · Comprobante de domicilio (Bajo)");
    expect(findingText({ ...risk, codes: ["constructor"] }, t("en"))).toBe("Alteration risk · Comprobante de domicilio (constructor)");
  });

  it("knows a finding by the kind written down for it", () => {
    expect(findingKindOf("document_edited")).toBe("document_edited");
    expect(findingKindOf("hasOwnProperty")).toBeNull();
    expect(findingKindOf("edited")).toBeNull();
  });
});

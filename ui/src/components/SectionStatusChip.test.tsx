import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { I18nProvider } from "../i18n";
import { startWithPreferences } from "../preferences";
import { render } from "../test/render";
import { EnrollmentStatusText, SectionStatusChip } from "./SectionStatusChip";

afterEach(() => {
  cleanup();
});

function shown(locale: "es-MX" | "en") {
  startWithPreferences({ language: locale });
  render(
    <I18nProvider>
      <SectionStatusChip status="En Revisión" />
      <SectionStatusChip status="Requiere Atención" />
      <SectionStatusChip status="Estado Nuevo" />
      <EnrollmentStatusText status="Solicitado" />
    </I18nProvider>,
  );
}

describe("the service's statuses in words", () => {
  it("are the service's own words in Spanish", () => {
    shown("es-MX");
    expect(document.body.textContent).toBe("En RevisiónRequiere AtenciónEstado NuevoSolicitado");
  });

  it("are worded in English with the service's value kept in sight, and an unknown one shown as it came", () => {
    shown("en");
    const chips = document.querySelectorAll("[data-status]");
    expect([...chips].map((c) => c.textContent)).toEqual(["In review (En Revisión)", "Needs attention (Requiere Atención)", "Estado Nuevo"]);
    expect(screen.getByText("Link issued (Solicitado)")).toBeTruthy();
  });
});

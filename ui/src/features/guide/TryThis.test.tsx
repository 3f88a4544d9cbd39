import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { DemoGuide } from "../../bindings/DemoGuide";
import { I18nProvider } from "../../i18n";
import { DemoFolios } from "./DemoFolios";
import { TryThis } from "./TryThis";

const file = { flowId: "flujo", rfc: "PLE150301AB2", documentId: "2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10", company: "Panificadora La Espiga" };
const guide: DemoGuide = {
  review: file,
  enrollment: file,
  resendFolio: "VD-00000002",
  folios: [
    { folio: "VD-00000001", status: "NoIniciado" },
    { folio: "VD-00000002", status: "Enviado" },
  ],
};

afterEach(cleanup);

describe("the demo's try-this panel", () => {
  it("names the demo's file and folio and leads to each walk in one click", () => {
    const on = { review: vi.fn(), enrollment: vi.fn(), resend: vi.fn(), dismiss: vi.fn() };
    render(
      <I18nProvider>
        <TryThis guide={guide} on={on} />
      </I18nProvider>,
    );
    const panel = screen.getByTestId("try-this");
    expect(panel.textContent).toContain("Panificadora La Espiga");
    expect(panel.textContent).toContain("VD-00000002");
    fireEvent.click(screen.getByTestId("try-review"));
    expect(on.review).toHaveBeenCalledWith(file);
    fireEvent.click(screen.getByTestId("try-enrollment"));
    expect(on.enrollment).toHaveBeenCalledWith(file);
    fireEvent.click(screen.getByTestId("try-resend"));
    expect(on.resend).toHaveBeenCalledWith("VD-00000002");
    fireEvent.click(screen.getByRole("button", { name: "Ocultar" }));
    expect(on.dismiss).toHaveBeenCalled();
  });

  it("offers the demo's folios, each a button that looks it up", () => {
    const pick = vi.fn();
    render(
      <I18nProvider>
        <DemoFolios folios={guide.folios} onPick={pick} />
      </I18nProvider>,
    );
    const buttons = screen.getByRole("group", { name: "Folios de la demostración" }).querySelectorAll("button");
    expect(buttons).toHaveLength(2);
    // Each with its status in words, never the service's raw name.
    expect([...buttons].map((b) => b.textContent)).toEqual(["VD-00000001 · No iniciada", "VD-00000002 · Enviada"]);
    fireEvent.click(buttons[0] as HTMLButtonElement);
    expect(pick).toHaveBeenCalledWith("VD-00000001");
  });
});

import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import type { DemoGuide } from "../../bindings/DemoGuide";
import { I18nProvider } from "../../i18n";
import { render } from "../../test/render";
import { DemoFolios } from "./DemoFolios";
import { TryThis } from "./TryThis";
import { markTourDone, TOURS, type Tour, toursFor } from "./tours";

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

function panel(tours: readonly Tour[] = TOURS) {
  const on = { review: vi.fn(), enrollment: vi.fn(), resend: vi.fn(), dismiss: vi.fn() };
  render(
    <I18nProvider>
      <TryThis guide={guide} tours={tours} on={on} />
    </I18nProvider>,
  );
  return on;
}

afterEach(() => {
  cleanup();
});

describe("the demo's try-this panel", () => {
  it("names the demo's file and folio and leads to each walk in one click", () => {
    const on = panel();
    const shown = screen.getByTestId("try-this");
    expect(shown.textContent).toContain("Panificadora La Espiga");
    expect(shown.textContent).toContain("VD-00000002");
    fireEvent.click(screen.getByTestId("try-review"));
    expect(on.review).toHaveBeenCalledWith(file);
    fireEvent.click(screen.getByTestId("try-enrollment"));
    expect(on.enrollment).toHaveBeenCalledWith(file);
    fireEvent.click(screen.getByTestId("try-resend"));
    expect(on.resend).toHaveBeenCalledWith("VD-00000002");
    fireEvent.click(screen.getByRole("button", { name: "Ocultar" }));
    expect(on.dismiss).toHaveBeenCalled();
  });

  it("speaks of the resend's folio in the words of the status the demo holds for it", () => {
    panel();
    const step = screen.getByTestId("try-resend").closest("li");
    expect(step?.textContent).toContain("La verificación VD-00000002 (Enviada) admite un reenvío");
    expect(step?.textContent).not.toContain("abierta");
  });

  it("offers each role the tours of its own work: no resend to an analyst or an agent", () => {
    expect(toursFor(null)).toEqual(["review", "enrollment", "resend"]);
    expect(toursFor("analyst")).toEqual(["review"]);
    expect(toursFor("agent")).toEqual(["enrollment"]);
    expect(toursFor("supervisor")).toEqual(["review", "enrollment", "resend"]);
    panel(toursFor("analyst"));
    expect(screen.getByTestId("try-review")).toBeTruthy();
    expect(screen.queryByTestId("try-resend")).toBeNull();
    expect(screen.queryByTestId("try-enrollment")).toBeNull();
    expect(screen.getByTestId("try-this-progress").textContent).toBe("0 de 1 hechos");
  });

  it("marks a tour done once its last step is reached, and still at the next start", () => {
    panel();
    expect(screen.queryAllByTestId("tour-done")).toHaveLength(0);
    act(() => markTourDone("resend"));
    const done = screen.getAllByTestId("tour-done");
    expect(done).toHaveLength(1);
    expect(done[0]?.closest("li")?.dataset.tour).toBe("resend");
    expect(screen.getByTestId("try-this-progress").textContent).toBe("1 de 3 hechos");
    cleanup();
    panel();
    expect(screen.getByTestId("try-resend").closest("li")?.dataset.done).toBe("true");
    expect(screen.getByTestId("try-review").closest("li")?.dataset.done).toBe("false");
  });

  it("folds to its title line, and stays folded at the next start", () => {
    panel();
    const fold = screen.getByTestId("try-this-fold");
    expect(fold.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(fold);
    expect(screen.queryByTestId("try-review")).toBeNull();
    expect(fold.getAttribute("aria-expanded")).toBe("false");
    cleanup();
    panel();
    expect(screen.queryByTestId("try-review")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Mostrar los recorridos" }));
    expect(screen.getByTestId("try-review")).toBeTruthy();
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

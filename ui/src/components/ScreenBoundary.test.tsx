import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";

import { I18nProvider } from "../i18n";
import { render } from "../test/render";
import { ScreenBoundary } from "./ScreenBoundary";

function Broken(): never {
  throw new Error("Failed to fetch dynamically imported module");
}

describe("a screen that fails to draw", () => {
  it("leaves a notice that says so and offers a reload, not a blank window", () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { rerender } = render(
      <I18nProvider>
        <ScreenBoundary resetKey="tracking">
          <Broken />
        </ScreenBoundary>
      </I18nProvider>,
    );
    const alert = screen.getByTestId("screen-failed");
    expect(alert.textContent).toContain("No se pudo abrir esta pantalla.");
    expect(alert.textContent).toContain("Failed to fetch dynamically imported module");
    expect(screen.getByRole("button", { name: "Volver a cargar la ventana" })).toBeTruthy();
    // Another screen chosen draws again.
    rerender(
      <I18nProvider>
        <ScreenBoundary resetKey="watchlist">
          <p>Expedientes</p>
        </ScreenBoundary>
      </I18nProvider>,
    );
    expect(screen.queryByTestId("screen-failed")).toBeNull();
    expect(screen.getByText("Expedientes")).toBeTruthy();
    quiet.mockRestore();
  });
});

import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";

import { I18nProvider } from "../i18n";
import { render } from "../test/render";
import { ConfirmDialog } from "./ConfirmDialog";

afterEach(cleanup);

function Asking(props: { busy?: boolean }) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(0);
  return (
    <I18nProvider>
      <button type="button" onClick={() => setOpen(true)}>
        Dejar de seguir
      </button>
      <span data-testid="done">{done}</span>
      {open && (
        <ConfirmDialog
          title="¿Dejar de seguir 3 expedientes?"
          confirm="Dejar de seguir"
          busy={props.busy ?? false}
          error={null}
          onConfirm={() => {
            setDone((n) => n + 1);
            setOpen(false);
          }}
          onCancel={() => setOpen(false)}
        >
          Se quitan de la lista.
        </ConfirmDialog>
      )}
    </I18nProvider>
  );
}

describe("a dialog that asks", () => {
  it("is the platform's modal dialog, with the focus on the safe choice as soon as it is drawn", () => {
    render(<Asking />);
    const opener = screen.getByRole("button", { name: "Dejar de seguir" });
    opener.focus();
    act(() => opener.click());
    const dialog = screen.getByTestId("confirm");
    expect(dialog.tagName).toBe("DIALOG");
    expect((dialog as HTMLDialogElement).open).toBe(true);
    // Focused in the same commit that drew it: no frame shows it without its focus.
    expect(document.activeElement?.textContent).toBe("Volver");
    expect(dialog.contains(document.activeElement)).toBe(true);
    // Enter on the focused button goes back, never confirms.
    act(() => (document.activeElement as HTMLButtonElement).click());
    expect(screen.queryByTestId("confirm")).toBeNull();
    expect(screen.getByTestId("done").textContent).toBe("0");
    expect(document.activeElement).toBe(opener);
  });

  it("closes on Escape, unless it is busy", () => {
    render(<Asking busy />);
    const opener = screen.getByRole("button", { name: "Dejar de seguir" });
    opener.focus();
    act(() => opener.click());
    fireEvent.keyDown(document.activeElement ?? window, { key: "Escape", bubbles: true });
    expect(screen.getByTestId("confirm")).toBeTruthy();
    cleanup();
    render(<Asking />);
    act(() => screen.getByRole("button", { name: "Dejar de seguir" }).click());
    fireEvent.keyDown(document.activeElement ?? window, { key: "Escape", bubbles: true });
    expect(screen.queryByTestId("confirm")).toBeNull();
  });

  it("opens again when the engine closes it while busy, and else asks its screen to close it", () => {
    render(<Asking busy />);
    act(() => screen.getByRole("button", { name: "Dejar de seguir" }).click());
    const dialog = screen.getByTestId("confirm") as HTMLDialogElement;
    // A second Escape in some engines: closed without a cancel the page could refuse.
    act(() => dialog.close());
    expect(dialog.open).toBe(true);
    cleanup();
    render(<Asking />);
    act(() => screen.getByRole("button", { name: "Dejar de seguir" }).click());
    act(() => (screen.getByTestId("confirm") as HTMLDialogElement).close());
    expect(screen.queryByTestId("confirm")).toBeNull();
  });
});

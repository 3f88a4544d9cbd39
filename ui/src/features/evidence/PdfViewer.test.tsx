import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { I18nProvider } from "../../i18n";
import { startWithPreferences } from "../../preferences";
import { render } from "../../test/render";
import { PdfViewer } from "./PdfViewer";
import { type PdfSession, PdfSessionContext } from "./pdfSession";

// jsdom has no canvas and no Worker, so a document is never drawn here (the WebDriver
// journeys do that in the app's window); what it can show is that every way a document
// fails to open ends in a sentence, and that the controls wait for a document.
afterEach(() => {
  cleanup();
});

const show = (bytes: Uint8Array) =>
  render(
    <I18nProvider>
      <PdfViewer bytes={bytes} label="Comprobante de domicilio" />
    </I18nProvider>,
  );

describe("the PDF viewer", () => {
  it("says that an empty file is no readable PDF, with every control waiting", async () => {
    show(new Uint8Array(0));
    expect((await screen.findByTestId("viewer-error")).textContent).toBe("No se pudo leer este PDF: está dañado o incompleto.");
    expect(screen.getByRole("region", { name: "Documento: Comprobante de domicilio" })).toBeTruthy();
    expect(screen.getByTestId("pdf-pages").textContent).toBe("—");
    expect(screen.getByRole("button", { name: "Página siguiente" }).hasAttribute("disabled")).toBe(true);
    expect(screen.getByRole("button", { name: "Acercar" }).hasAttribute("disabled")).toBe(true);
    expect(screen.getByTestId("pdf-canvas").hidden).toBe(true);
  });

  it("says so in English when English is chosen", async () => {
    startWithPreferences({ language: "en" });
    show(new Uint8Array(0));
    expect((await screen.findByTestId("viewer-error")).textContent).toBe("This PDF could not be read: it is damaged or incomplete.");
  });

  it("ends in a message at once, not at the time limit, when the viewer cannot start a worker", async () => {
    // jsdom has no Worker: starting pdf.js's worker throws, as a window without workers would.
    show(new TextEncoder().encode("%PDF-1.7\n1 0 obj\n<< >>\nendobj\n"));
    expect(screen.getByText("Abriendo el PDF…")).toBeTruthy();
    expect((await screen.findByTestId("viewer-error", {}, { timeout: 10_000 })).textContent).toBe(
      "No se pudo cargar el visor de PDF. Cierre y vuelva a abrir el documento.",
    );
  }, 15_000);

  it("opens its document in the pane's session and leaves the worker to the pane when it goes", async () => {
    const session: PdfSession = {
      open: vi.fn(async () => ({ numPages: 0 }) as never),
      release: vi.fn(),
      warm: vi.fn(),
      kill: vi.fn(),
      close: vi.fn(),
    };
    const bytes = new TextEncoder().encode("%PDF-1.7\n");
    const shown = render(
      <I18nProvider>
        <PdfSessionContext.Provider value={session}>
          <PdfViewer bytes={bytes} label="Acta" />
        </PdfSessionContext.Provider>
      </I18nProvider>,
    );
    // A document of no pages is no readable PDF.
    expect((await screen.findByTestId("viewer-error")).textContent).toBe("No se pudo leer este PDF: está dañado o incompleto.");
    expect(session.open).toHaveBeenCalledWith(bytes);
    shown.unmount();
    // The section switched: the document may stay for a switch back; the worker stays.
    expect(session.release).toHaveBeenCalledWith(bytes);
    expect(session.close).not.toHaveBeenCalled();
    expect(session.kill).not.toHaveBeenCalled();
  });

  it("ends the pane's worker when it goes while its document is still being parsed", async () => {
    // A parse that never answers (a hostile file) would hold up every later document of
    // the pane's one worker.
    const session: PdfSession = {
      open: vi.fn(() => new Promise<never>(() => undefined)),
      release: vi.fn(),
      warm: vi.fn(),
      kill: vi.fn(),
      close: vi.fn(),
    };
    const shown = render(
      <I18nProvider>
        <PdfSessionContext.Provider value={session}>
          <PdfViewer bytes={new TextEncoder().encode("%PDF-1.7\n")} label="Acta" />
        </PdfSessionContext.Provider>
      </I18nProvider>,
    );
    expect(screen.getByText("Abriendo el PDF…")).toBeTruthy();
    shown.unmount();
    expect(session.kill).toHaveBeenCalledTimes(1);
    expect(session.release).not.toHaveBeenCalled();
  });
});

import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { I18nProvider } from "../../i18n";
import { expectModal } from "../../test/modal";
import { render } from "../../test/render";
import { PhotoStrip } from "./PhotoViewer";

afterEach(() => {
  cleanup();
  clearMocks();
});

describe("a branch's photo, enlarged", () => {
  it("is a modal dialog whose keys never reach the screen below, and Escape closes it", () => {
    // The photos' bytes never come: the viewer's keys are about the viewer, not them.
    mockIPC(() => new Promise(() => undefined));
    const heard: string[] = [];
    const below = (event: KeyboardEvent) => heard.push(event.key);
    window.addEventListener("keydown", below);
    try {
      render(
        <I18nProvider>
          <PhotoStrip
            photos={[
              { url: "https://fotos.example/1.jpg", caption: "Fachada 1" },
              { url: "https://fotos.example/2.jpg", caption: "Interior 1" },
            ]}
          />
        </I18nProvider>,
      );
      const thumb = screen.getAllByTestId("photo-thumb")[0] as HTMLElement;
      thumb.focus();
      fireEvent.click(thumb);
      const viewer = screen.getByTestId("photo-viewer");
      expectModal(viewer);
      expect(viewer.contains(document.activeElement)).toBe(true);
      // A review's a, v or j behind the photo hears nothing.
      for (const key of ["a", "v", "j"]) fireEvent.keyDown(document.activeElement as HTMLElement, { key, bubbles: true });
      expect(heard).toEqual([]);
      fireEvent.keyDown(document.activeElement as HTMLElement, { key: "Escape", bubbles: true });
      expect(screen.queryByTestId("photo-viewer")).toBeNull();
      expect(document.activeElement).toBe(thumb);
    } finally {
      window.removeEventListener("keydown", below);
    }
  });
});

import { expect } from "vitest";

/** That `element` is the platform's modal dialog, open: the page behind it is inert, so
 * Tab never leaves it (the real window's keyboard journeys walk it; jsdom moves no focus
 * on Tab). */
export function expectModal(element: HTMLElement) {
  expect(element.tagName).toBe("DIALOG");
  expect((element as HTMLDialogElement).open).toBe(true);
  expect(element.getAttribute("aria-modal")).toBe("true");
}

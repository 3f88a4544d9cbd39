import { afterEach, describe, expect, it, vi } from "vitest";

import { applyTheme, nextChoice, storedChoice } from "./theme";

function systemPrefersDark(dark: boolean) {
  const listeners: (() => void)[] = [];
  const media = {
    matches: dark,
    addEventListener: (_: string, listener: () => void) => listeners.push(listener),
    removeEventListener: vi.fn(),
  };
  vi.stubGlobal("matchMedia", () => media);
  return { media, listeners };
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete document.documentElement.dataset.theme;
});

describe("the theme", () => {
  it("follows the system until the user chooses, and remembers the choice", () => {
    const { media, listeners } = systemPrefersDark(true);
    applyTheme("system");
    expect(document.documentElement.dataset.theme).toBe("dark");
    media.matches = false;
    for (const listener of listeners) listener();
    expect(document.documentElement.dataset.theme).toBe("light");
    applyTheme("dark");
    expect(document.documentElement.dataset.theme).toBe("dark");
    expect(storedChoice()).toBe("dark");
    applyTheme("system");
    expect(storedChoice()).toBe("system");
  });

  it("cycles system, light, dark", () => {
    expect(nextChoice("system")).toBe("light");
    expect(nextChoice("light")).toBe("dark");
    expect(nextChoice("dark")).toBe("system");
  });
});

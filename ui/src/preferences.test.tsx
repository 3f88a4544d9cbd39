import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { command } from "./api/commands";
import type { Preferences } from "./bindings/Preferences";
import { I18nProvider, useI18n } from "./i18n";
import { DEFAULT_PREFERENCES, loadPreferences, preferences, setPreference, subscribePreferences } from "./preferences";
import { held } from "./test/held";
import { render } from "./test/render";
import { applyTheme, storedChoice } from "./theme";

afterEach(() => {
  cleanup();
  clearMocks();
  vi.unstubAllGlobals();
  delete document.documentElement.dataset.theme;
});

const folder: Preferences = {
  ...DEFAULT_PREFERENCES,
  language: "en",
  theme: "dark",
  recentFolios: ["VD-00000006"],
  autoRefresh: { p1: 15 },
};

/** The backend of a data folder holding `held`; answers the changes it was sent. */
function backendHolding(held: Preferences) {
  const changes: unknown[] = [];
  mockIPC((cmd, args) => {
    if (cmd === command.preferences) return held;
    if (cmd === command.set_preference) {
      changes.push(args);
      return held;
    }
    throw new Error(`unexpected command ${cmd}`);
  });
  return changes;
}

function Greeting() {
  const { t, toggleLocale } = useI18n();
  return (
    <button type="button" onClick={toggleLocale}>
      {t("recovery.dismiss")}
    </button>
  );
}

describe("the window's preferences", () => {
  it("are the data folder's, read from the backend before the first render", async () => {
    backendHolding(folder);
    await loadPreferences();
    expect(preferences()).toEqual(folder);
    // The first render is already in the folder's language: no Spanish frame first.
    render(
      <I18nProvider>
        <Greeting />
      </I18nProvider>,
    );
    expect(screen.getByRole("button").textContent).toBe("Close the notice");
    expect(storedChoice()).toBe("dark");
  });

  it("start with the defaults when the backend cannot be read", async () => {
    mockIPC(() => {
      throw new Error("ipc down");
    });
    await loadPreferences();
    expect(preferences()).toEqual(DEFAULT_PREFERENCES);
  });

  it("change at once and are sent to the backend one key at a time", async () => {
    const changes = backendHolding(DEFAULT_PREFERENCES);
    const heard = vi.fn();
    const stop = subscribePreferences(heard);
    render(
      <I18nProvider>
        <Greeting />
      </I18nProvider>,
    );
    fireEvent.click(screen.getByRole("button"));
    expect(screen.getByRole("button").textContent).toBe("Close the notice");
    setPreference({ key: "tourDone", value: "review" });
    setPreference({ key: "tourDone", value: "review" });
    setPreference({ key: "autoRefresh", value: { profileId: "p2", minutes: 5 } });
    stop();
    expect(preferences()).toEqual({ ...DEFAULT_PREFERENCES, language: "en", toursDone: ["review"], autoRefresh: { p2: 5 } });
    expect(heard).toHaveBeenCalledTimes(4);
    await vi.waitFor(() => expect(changes).toHaveLength(4));
    expect(changes).toEqual([
      { change: { key: "language", value: "en" } },
      { change: { key: "tourDone", value: "review" } },
      { change: { key: "tourDone", value: "review" } },
      { change: { key: "autoRefresh", value: { profileId: "p2", minutes: 5 } } },
    ]);
  });

  it("a change the backend cannot keep lasts for the window, and nothing fails", async () => {
    const kept = held<null>();
    mockIPC((cmd) => {
      if (cmd === command.set_preference) return kept.promise;
      throw new Error(`unexpected command ${cmd}`);
    });
    setPreference({ key: "guideFolded", value: true });
    await kept.refuse({ code: "storage", message: "disk full", details: [], task: null, problems: [] });
    expect(preferences().guideFolded).toBe(true);
  });

  it("applying the kept theme at start writes nothing; choosing another does", async () => {
    vi.stubGlobal("matchMedia", () => ({ matches: false, addEventListener: vi.fn(), removeEventListener: vi.fn() }));
    const changes = backendHolding(folder);
    await loadPreferences();
    applyTheme(storedChoice());
    expect(document.documentElement.dataset.theme).toBe("dark");
    applyTheme("light");
    expect(document.documentElement.dataset.theme).toBe("light");
    await vi.waitFor(() => expect(changes).toHaveLength(1));
    expect(changes).toEqual([{ change: { key: "theme", value: "light" } }]);
  });
});

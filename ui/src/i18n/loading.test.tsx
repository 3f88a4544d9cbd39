import { mockIPC } from "@tauri-apps/api/mocks";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { command } from "../api/commands";
import { DEFAULT_PREFERENCES } from "../preferences";

afterEach(cleanup);

// The test setup loads both languages in the module every other test shares; these tests
// take a fresh copy of the module, with no language loaded, as the window starts.
async function freshI18n() {
  vi.resetModules();
  const i18n = await import(".");
  function Tagline() {
    const { t, toggleLocale } = i18n.useI18n();
    return (
      <button type="button" onClick={toggleLocale}>
        {t("tagline")}
      </button>
    );
  }
  return { ...i18n, Tagline };
}

const SPANISH = "Mesa de revisión de expedientes empresariales";
const ENGLISH = "Business onboarding file review desk";

describe("each language's words", () => {
  it("are not there before they are loaded: the window awaits them before its first render", async () => {
    const { translate, loadLocale } = await freshI18n();
    expect(translate("es-MX", "tagline")).toBe("tagline");
    await loadLocale("es-MX");
    expect(translate("es-MX", "tagline")).toBe(SPANISH);
    // Only the window's language: the other one is loaded when the user switches to it.
    expect(translate("en", "tagline")).toBe("tagline");
  });

  it("load on a switch, and the window shows the old words until the new ones are here", async () => {
    mockIPC((cmd) => (cmd === command.set_preference ? DEFAULT_PREFERENCES : undefined));
    const { I18nProvider, loadLocale, Tagline } = await freshI18n();
    await loadLocale("es-MX");
    render(
      <I18nProvider>
        <Tagline />
      </I18nProvider>,
    );
    const button = screen.getByRole("button");
    expect(button.textContent).toBe(SPANISH);
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(button.textContent ?? ""));
    observer.observe(button, { childList: true, characterData: true, subtree: true });
    await act(async () => fireEvent.click(button));
    await vi.waitFor(() => expect(button.textContent).toBe(ENGLISH));
    observer.disconnect();
    // Never a key in place of the words on the way.
    expect(seen.filter((text) => text !== SPANISH && text !== ENGLISH)).toEqual([]);
    expect(document.documentElement.lang).toBe("en");
  });
});

// Every Vitest file starts here. On a loaded two-core machine (CI runs the whole suite
// beside nothing else, but a first render can still take seconds), a screen that
// appears after 1.2 s is no failure: waitFor and findBy wait up to 10 s by default
// (a passing test is no slower; only a failing one waits longer), within the tests'
// own limit (testTimeout, vite.config.ts).
import { configure } from "@testing-library/react";

configure({ asyncUtilTimeout: 10_000 });

// Each test starts as a window on a data folder with no preferences yet (the defaults);
// a test that needs others says so with `startWithPreferences`.
import { beforeEach } from "vitest";

import { loadLocale } from "../i18n";
// Tests render the screens directly, without the loader that fetches the screens' words.
import "../i18n/screens/screenWords";
import { startWithPreferences } from "../preferences";

// The window loads its language's words before its first render (main.tsx); tests render
// at once, in either language.
await Promise.all([loadLocale("es-MX"), loadLocale("en")]);

beforeEach(() => startWithPreferences());

// jsdom has <dialog> without its modal behaviour. What the screens rely on of it, as the
// HTML standard has it: showModal() and close() open and close it, and Escape not
// taken by the page asks the last modal dialog to cancel, which closes it unless
// the dialog says no.
if (typeof HTMLDialogElement.prototype.showModal !== "function") {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute("open")) return;
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
  window.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    const open = [...document.querySelectorAll("dialog[open]")].at(-1) as HTMLDialogElement | undefined;
    if (open?.dispatchEvent(new Event("cancel", { cancelable: true }))) open.close();
  });
}

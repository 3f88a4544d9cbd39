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

// The window's preferences (language, theme, automatic refresh, recent folios, the demo
// panel and its tours): one set per data folder, kept by the backend in that folder's
// preferences.json (src-tauri's preferences.rs), never in the webview's storage, which
// every data folder shares. They are read once before the first paint (main.tsx), so
// the first frame has the right language and theme, and read here synchronously after.
// A change shows at once and is written behind; every such read and write goes through
// here.
import * as commands from "./api/commands";
import type { PreferenceChange } from "./bindings/PreferenceChange";
import type { Preferences } from "./bindings/Preferences";

/** What a data folder with no preferences yet starts with (as the backend's defaults). */
export const DEFAULT_PREFERENCES: Preferences = {
  language: "es-MX",
  theme: "system",
  autoRefresh: {},
  recentFolios: [],
  guideHidden: false,
  guideFolded: false,
  toursDone: [],
};

let current: Preferences = DEFAULT_PREFERENCES;
const listeners = new Set<() => void>();

function replace(next: Preferences) {
  current = next;
  for (const listener of listeners) listener();
}

/** Reads this data folder's preferences (once, before the first render). A read that
 * fails leaves the defaults: the window starts all the same. */
export async function loadPreferences(): Promise<void> {
  try {
    replace(await commands.preferences());
  } catch {
    replace(DEFAULT_PREFERENCES);
  }
}

/** The preferences as they are now. */
export function preferences(): Preferences {
  return current;
}

/** `change` applied to `values`, as the backend applies it. */
function applied(values: Preferences, change: PreferenceChange): Preferences {
  switch (change.key) {
    case "language":
      return { ...values, language: change.value };
    case "theme":
      return { ...values, theme: change.value };
    case "autoRefresh":
      return { ...values, autoRefresh: { ...values.autoRefresh, [change.value.profileId]: change.value.minutes } };
    case "recentFolios":
      return { ...values, recentFolios: change.value };
    case "guideHidden":
      return { ...values, guideHidden: change.value };
    case "guideFolded":
      return { ...values, guideFolded: change.value };
    case "tourDone":
      return values.toursDone.includes(change.value) ? values : { ...values, toursDone: [...values.toursDone, change.value] };
  }
}

/** Changes one preference now and has the backend keep it. One that cannot be kept is
 * only not remembered: nothing the user does fails for it. */
export function setPreference(change: PreferenceChange): void {
  replace(applied(current, change));
  commands.setPreference(change).catch(() => undefined);
}

/** Calls `listener` after each change; answers how to stop. */
export function subscribePreferences(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tests: the preferences a window starts with (the defaults, with `values`). */
export function startWithPreferences(values: Partial<Preferences> = {}): void {
  replace({ ...DEFAULT_PREFERENCES, ...values });
}

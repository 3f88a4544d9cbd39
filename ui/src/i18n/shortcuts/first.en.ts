import type { ShortcutsFirstKey } from "./first.es-MX";

// The words of shortcuts/en.ts that the first screen shows, in English, typed by the Spanish keys.
export const shortcutsFirstEn: Record<ShortcutsFirstKey, string> = {
  "keys.title": "Keyboard shortcuts",
};

// The words of the screens that load later (the screens', the evidence's, the dashboard's),
// kept as each chunk registers them: apart from the provider (./index.tsx), which loads
// the screens' words lazily and reads them, so a chunk registers its words without
// importing the module that loads it. Imports no module of the window's but word lists.
import type { Locale } from "../bindings/Locale";
import type { DashboardKey } from "./dashboard/es-MX";
import type { CoreKey } from "./es-MX";
import type { EvidenceKey } from "./evidence/es-MX";
import type { ScreenKey } from "./screens/es-MX";

/** Every message's key: the core's (the words the first paint's scripts use), loaded before
 * the first paint in the window's language; the screens' (every other screen's), loaded
 * with any of them (`withScreenWords`); the evidence's (the review's findings, rules and
 * viewer) and the dashboard's, loaded with the screens that show them (`./evidence`,
 * `./dashboard`). */
export type MessageKey = CoreKey | ScreenKey | EvidenceKey | DashboardKey;

/** Messages of lazily loaded screens, added as they load (`addMessages`). */
const later: Record<Locale, Partial<Record<MessageKey, string>>> = { "es-MX": {}, en: {} };

/** Adds the messages of a screen that loads later; each language has every key. */
export function addMessages<K extends MessageKey>(bundle: Record<Locale, Record<K, string>>) {
  Object.assign(later["es-MX"], bundle["es-MX"]);
  Object.assign(later.en, bundle.en);
}

/** `key`'s message among those added later, in `locale`; undefined until its words load. */
export function laterMessage(locale: Locale, key: MessageKey): string | undefined {
  return later[locale][key];
}

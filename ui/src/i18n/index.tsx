import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from "react";

import { preferences, setPreference } from "../preferences";
import type { DashboardKey } from "./dashboard/es-MX";
import { en } from "./en";
import { type CoreKey, esMX } from "./es-MX";
import type { EvidenceKey } from "./evidence/es-MX";

/** Every message's key: the core's, in the first paint's script, and the evidence's (the
 * review's findings, rules and viewer) and the dashboard's, loaded with the screens that show them
 * (`./evidence`, `./dashboard`). */
export type MessageKey = CoreKey | EvidenceKey | DashboardKey;

// UI text: one file per language, Spanish (es-MX, the default) and English. Keys are typed,
// so a missing translation is a compile error rather than a blank label.
export const messages = { "es-MX": esMX, en } satisfies Record<string, Record<CoreKey, string>>;

export type Locale = keyof typeof messages;

/** Messages of lazily loaded screens, added as they load (`addMessages`). */
const later: Record<Locale, Partial<Record<MessageKey, string>>> = { "es-MX": {}, en: {} };

/** Adds the messages of a screen that loads later; each language has every key. */
export function addMessages<K extends MessageKey>(bundle: Record<Locale, Record<K, string>>) {
  Object.assign(later["es-MX"], bundle["es-MX"]);
  Object.assign(later.en, bundle.en);
}

/** A key's message in `locale`; a key whose screen has not loaded its words reads as itself. */
function messageOf(locale: Locale, key: MessageKey): string {
  const core: Partial<Record<MessageKey, string>> = messages[locale];
  return core[key] ?? later[locale][key] ?? key;
}

/** The data folder's language (read before the first render, see preferences.ts). */
function initialLocale(): Locale {
  return preferences().language;
}

/** Values for `{name}` placeholders. */
export type Vars = Record<string, string | number>;

// Building plural rules loads the language's data and costs far more than a lookup, and
// every label on a screen goes through `translate`: one set per language, built once.
const pluralRules = new Map<Locale, Intl.PluralRules>();

function pluralRulesOf(locale: Locale): Intl.PluralRules {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules;
}

/** A message in `locale`, its `{name}` placeholders filled from `vars` (one left as
 * written when no value is given), and its `{name:one|other}` words chosen by that
 * count's plural category in the language ("{n} {n:entrada|entradas}"). */
export function translate(locale: Locale, key: MessageKey, vars?: Vars): string {
  const message = messageOf(locale, key);
  // Most messages have no placeholder: nothing to fill.
  if (!message.includes("{")) return message;
  return message
    .replace(/\{(\w+):([^|{}]*)\|([^{}]*)\}/g, (whole, name: string, one: string, other: string) => {
      const count = vars?.[name];
      if (count === undefined) return whole;
      return pluralRulesOf(locale).select(Number(count)) === "one" ? one : other;
    })
    .replace(/\{(\w+)\}/g, (whole, name: string) => String(vars?.[name] ?? whole));
}

/** The `t` of a language: a message key (and its values) in words. */
export type Translate = (key: MessageKey, vars?: Vars) => string;

interface I18n {
  locale: Locale;
  t: Translate;
  toggleLocale: () => void;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocale] = useState<Locale>(initialLocale);
  const toggleLocale = useCallback(() => {
    setLocale((current) => {
      const next: Locale = current === "es-MX" ? "en" : "es-MX";
      setPreference({ key: "language", value: next });
      document.documentElement.lang = next;
      return next;
    });
  }, []);
  const value = useMemo<I18n>(
    () => ({
      locale,
      t: (key, vars) => translate(locale, key, vars),
      toggleLocale,
    }),
    [locale, toggleLocale],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useI18n must be used inside <I18nProvider>");
  return i18n;
}

import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from "react";

import type { Locale } from "../bindings/Locale";
import { preferences, setPreference } from "../preferences";
import type { CoreKey } from "./es-MX";
import { laterMessage, type MessageKey } from "./messages";

export type { Locale, MessageKey };

/** A language's core messages. UI text: one file per language, Spanish (es-MX, the default)
 * and English. Keys are typed (en.ts is a `Record<CoreKey, string>`), so a missing
 * translation is a compile error rather than a blank label. */
type CoreMessages = Record<CoreKey, string>;

// Each language's core messages are a chunk of their own, so the first paint's scripts carry
// only the window's language (the other comes when the user switches to it).
const loaders: Record<Locale, () => Promise<CoreMessages>> = {
  "es-MX": () => import("./es-MX").then((m) => m.esMX),
  en: () => import("./en").then((m) => m.en),
};

/** The core messages of the languages loaded so far (`loadLocale`). */
const core: Partial<Record<Locale, CoreMessages>> = {};

/** Loads `locale`'s core messages (once); the window renders nothing in a language before
 * they are here (main.tsx awaits the first, `toggleLocale` the other), so no frame shows a
 * key in place of its words. */
export async function loadLocale(locale: Locale): Promise<void> {
  core[locale] ??= await loaders[locale]();
}

/** The screens' words (./screens), asked for once. */
let screenWords: Promise<unknown> | null = null;

function loadScreenWords(): Promise<unknown> {
  screenWords ??= import("./screens/screenWords").catch((error: unknown) => {
    screenWords = null;
    throw error;
  });
  return screenWords;
}

/** `loaders` (each a lazily loaded screen's chunk) each fetching the screens' words beside
 * its chunk, at once: a screen renders once both are here, so none draws a key in place of
 * its words, and no screen's words weigh on the first paint. */
export function withScreenWords<T extends Record<string, () => Promise<unknown>>>(loaders: T): T {
  const fetched: Record<string, () => Promise<unknown>> = {};
  for (const [name, load] of Object.entries(loaders)) {
    fetched[name] = () => Promise.all([load(), loadScreenWords()]).then(([chunk]) => chunk);
  }
  return fetched as T;
}

/** A key's message in `locale`; a key whose words have not loaded reads as itself. */
function messageOf(locale: Locale, key: MessageKey): string {
  const loaded: Partial<Record<MessageKey, string>> = core[locale] ?? {};
  return loaded[key] ?? laterMessage(locale, key) ?? key;
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
  // The language shown or being switched to, so a second press while the other language's
  // words load switches back rather than twice to the same.
  const target = useRef(locale);
  const toggleLocale = useCallback(() => {
    const next: Locale = target.current === "es-MX" ? "en" : "es-MX";
    target.current = next;
    const show = () => {
      if (target.current !== next) return;
      setPreference({ key: "language", value: next });
      document.documentElement.lang = next;
      setLocale(next);
    };
    // At once when its words are here; otherwise once they are, so the switch never draws a
    // key in place of a word. A chunk that cannot load (the app's own files) leaves the
    // language as it was.
    if (core[next]) return show();
    loadLocale(next).then(show, () => {
      if (target.current === next) target.current = next === "en" ? "es-MX" : "en";
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

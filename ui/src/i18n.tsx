import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

// UI text lives here, in Spanish (es-MX, the default) and English. Keys are typed, so a
// missing translation is a compile error rather than a blank label.
const messages = {
  "es-MX": {
    tagline: "Mesa de revisión de expedientes empresariales",
    language: "Idioma",
    switchTo: "English",
    loading: "Cargando…",
    backendUnavailable: "No se pudo comunicar con el proceso de la aplicación.",
    aboutTitle: "Acerca de",
    aboutBody:
      "KYB Desk es la mesa de trabajo del back office de incorporación de empresas: analistas revisan expedientes y solicitan correcciones, agentes crean expedientes y enlaces de enrolamiento, y supervisores dan seguimiento a verificaciones domiciliarias.",
    build: "Compilación",
  },
  en: {
    tagline: "Business onboarding file review desk",
    language: "Language",
    switchTo: "Español",
    loading: "Loading…",
    backendUnavailable: "Could not reach the application process.",
    aboutTitle: "About",
    aboutBody:
      "KYB Desk is the back-office desk for business onboarding: analysts review files and request corrections, agents create files and enrollment links, and supervisors follow home and workplace verifications.",
    build: "Build",
  },
} as const;

export type Locale = keyof typeof messages;
export type MessageKey = keyof (typeof messages)["es-MX"];

const STORAGE_KEY = "kyb-desk.locale";

function initialLocale(): Locale {
  const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
  return stored === "en" ? "en" : "es-MX";
}

interface I18n {
  locale: Locale;
  t: (key: MessageKey) => string;
  toggleLocale: () => void;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocale] = useState<Locale>(initialLocale);
  const toggleLocale = useCallback(() => {
    setLocale((current) => {
      const next: Locale = current === "es-MX" ? "en" : "es-MX";
      globalThis.localStorage?.setItem(STORAGE_KEY, next);
      document.documentElement.lang = next;
      return next;
    });
  }, []);
  const value = useMemo<I18n>(
    () => ({ locale, t: (key) => messages[locale][key], toggleLocale }),
    [locale, toggleLocale],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useI18n must be used inside <I18nProvider>");
  return i18n;
}

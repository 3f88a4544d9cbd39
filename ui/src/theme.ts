// Light or dark: the system's choice unless the user picked one. The choice is kept
// in localStorage; the effective theme is set as data-theme on <html>, which the one
// dark block of styles.css keys on.

export type ThemeChoice = "system" | "light" | "dark";

const STORAGE_KEY = "kyb-desk.theme";
const ORDER: ThemeChoice[] = ["system", "light", "dark"];

export function storedChoice(): ThemeChoice {
  const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
  return stored === "light" || stored === "dark" ? stored : "system";
}

export function nextChoice(choice: ThemeChoice): ThemeChoice {
  return ORDER[(ORDER.indexOf(choice) + 1) % ORDER.length] ?? "system";
}

function systemIsDark(): boolean {
  return globalThis.matchMedia?.("(prefers-color-scheme: dark)").matches ?? false;
}

export function effectiveTheme(choice: ThemeChoice): "light" | "dark" {
  if (choice === "system") return systemIsDark() ? "dark" : "light";
  return choice;
}

/** Applies and remembers `choice`; with "system", follows the system's changes too. */
export function applyTheme(choice: ThemeChoice): () => void {
  const root = document.documentElement;
  const apply = () => {
    root.dataset.theme = effectiveTheme(choice);
  };
  apply();
  if (choice === "system") globalThis.localStorage?.removeItem(STORAGE_KEY);
  else globalThis.localStorage?.setItem(STORAGE_KEY, choice);
  const media = globalThis.matchMedia?.("(prefers-color-scheme: dark)");
  if (choice !== "system" || !media) return () => {};
  media.addEventListener("change", apply);
  return () => media.removeEventListener("change", apply);
}

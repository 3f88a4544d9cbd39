// Light or dark: the system's choice unless the user picked one. The choice is one of
// the data folder's preferences (preferences.ts); the effective theme is set as
// data-theme on <html>, which the one dark block of styles.css keys on.
import type { ThemeChoice } from "./bindings/ThemeChoice";
import { preferences, setPreference } from "./preferences";

export type { ThemeChoice };

const ORDER: ThemeChoice[] = ["system", "light", "dark"];

export function storedChoice(): ThemeChoice {
  return preferences().theme;
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
  // Applying the kept choice (at start) writes nothing.
  if (choice !== storedChoice()) setPreference({ key: "theme", value: choice });
  const media = globalThis.matchMedia?.("(prefers-color-scheme: dark)");
  if (choice !== "system" || !media) return () => {};
  media.addEventListener("change", apply);
  return () => media.removeEventListener("change", apply);
}

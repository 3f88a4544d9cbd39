// The words of shortcuts/es-MX.ts that the first screen shows (its scripts use them), in Spanish (es-MX),
// among the core messages (../es-MX.ts), loaded before the first paint; the others load with the screens.
export const shortcutsFirstEsMX = {
  "keys.title": "Atajos de teclado",
};

export type ShortcutsFirstKey = keyof typeof shortcutsFirstEsMX;

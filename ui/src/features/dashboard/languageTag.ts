// uPlot builds a number format at import from `navigator.language`, which throws for a tag
// that is not BCP 47: WebKitGTK reports "C" on a desktop started with LANG=C, and the
// dashboard would not open. Imported before uPlot (BarChart.tsx): such a tag is replaced by
// the page's language for this window.
export function validLanguage(tag: string, fallback: string): string {
  try {
    new Intl.NumberFormat(tag);
    return tag;
  } catch {
    return fallback;
  }
}

const shown = validLanguage(navigator.language, document.documentElement.lang || "es-MX");
if (shown !== navigator.language) {
  Object.defineProperty(navigator, "language", { value: shown, configurable: true });
}

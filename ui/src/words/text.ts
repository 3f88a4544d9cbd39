/** Lower case without accents or repeated blanks: "  Panificadora  Óptima" matches
 * "panificadora optima". */
export function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/** Length as the service counts it: characters (code points), so "é" or an emoji is one. */
export function charCount(text: string): number {
  return [...text].length;
}

/** What the window writes for a value the service left missing (null, absent or blank). */
export const MISSING = "—";

/** A value as shown: its text, or {@link MISSING} when the service sent none. Numbers that
 * are not finite count as missing, so `NaN` never reaches the screen. */
export function shown(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return MISSING;
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : MISSING;
  if (typeof value === "boolean") return String(value);
  return value.trim() === "" ? MISSING : value;
}

/** The parts the service sent, blanks left out, joined by `separator`; {@link MISSING}
 * when none is left. */
export function shownParts(parts: (string | null | undefined)[], separator = " · "): string {
  return parts.filter((part) => part?.trim()).join(separator) || MISSING;
}

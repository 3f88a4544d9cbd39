/** Lower case without accents or repeated blanks: "  Panificadora  Óptima" matches
 * "panificadora optima". */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{Diacritic}/gu, "").replace(/\s+/g, " ").trim().toLowerCase();
}

/** Length as the service counts it: characters (code points), so "é" or an emoji is one. */
export function charCount(text: string): number {
  return [...text].length;
}

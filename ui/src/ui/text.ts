/** Lower case without accents or repeated blanks: "  Panificadora  Óptima" matches
 * "panificadora optima". */
export function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{Diacritic}/gu, "").replace(/\s+/g, " ").trim().toLowerCase();
}

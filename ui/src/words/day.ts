// A calendar day typed the way the user's language writes it (es-MX: 21/11/2026;
// en: 11/21/2026), read into YYYY-MM-DD. The browser's own date field follows the
// system's locale instead of the app's (WebKitGTK showed mm/dd/yyyy to a Spanish UI),
// so the app reads the day itself.

type Part = "day" | "month" | "year";

/** The order of day, month and year in `locale`'s numeric dates. */
export function dayOrder(locale: string): Part[] {
  const parts = new Intl.DateTimeFormat(locale, { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" }).formatToParts(Date.UTC(2026, 10, 21));
  return parts.filter((p): p is Intl.DateTimeFormatPart & { type: Part } => p.type === "day" || p.type === "month" || p.type === "year").map((p) => p.type);
}

/** How a day is written in `locale`, for a placeholder: "dd/mm/aaaa", "mm/dd/yyyy". */
export function dayPattern(locale: string, letters: Record<Part, string>): string {
  return dayOrder(locale)
    .map((part) => letters[part].repeat(part === "year" ? 4 : 2))
    .join("/");
}

/** The day `text` names, as YYYY-MM-DD; null when it is not a whole, real day. Any of
 * `/`, `-`, `.` or blanks separates the parts. */
export function readDay(text: string, locale: string): string | null {
  const pieces = text
    .trim()
    .split(/[/.\s-]+/)
    .filter(Boolean);
  if (pieces.length !== 3 || !pieces.every((p) => /^\d+$/.test(p))) return null;
  const order = dayOrder(locale);
  const value = (part: Part) => Number(pieces[order.indexOf(part)]);
  const [day, month, year] = [value("day"), value("month"), value("year")];
  if (year < 1000 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** A YYYY-MM-DD day written the way `locale` types it. */
export function writeDay(iso: string, locale: string): string {
  const [year, month, day] = iso.split("-");
  if (!year || !month || !day) return "";
  const value: Record<Part, string> = { day, month, year };
  return dayOrder(locale)
    .map((part) => value[part])
    .join("/");
}

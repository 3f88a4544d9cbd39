// How the window writes instants, times and quantities, in the UI's language. One helper
// per job, shared by every screen.
import { MISSING } from "./text";

/** The ways this file writes a date or an instant. */
const STYLES = {
  instant: { dateStyle: "medium", timeStyle: "short" },
  day: { dateStyle: "medium", timeZone: "UTC" },
  localDay: { dateStyle: "medium" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

// Building a formatter loads the locale's data (ICU) and costs far more than using one:
// a detail of 200 documents writes 400 days. One per style and locale, built once; the
// styles are the fixed ones above and the locales the UI's, so these stay few.
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

function dateFormat(locale: string, style: keyof typeof STYLES): Intl.DateTimeFormat {
  const key = `${style} ${locale}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, STYLES[style]);
    dateFormats.set(key, format);
  }
  return format;
}

function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: "auto", style: "short" });
    relativeFormats.set(locale, format);
  }
  return format;
}

/** "21 nov 2026, 03:30" in the system's time zone; null when absent or unreadable. */
export function formatLocal(iso: string | null, locale: string): string | null {
  const at = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(at)) return null;
  return dateFormat(locale, "instant").format(at);
}

/** A calendar day as the rest of the app writes it ("21 nov 2026"): a date alone
 * (YYYY-MM-DD, the day itself, no time zone applied) or an instant (its local day);
 * other text as it came (a date the spec does not describe is not guessed at); null
 * when absent. */
export function formatDay(value: string | null | undefined, locale: string): string | null {
  const text = value?.trim();
  if (!text) return null;
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (dateOnly) {
    const [, y, m, d] = dateOnly.map(Number);
    const at = Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1);
    return Number.isNaN(at) ? text : dateFormat(locale, "day").format(at);
  }
  const at = Date.parse(text);
  if (text.includes("T") && !Number.isNaN(at)) return dateFormat(locale, "localDay").format(at);
  return text;
}

/** An instant as shown: {@link formatLocal}, or {@link MISSING} when absent or unreadable. */
export function shownInstant(iso: string | null, locale: string): string {
  return formatLocal(iso, locale) ?? MISSING;
}

/** "hace 5 min" / "5 min ago", from an ISO instant. */
export function timeAgo(iso: string | null, now: number, locale: string): string | null {
  const at = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(at)) return null;
  const seconds = Math.round((at - now) / 1000);
  const format = relativeFormat(locale);
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ["second", 60],
    ["minute", 60],
    ["hour", 24],
    ["day", 30],
    ["month", 12],
  ];
  let value = seconds;
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return format.format(value, unit);
    value = Math.round(value / size);
  }
  return format.format(value, "year");
}

/** A time of day (hours and minutes) in the UI's language. */
export function timeOfDay(at: number, locale: string): string {
  return new Date(at).toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" });
}

/** The local calendar day of an instant, YYYY-MM-DD; "" when unreadable. */
export function localDay(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** A size in bytes as mebibytes with one decimal ("1.5"), for messages that add "MiB". */
export function mebibytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1);
}

/** A distance in whole metres: "120 m". */
export function meters(value: number): string {
  return `${Math.round(value)} m`;
}

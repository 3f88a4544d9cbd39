// The SLA policy's form as fields the user types, and back: what can only be a typing
// slip (a time that is not HH:MM, a date that is not a date) is told here in the user's
// words; every rule of the policy itself (bounds, order) is the backend's
// (kyb_desk_core::sla), whose problems `fieldOfProblem` places beside their field.
import type { SlaPolicy } from "../../bindings/SlaPolicy";
import type { SlaTargets } from "../../bindings/SlaTargets";
import type { MessageKey, Translate } from "../../i18n";

export const TARGETS = ["queuedHours", "inReviewHours", "enrollingHours", "enrollmentFailedHours", "unknownHours"] as const;
export type TargetField = (typeof TARGETS)[number];
/** Each target's label, chosen from a table: a renamed key is a compile error. */
export const TARGET_WORDS: Record<TargetField, MessageKey> = {
  queuedHours: "slaPolicy.queuedHours",
  inReviewHours: "slaPolicy.inReviewHours",
  enrollingHours: "slaPolicy.enrollingHours",
  enrollmentFailedHours: "slaPolicy.enrollmentFailedHours",
  unknownHours: "slaPolicy.unknownHours",
};
/** ISO weekdays, Monday 1 to Sunday 7, as the calendar keeps them. */
export const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const DAY_WORDS: Record<(typeof DAYS)[number], MessageKey> = {
  1: "slaPolicy.day.1",
  2: "slaPolicy.day.2",
  3: "slaPolicy.day.3",
  4: "slaPolicy.day.4",
  5: "slaPolicy.day.5",
  6: "slaPolicy.day.6",
  7: "slaPolicy.day.7",
};
export const MAX_TARGET_HOURS = 720;

export interface PolicyFields {
  targets: Record<TargetField, string>;
  atRiskHours: string;
  workingDays: number[];
  opens: string;
  closes: string;
  utcOffset: string;
  statutoryHolidays: boolean;
  daysOff: string;
}

export type FieldErrors = Partial<Record<keyof PolicyFields | TargetField, string>>;

function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

export function toFields(policy: SlaPolicy): PolicyFields {
  const targets = Object.fromEntries(TARGETS.map((f) => [f, policy.targets[f]?.toString() ?? ""])) as Record<TargetField, string>;
  const { calendar } = policy;
  return {
    targets,
    atRiskHours: String(policy.targets.atRiskHours),
    workingDays: [...calendar.workingDays],
    opens: clock(calendar.opensAtMinute),
    closes: clock(calendar.closesAtMinute),
    utcOffset: String(calendar.utcOffsetMinutes / 60),
    statutoryHolidays: calendar.statutoryHolidays,
    daysOff: calendar.daysOff.join("\n"),
  };
}

function minutes(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [h, m] = [Number(match[1]), Number(match[2])];
  if (m > 59 || h > 24 || (h === 24 && m > 0)) return null;
  return h * 60 + m;
}

function wholeHours(text: string): number | null {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
}

function isDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return day.toISOString().slice(0, 10) === text;
}

/** The policy the fields say, or what to fix, field by field. */
export function fromFields(fields: PolicyFields, t: Translate): { policy: SlaPolicy } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const targets = {} as Record<TargetField, number | null>;
  for (const field of TARGETS) {
    const text = fields.targets[field].trim();
    const hours = text === "" ? null : wholeHours(text);
    if (text !== "" && (hours === null || hours < 1 || hours > MAX_TARGET_HOURS)) {
      errors[field] = t("slaPolicy.err.hours", { field: t(TARGET_WORDS[field]), max: MAX_TARGET_HOURS });
    }
    targets[field] = hours;
  }
  const atRisk = wholeHours(fields.atRiskHours);
  if (atRisk === null || atRisk > 168) errors.atRiskHours = t("slaPolicy.err.atRisk");
  const opens = minutes(fields.opens);
  const closes = minutes(fields.closes);
  if (opens === null || opens === 1440) errors.opens = t("slaPolicy.err.time", { field: t("slaPolicy.opens") });
  if (closes === null) errors.closes = t("slaPolicy.err.time", { field: t("slaPolicy.closes") });
  else if (opens !== null && closes <= opens) errors.closes = t("slaPolicy.err.hoursOrder");
  const offset = Number(fields.utcOffset.trim().replace("−", "-"));
  if (fields.utcOffset.trim() === "" || !Number.isFinite(offset) || Math.abs(offset) > 14 || !Number.isInteger(offset * 4))
    errors.utcOffset = t("slaPolicy.err.offset");
  if (fields.workingDays.length === 0) errors.workingDays = t("slaPolicy.err.days");
  const daysOff = fields.daysOff
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const wrong = daysOff.find((line) => !isDate(line));
  if (wrong !== undefined) errors.daysOff = t("slaPolicy.err.dayOff", { line: wrong });
  if (Object.keys(errors).length > 0) return { errors };
  const slaTargets: SlaTargets = { ...targets, atRiskHours: atRisk ?? 0 };
  return {
    policy: {
      targets: slaTargets,
      calendar: {
        workingDays: [...fields.workingDays].sort((a, b) => a - b),
        opensAtMinute: opens ?? 0,
        closesAtMinute: closes ?? 0,
        utcOffsetMinutes: Math.round(offset * 60),
        statutoryHolidays: fields.statutoryHolidays,
        daysOff,
      },
    },
  };
}

/** The form's field a problem of the backend's belongs to (its field names are the
 * policy's camelCase ones). */
export function fieldOfProblem(field: string): keyof FieldErrors | null {
  if ((TARGETS as readonly string[]).includes(field)) return field as TargetField;
  const own: Record<string, keyof FieldErrors> = {
    atRiskHours: "atRiskHours",
    workingDays: "workingDays",
    closesAtMinute: "closes",
    opensAtMinute: "opens",
    utcOffsetMinutes: "utcOffset",
    daysOff: "daysOff",
  };
  return own[field] ?? null;
}

function isTarget(field: string): field is TargetField {
  return (TARGETS as readonly string[]).includes(field);
}

/** The user's words for a problem the backend found in a field. */
export function problemWords(field: keyof FieldErrors, limit: number | null, t: Translate): string {
  if (isTarget(field)) return t("slaPolicy.err.hours", { field: t(TARGET_WORDS[field]), max: MAX_TARGET_HOURS });
  switch (field) {
    case "atRiskHours":
      return t("slaPolicy.err.atRisk");
    case "workingDays":
      return t("slaPolicy.err.days");
    case "closes":
    case "opens":
      return t("slaPolicy.err.hoursOrder");
    case "utcOffset":
      return t("slaPolicy.err.offset");
    default:
      return t("slaPolicy.err.tooManyDaysOff", { limit: limit ?? 366 });
  }
}

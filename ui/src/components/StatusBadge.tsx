import type { StatusCategory } from "../bindings/StatusCategory";
import { type MessageKey, type Translate, useI18n } from "../i18n";
import { MISSING } from "../words/text";
import "./StatusBadge.css";

/** Each status category's words: the one wording of a file status, used by every badge
 * and by the watchlist's filter and overview alike. */
export const CATEGORY_WORDS: Record<StatusCategory, MessageKey> = {
  entering: "category.entering",
  queued: "category.queued",
  in_review: "category.in_review",
  with_user: "category.with_user",
  enrolling: "category.enrolling",
  enrollment_failed: "category.enrollment_failed",
  approved: "category.approved",
  closed: "category.closed",
  unknown: "category.unknown",
};

/** The categories in the order a file moves through them. */
export const CATEGORIES: StatusCategory[] = ["entering", "queued", "in_review", "with_user", "enrolling", "enrollment_failed", "approved", "closed", "unknown"];

/** A file status in the user's words: its category's, or, for a status the spec does
 * not list, the service's own. */
export function statusWords(status: string, category: StatusCategory | null, t: Translate): string {
  return category && category !== "unknown" ? t(CATEGORY_WORDS[category]) : status;
}

/** A file status, coloured by what it means; the service's own name in its title. */
export function StatusBadge({ status, category }: { status: string | null; category: StatusCategory | null }) {
  const { t } = useI18n();
  if (!status) return <span className="muted">{MISSING}</span>;
  return (
    <span className={`status status-${category ?? "unknown"}`} title={status}>
      {statusWords(status, category, t)}
    </span>
  );
}

import { useI18n } from "../../i18n";

/** What keeps a correction from being sent: all of it at the top of the review, or a
 * section's own beside it (`compact`). */
export function ProblemList({ problems: list, compact = false }: { problems: string[]; compact?: boolean }) {
  const { t } = useI18n();
  return (
    <div role="alert" className={`notice notice-error${compact ? " compact" : ""}`} data-testid="review-problems">
      {!compact && <strong>{t("review.fixFirst")}</strong>}
      <ul className="notice-details">
        {list.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
    </div>
  );
}

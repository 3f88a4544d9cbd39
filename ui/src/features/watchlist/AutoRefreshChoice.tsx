import { useQuery } from "@tanstack/react-query";
import { queries } from "../../api/queries";
import { useI18n } from "../../i18n";
import { timeOfDay } from "../../words/format";
import { AUTO_REFRESH_MINUTES, type AutoRefreshMinutes } from "./useAutoRefresh";

/** The automatic refresh's interval, and when the next one is due. */
export function AutoRefreshChoice(props: { minutes: AutoRefreshMinutes; nextAt: number | null; onChange: (minutes: AutoRefreshMinutes) => void }) {
  const { t, locale } = useI18n();
  // The choices the company's policy leaves (its minimum frequency said beside them).
  const rule = useQuery(queries.policy()).data?.autoRefresh;
  const choices = rule?.choices ?? AUTO_REFRESH_MINUTES;
  return (
    <>
      <select
        className="input"
        value={props.minutes}
        aria-label={t("auto.label")}
        data-testid="auto-refresh"
        onChange={(e) => props.onChange(Number(e.target.value) as AutoRefreshMinutes)}
      >
        {choices.map((m) => (
          <option key={m} value={m}>
            {m === 0 ? t("auto.off") : t("auto.every", { n: m })}
          </option>
        ))}
      </select>
      {rule?.minimum != null && (
        <span className="muted small" data-testid="auto-policy">
          {t("policy.fixed")}: {t("policy.autoRefresh", { n: rule.minimum })}
        </span>
      )}
      {props.nextAt !== null && (
        <span className="muted small" data-testid="auto-next">
          {/* One due while the window was hidden runs as soon as it is shown: now. */}
          {t("auto.next", { time: timeOfDay(Math.max(props.nextAt, Date.now()), locale) })}
        </span>
      )}
    </>
  );
}

import type { Finding } from "../../bindings/Finding";
import type { RiskSummary as Summary } from "../../bindings/RiskSummary";
import { useI18n } from "../../i18n";
import { badges, findingLabel, findingText, SEVERITY_TONE, severityLabel } from "./findings";
import "../../i18n/evidence";

/** A section row's findings, one badge per kind, so a flagged section cannot go unseen. */
export function FindingBadges({ findings }: { findings: Finding[] }) {
  const { t } = useI18n();
  if (findings.length === 0) return null;
  return (
    <span className="finding-badges" data-testid="finding-badges">
      {badges(findings).map((badge) => (
        <span
          key={badge.kind}
          className={`chip chip-${SEVERITY_TONE[badge.severity]}`}
          title={findings
            .filter((f) => f.kind === badge.kind)
            .map((f) => findingText(f, t))
            .join("\n")}
          data-testid="finding-badge"
          data-kind={badge.kind}
          data-severity={badge.severity}
        >
          {findingLabel({ kind: badge.kind, count: badge.count }, t)}
        </span>
      ))}
    </span>
  );
}

/** The file's risk at a glance: its level and how many findings of each severity, with the
 * key that walks them. */
export function RiskSummary({ summary, walkable = true }: { summary: Summary /** `n` walks the findings here (the review). */; walkable?: boolean }) {
  const { t } = useI18n();
  if (summary.level === null)
    return (
      <span className="risk-summary muted small" data-testid="risk-summary" data-level="none">
        {t("risk.none")}
      </span>
    );
  const counts = t("risk.counts", { high: summary.high, medium: summary.medium, low: summary.low, sections: summary.sectionsFlagged });
  return (
    <span className="risk-summary" data-testid="risk-summary" data-level={summary.level} title={walkable ? `${counts}\n${t("risk.nextHint")}` : counts}>
      <span className={`chip chip-${SEVERITY_TONE[summary.level]}`}>
        {t("risk.level", { level: severityLabel(summary.level, t) })} · {t("risk.findings", { n: summary.high + summary.medium + summary.low })}
      </span>
      <span className="visually-hidden">{counts}</span>
      {walkable && <kbd>n</kbd>}
    </span>
  );
}

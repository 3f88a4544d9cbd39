// At the top of the watchlist: files per status and per age since their last change,
// each count a button that filters the list (again: the filter is cleared).
import type { ReactNode } from "react";

import type { StatusCategory } from "../../bindings/StatusCategory";
import type { WatchedFile } from "../../bindings/WatchedFile";
import { CATEGORY_WORDS } from "../../components/StatusBadge";
import { type MessageKey, useI18n } from "../../i18n";
import type { Filter } from "./model";
import { type AgeBucket, overview } from "./overview";

const AGE_WORDS: Record<AgeBucket, MessageKey> = {
  today: "overview.today",
  days1to3: "overview.days1to3",
  days4to7: "overview.days4to7",
  older: "overview.older",
  unknown: "overview.unknown",
};

/** `children`: more groups of counts after these (the SLA's). */
export function StatusOverview(props: { files: WatchedFile[]; now: number; filter: Filter; onFilter: (filter: Filter) => void; children?: ReactNode }) {
  const { t } = useI18n();
  const { files, filter, onFilter } = props;
  if (files.length === 0) return null;
  const seen = overview(files, props.now);
  const chosen = filter.categories.length === 1 ? filter.categories[0] : null;
  const byStatus = (category: StatusCategory) => onFilter({ ...filter, categories: chosen === category ? [] : [category] });
  const byAge = (bucket: AgeBucket) => onFilter({ ...filter, age: filter.age === bucket ? null : bucket });
  return (
    <section className="overview" aria-label={t("overview.title")} data-testid="status-overview">
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset's own box would change the strip's layout; role="group" names the same grouping. */}
      <div className="overview-group" role="group" aria-label={t("overview.byStatus")}>
        {seen.statuses.map(({ category, count }) => (
          <button
            key={category}
            type="button"
            className={`overview-item status-${category}`}
            aria-pressed={chosen === category}
            onClick={() => byStatus(category)}
            data-testid="overview-status"
          >
            <strong>{count}</strong> {t(CATEGORY_WORDS[category])}
          </button>
        ))}
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: as above. */}
      <div className="overview-group" role="group" aria-label={t("overview.byAge")}>
        <span className="muted small">{t("overview.byAge")}:</span>
        {seen.ages.map(({ bucket, count }) => (
          <button
            key={bucket}
            type="button"
            className="overview-item"
            aria-pressed={filter.age === bucket}
            disabled={count === 0 && filter.age !== bucket}
            onClick={() => byAge(bucket)}
            data-testid="overview-age"
          >
            <strong>{count}</strong> {t(AGE_WORDS[bucket])}
          </button>
        ))}
      </div>
      {props.children}
    </section>
  );
}

// The queue's SLA: a row's cell and the overview's counts (each a filter); the notice of
// the analyst's files about to breach is the app's (features/sla/SlaNotices). A state is
// said in words and a sign, never by its colour alone.
import type { SlaBoard } from "../../bindings/SlaBoard";
import type { SlaClock } from "../../bindings/SlaClock";
import type { SlaState } from "../../bindings/SlaState";
import type { WatchedFile } from "../../bindings/WatchedFile";
import { useI18n } from "../../i18n";
import { formatLocal } from "../../words/format";
import { MISSING } from "../../words/text";
import { type SlaFilter, STATE_WORDS, slaDetail } from "./sla";
import "./sla.css";

// Signs every common font draws ("⏸" is missing from many, and showed as a box).
const SIGNS: Record<SlaState, string> = { on_time: "✓", at_risk: "⚠", breached: "✕", paused: "‖", stopped: "■", none: "" };

export function SlaCell({ clock, file }: { clock: SlaClock | undefined; file: WatchedFile }) {
  const { t, locale } = useI18n();
  const word = clock ? STATE_WORDS[clock.state] : null;
  if (!clock || !word)
    return (
      <span className="muted" title={clock ? t("sla.noTarget") : undefined}>
        {MISSING}
      </span>
    );
  const detail = slaDetail(clock, file, t);
  const due = formatLocal(clock.dueAt, locale);
  // The whole of it on hover: the cell's second line may be cut in a narrow column.
  const title = [detail, due ? t("sla.dueTitle", { when: due }) : null].filter(Boolean).join(" · ");
  return (
    <span className={`sla sla-${clock.state}`} title={title || undefined} data-testid="row-sla" data-state={clock.state}>
      <span className="sla-word">
        <span aria-hidden="true">{SIGNS[clock.state]} </span>
        {t(word)}
      </span>
      {detail && <span className="row-second">{detail}</span>}
    </span>
  );
}

/** "Vencidos" and "por vencer" in the overview; each a filter, again: cleared. */
export function SlaOverview(props: { board: SlaBoard | undefined; filter: SlaFilter | null; onFilter: (filter: SlaFilter | null) => void }) {
  const { t } = useI18n();
  if (!props.board) return null;
  const counts: { state: SlaFilter; n: number; word: string }[] = [
    { state: "breached", n: props.board.breached, word: t("sla.overviewBreached", { n: props.board.breached }) },
    { state: "at_risk", n: props.board.atRisk, word: t("sla.overviewAtRisk") },
  ];
  return (
    // biome-ignore lint/a11y/useSemanticElements: as the overview's other groups, a fieldset's box would change the strip's layout.
    <div className="overview-group" role="group" aria-label={t("sla.overview")}>
      <span className="muted small">{t("sla.overview")}:</span>
      {counts.map(({ state, n, word }) => (
        <button
          key={state}
          type="button"
          className={`overview-item sla-${state}`}
          aria-pressed={props.filter === state}
          disabled={n === 0 && props.filter !== state}
          onClick={() => props.onFilter(props.filter === state ? null : state)}
          data-testid={`overview-sla-${state}`}
        >
          <span aria-hidden="true">{SIGNS[state]} </span>
          <strong>{n}</strong> {word}
        </button>
      ))}
    </div>
  );
}

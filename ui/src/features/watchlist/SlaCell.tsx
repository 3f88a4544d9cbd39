// The queue's SLA: a row's cell, the overview's counts (each a filter), and the notice
// of the analyst's files about to breach. A state is said in words and a sign, never by
// its colour alone.
import type { FileClock } from "../../bindings/FileClock";
import type { SlaBoard } from "../../bindings/SlaBoard";
import type { SlaClock } from "../../bindings/SlaClock";
import type { SlaState } from "../../bindings/SlaState";
import type { WatchedFile } from "../../bindings/WatchedFile";
import { useI18n } from "../../i18n";
import { formatLocal } from "../../words/format";
import { MISSING } from "../../words/text";
import { type SlaFilter, STATE_WORDS, slaDetail } from "./sla";
import "./sla.css";

const SIGNS: Record<SlaState, string> = { on_time: "✓", at_risk: "⚠", breached: "✕", paused: "⏸", stopped: "■", none: "" };

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
  return (
    <span className={`sla sla-${clock.state}`} title={due ? t("sla.dueTitle", { when: due }) : undefined} data-testid="row-sla" data-state={clock.state}>
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

/** The analyst's files newly about to breach, until they close the notice. */
export function SlaNotice(props: { files: FileClock[]; onShow: () => void; onDismiss: () => void }) {
  const { t } = useI18n();
  if (props.files.length === 0) return null;
  const names = props.files.map((f) => f.rfc).join(", ");
  return (
    <div className="notice notice-warn" role="alert" data-testid="sla-notice">
      <span>
        <span aria-hidden="true">⚠ </span>
        {props.files.length === 1 ? t("sla.notice.one", { files: names }) : t("sla.notice.other", { n: props.files.length, files: names })}
      </span>
      <button type="button" className="button small" onClick={props.onShow} data-testid="sla-notice-show">
        {t("sla.notice.show")}
      </button>
      <button type="button" className="button-quiet small" onClick={props.onDismiss} data-testid="sla-notice-dismiss">
        {t("sla.notice.dismiss")}
      </button>
    </div>
  );
}

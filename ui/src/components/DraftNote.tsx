import type { DraftState } from "../hooks/useDraft";
import { useI18n } from "../i18n";
import { errorSummary } from "../words/errorWords";
import { formatLocal } from "../words/format";

/** One line on where the typed work stands: saved (when), recovered, or not saved and
 * why; `note` says something else for a moment (the work was just thrown away). */
export function DraftNote(props: { state: DraftState; note?: string | null; className?: string }) {
  const { t, locale } = useI18n();
  const { state } = props;
  const text = state.error
    ? t("draft.failed", { reason: errorSummary(state.error, t) })
    : props.note
      ? props.note
      : state.savedAt
        ? t(state.restored ? "draft.restored" : "draft.saved", { time: formatLocal(state.savedAt, locale) ?? "" })
        : "";
  return (
    <span className={`muted ${props.className ?? ""}${state.error ? " draft-failed" : ""}`} data-testid="draft-status" aria-live="polite">
      {text}
    </span>
  );
}

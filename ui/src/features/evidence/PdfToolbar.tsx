import { useI18n } from "../../i18n";
import type { Action, Fit } from "./viewerModel";
import "../../i18n/evidence";

export interface PdfToolbarProps {
  page: number;
  /** 0 while no document is open: every control waits. */
  pageCount: number;
  zoom: number;
  fit: Fit;
  act: (action: Action) => void;
}

/** The viewer's buttons, each named for a screen reader and showing its keys in a tooltip
 * and in `aria-keyshortcuts` (the keys themselves are handled by the viewer's region). */
export function PdfToolbar({ page, pageCount, zoom, fit, act }: PdfToolbarProps) {
  const { t } = useI18n();
  const ready = pageCount > 0;
  const percent = Math.round(zoom * 100);
  return (
    <div className="pdf-toolbar" role="toolbar" aria-label={t("viewer.toolbar")}>
      <button
        type="button"
        className="button-quiet"
        onClick={() => act("first")}
        disabled={!ready || page <= 1}
        aria-label={t("viewer.first")}
        title={t("viewer.first.keys")}
        aria-keyshortcuts="Home"
      >
        «
      </button>
      <button
        type="button"
        className="button-quiet"
        onClick={() => act("previous")}
        disabled={!ready || page <= 1}
        aria-label={t("viewer.previous")}
        title={t("viewer.previous.keys")}
        aria-keyshortcuts="PageUp ["
      >
        ‹
      </button>
      <span className="pdf-pages" data-testid="pdf-pages" aria-live="polite">
        {ready ? t("viewer.pages", { page: page, n: pageCount }) : "—"}
      </span>
      <button
        type="button"
        className="button-quiet"
        onClick={() => act("next")}
        disabled={!ready || page >= pageCount}
        aria-label={t("viewer.next")}
        title={t("viewer.next.keys")}
        aria-keyshortcuts="PageDown ]"
      >
        ›
      </button>
      <button
        type="button"
        className="button-quiet"
        onClick={() => act("last")}
        disabled={!ready || page >= pageCount}
        aria-label={t("viewer.last")}
        title={t("viewer.last.keys")}
        aria-keyshortcuts="End"
      >
        »
      </button>
      <span className="pdf-toolbar-gap" />
      <button
        type="button"
        className="button-quiet"
        onClick={() => act("zoomOut")}
        disabled={!ready}
        aria-label={t("viewer.zoomOut")}
        title={t("viewer.zoomOut.keys")}
        aria-keyshortcuts="-"
      >
        −
      </button>
      <span className="pdf-zoom" data-testid="pdf-zoom">
        {t("viewer.zoom", { percent })}
      </span>
      <button
        type="button"
        className="button-quiet"
        onClick={() => act("zoomIn")}
        disabled={!ready}
        aria-label={t("viewer.zoomIn")}
        title={t("viewer.zoomIn.keys")}
        aria-keyshortcuts="+"
      >
        +
      </button>
      <button
        type="button"
        className="button-quiet"
        onClick={() => act("fitWidth")}
        disabled={!ready}
        aria-label={t("viewer.fitWidth")}
        aria-pressed={fit.kind === "width"}
        title={t("viewer.fitWidth.keys")}
        aria-keyshortcuts="W"
      >
        {t("viewer.fitWidth.short")}
      </button>
      <button
        type="button"
        className="button-quiet"
        onClick={() => act("fitPage")}
        disabled={!ready}
        aria-label={t("viewer.fitPage")}
        aria-pressed={fit.kind === "page"}
        title={t("viewer.fitPage.keys")}
        aria-keyshortcuts="F"
      >
        {t("viewer.fitPage.short")}
      </button>
    </div>
  );
}

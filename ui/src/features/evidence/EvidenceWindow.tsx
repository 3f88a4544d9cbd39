import { useEffect, useState } from "react";

import { evidenceView, onEvidenceShown } from "../../api/backend";
import { ScreenBoundary } from "../../components/ScreenBoundary";
import { useI18n } from "../../i18n";
import { EvidencePane } from "./EvidencePane";
import type { SectionView } from "./view";
import "../../i18n/evidence";

/** The evidence window's whole page: the section the review shows, followed as the
 * analyst moves (j/k), from what the review last told it and each change after. */
export function EvidenceWindow() {
  const { t } = useI18n();
  const [view, setView] = useState<SectionView | null>(null);
  useEffect(() => {
    let live = true;
    // Listening first, so a change told while the last view is read is not missed.
    const stop = onEvidenceShown((next) => live && setView(next));
    evidenceView().then(
      (last) => live && last && setView((now) => now ?? last),
      () => undefined,
    );
    return () => {
      live = false;
      stop();
    };
  }, []);
  useEffect(() => {
    document.title = [view?.label, view?.company, t("evidence.windowTitle")].filter(Boolean).join(" · ");
  }, [view, t]);
  return (
    <main className="evidence-window" data-testid="evidence-window-page">
      <header className="evidence-window-head">
        {view?.company && (
          <p className="evidence-company" data-testid="evidence-company">
            {view.company}
          </p>
        )}
        {/* Its keys, said where they act: with the focus in a document (a click on it, or Tab). */}
        <p className="muted small evidence-window-keys" data-testid="evidence-window-keys">
          {t("evidence.windowKeys")}
        </p>
      </header>
      {view ? (
        // A pane that fails says so; the window stays, and the next section shows.
        <ScreenBoundary resetKey={view.section?.section ?? view.label}>
          <EvidencePane view={view} />
        </ScreenBoundary>
      ) : (
        <p className="empty" data-testid="evidence-window-waiting">
          {t("evidence.windowWaiting")}
        </p>
      )}
    </main>
  );
}

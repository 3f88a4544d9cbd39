// The demo's "try this" panel: short walks through the demo world (one review, one
// enrollment link, one resend), each one click away, those of the user's role only.
// The leads come from the backend, which chose the demo's files (see the core's
// `demo.rs`); outside the demo there are none and the panel is not drawn. It stays
// compact above the watchlist: it folds to its title line (remembered), and a walk
// whose last step was reached is marked done (see `tours.ts`).
import { useState } from "react";

import type { DemoGuide } from "../../bindings/DemoGuide";
import type { GuideFile } from "../../bindings/GuideFile";
import { useI18n } from "../../i18n";
import { preferences, setPreference } from "../../preferences";
import { statusWords } from "../verifications/words";
import { type Tour, useToursDone } from "./tours";
import "./guide.css";

export interface TryThisActions {
  review: (file: GuideFile) => void;
  enrollment: (file: GuideFile) => void;
  resend: (folio: string) => void;
  dismiss: () => void;
}

export function TryThis({ guide, tours, on }: { guide: DemoGuide; tours: readonly Tour[]; on: TryThisActions }) {
  const { t } = useI18n();
  const done = useToursDone();
  const [folded, setFolded] = useState(() => preferences().guideFolded);
  const fold = (next: boolean) => {
    setFolded(next);
    setPreference({ key: "guideFolded", value: next });
  };
  // The resend's folio in the words of its own status, as the demo holds it.
  const resendStatus = guide.folios.find((f) => f.folio === guide.resendFolio)?.status ?? null;
  const doneCount = tours.filter((tour) => done.has(tour)).length;
  if (tours.length === 0) return null;
  const step = (tour: Tour, title: string, text: string, go: string, onGo: () => void) => {
    const isDone = done.has(tour);
    return (
      <li key={tour} data-tour={tour} data-done={isDone}>
        <strong>
          {title}
          {isDone && (
            <span className="chip chip-ok try-this-done" data-testid="tour-done">
              {t("guide.done")}
            </span>
          )}
        </strong>
        <span>{text}</span>
        <button type="button" className={isDone ? "button-quiet small" : "button small"} onClick={onGo} data-testid={`try-${tour}`}>
          {go}
        </button>
      </li>
    );
  };
  return (
    <section className="try-this" aria-labelledby="try-this-title" data-testid="try-this">
      <header className="try-this-head">
        <h3 id="try-this-title">{t("guide.title")}</h3>
        <span className="chip" data-testid="try-this-progress">
          {t("guide.progress", { done: doneCount, total: tours.length })}
        </span>
        <span className="try-this-intro grow">{t("guide.intro")}</span>
        <button
          type="button"
          className="button-quiet small"
          aria-expanded={!folded}
          aria-controls="try-this-steps"
          onClick={() => fold(!folded)}
          data-testid="try-this-fold"
        >
          {folded ? t("guide.unfold") : t("guide.fold")}
        </button>
        <button type="button" className="button-quiet small" onClick={on.dismiss} title={t("guide.hideTitle")} data-testid="try-this-hide">
          {t("guide.hide")}
        </button>
      </header>
      {!folded && (
        <div id="try-this-steps">
          <ol className="try-this-steps">
            {tours.map((tour) => {
              if (tour === "review")
                return step(tour, t("guide.review.title"), t("guide.review.text", { company: guide.review.company }), t("guide.review.go"), () =>
                  on.review(guide.review),
                );
              if (tour === "enrollment")
                return step(
                  tour,
                  t("guide.enrollment.title"),
                  t("guide.enrollment.text", { company: guide.enrollment.company }),
                  t("guide.enrollment.go"),
                  () => on.enrollment(guide.enrollment),
                );
              return step(
                tour,
                t("guide.resend.title"),
                t("guide.resend.text", { folio: guide.resendFolio, status: statusWords(resendStatus, t) }),
                t("guide.resend.go"),
                () => on.resend(guide.resendFolio),
              );
            })}
          </ol>
        </div>
      )}
    </section>
  );
}

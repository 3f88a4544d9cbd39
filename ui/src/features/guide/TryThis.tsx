// The demo's "try this" panel: three short walks through the demo world (one review,
// one enrollment link, one resend), each one click away. The leads come from the
// backend, which chose the demo's files (see the core's `demo.rs`); outside the demo
// there are none and the panel is not drawn.
import type { DemoGuide } from "../../bindings/DemoGuide";
import type { GuideFile } from "../../bindings/GuideFile";
import { useI18n } from "../../i18n";
import "./guide.css";

export interface TryThisActions {
  review: (file: GuideFile) => void;
  enrollment: (file: GuideFile) => void;
  resend: (folio: string) => void;
  dismiss: () => void;
}

export function TryThis({ guide, on }: { guide: DemoGuide; on: TryThisActions }) {
  const { t } = useI18n();
  return (
    <section className="try-this" aria-labelledby="try-this-title" data-testid="try-this">
      <header className="try-this-head">
        <h3 id="try-this-title">{t("guide.title")}</h3>
        <button type="button" className="button-quiet small" onClick={on.dismiss} data-testid="try-this-hide">
          {t("guide.hide")}
        </button>
      </header>
      <p className="try-this-intro">{t("guide.intro")}</p>
      <ol className="try-this-steps">
        <li>
          <strong>{t("guide.review.title")}</strong>
          <span>{t("guide.review.text", { company: guide.review.company })}</span>
          <button type="button" className="button-primary small" onClick={() => on.review(guide.review)} data-testid="try-review">
            {t("guide.review.go")}
          </button>
        </li>
        <li>
          <strong>{t("guide.enrollment.title")}</strong>
          <span>{t("guide.enrollment.text", { company: guide.enrollment.company })}</span>
          <button type="button" className="button small" onClick={() => on.enrollment(guide.enrollment)} data-testid="try-enrollment">
            {t("guide.enrollment.go")}
          </button>
        </li>
        <li>
          <strong>{t("guide.resend.title")}</strong>
          <span>{t("guide.resend.text", { folio: guide.resendFolio })}</span>
          <button type="button" className="button small" onClick={() => on.resend(guide.resendFolio)} data-testid="try-resend">
            {t("guide.resend.go")}
          </button>
        </li>
      </ol>
    </section>
  );
}

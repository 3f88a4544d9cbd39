// The demo's verifications, one per status, offered on the verifications screen so a
// newcomer never has to know a folio.
import type { GuideFolio } from "../../bindings/GuideFolio";
import { useI18n } from "../../i18n";
import { statusWords } from "../verifications/words";
import "./guide.css";

export function DemoFolios({ folios, onPick }: { folios: GuideFolio[]; onPick: (folio: string) => void }) {
  const { t } = useI18n();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset's own box would change the layout; role="group" names the same grouping.
    <div className="demo-folios" role="group" aria-label={t("guide.folios")} data-testid="demo-folios">
      <span className="muted">{t("guide.folios")}:</span>
      {folios.map((f) => (
        <button key={f.folio} type="button" className="tag tag-button" onClick={() => onPick(f.folio)} data-folio={f.folio}>
          {f.folio} · {statusWords(f.status, t)}
        </button>
      ))}
    </div>
  );
}

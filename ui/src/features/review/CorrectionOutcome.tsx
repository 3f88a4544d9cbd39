import { type ReactNode, useEffect, useRef } from "react";

import type { CorrectionResult } from "../../bindings/CorrectionResult";
import type { TrackedSection } from "../../bindings/TrackedSection";
import { CopyButton } from "../../components/CopyButton";
import { OpenLinkButton } from "../../components/OpenLinkButton";
import { SectionName } from "../../components/SectionName";
import { useI18n } from "../../i18n";
import { shownInstant } from "../../words/format";
import { MISSING, shown } from "../../words/text";
import { ServiceWord } from "../detail/ServiceWord";
import { trackedId } from "../sections";
import { hasVerdict } from "./model";

/** What the service did with the request: counts, affected entities, the notification,
 * the correction link and every warning. Each section is named from the file's tracked
 * sections (`sections`) when they list it, else shown as the service sent it. */
export function CorrectionOutcome({
  result,
  sections,
  onDone,
  next,
}: {
  result: CorrectionResult;
  sections: TrackedSection[];
  onDone: () => void;
  /** The offer of the next file to review, beside going back. */
  next?: ReactNode;
}) {
  const { t, locale } = useI18n();
  const link = result.linkCorreccion;
  const summary = result.resumen;
  const affected = summary?.entidadesAfectadas;
  // The answer replaces a review that was scrolled down to its preview: the screen goes
  // back to its top, so the answer is read from its title, and the focus goes there.
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const heading = title.current;
    heading?.closest(".content")?.scrollTo?.({ top: 0 });
    heading?.focus();
  }, []);
  return (
    <div className="card outcome" data-testid="correction-result" role="status">
      <h3 ref={title} tabIndex={-1} data-testid="result-title">
        {t("result.title")}
      </h3>
      <div className="outcome-counts">
        <span className="chip chip-ok" data-testid="result-accepted">
          {t("result.accepted", { n: shown(summary?.aceptadas) })}
        </span>
        <span className="chip chip-danger" data-testid="result-rejected">
          {t("result.rejected", { n: shown(summary?.rechazadas) })}
        </span>
      </div>
      <p>
        {t("result.entities", {
          representantes: shown(affected?.representantes),
          sucursales: shown(affected?.sucursales),
          expediente: shown(affected?.expediente),
        })}
      </p>
      <p data-testid="result-notification">
        {result.notificacionEnviada === null ? t("result.notificationUnknown") : result.notificacionEnviada ? t("result.notified") : t("result.notNotified")}
      </p>
      {link && (
        <div className="outcome-link">
          <span className="muted">{t("result.link")}</span>
          <code className="mono" data-testid="correction-link">
            {link}
          </code>
          <CopyButton text={link} testId="copy-link" />
          <OpenLinkButton url={link}>{t("result.open")}</OpenLinkButton>
        </div>
      )}
      {result.warnings.length > 0 && (
        <div className="notice notice-warn" role="note" data-testid="result-warnings">
          <strong>{t("result.warnings")}</strong>
          <ul className="notice-details">
            {result.warnings.map((w, i) => (
              <li key={`${w}-${i}`}>{w}</li>
            ))}
          </ul>
        </div>
      )}
      <table className="grid-table">
        <thead>
          <tr>
            <th>{t("result.section")}</th>
            <th>{t("result.verdict")}</th>
            <th>{t("result.resolvedTo")}</th>
            <th>{t("updated")}</th>
          </tr>
        </thead>
        <tbody>
          {result.secciones.map((s, i) => (
            <tr key={`${s.seccion}-${i}`}>
              <td>{s.seccion ? <SectionName id={s.seccion} sectionId={trackedId(sections, s.seccion)} /> : shown(null)}</td>
              <td>
                <span className={`chip ${!s.estatus ? "chip-neutral" : hasVerdict(s.estatus, "Rechazada") ? "chip-danger" : "chip-ok"}`}>
                  {s.estatus ? <ServiceWord field="decision" value={s.estatus} /> : shown(null)}
                </span>
                {s.comentario && <div className="section-comments">{s.comentario}</div>}
              </td>
              <td>
                {s.entidadesResueltas.length === 0
                  ? MISSING
                  : s.entidadesResueltas.map((e, n) => (
                      <div key={`${e.id}-${n}`}>
                        {shown(e.referencia ?? e.id)} <span className="muted">({shown(e.coincidencia)})</span>
                      </div>
                    ))}
              </td>
              <td>{shownInstant(s.fechaActualizacion, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="dialog-actions">
        {next}
        <button type="button" className="button-primary" onClick={onDone} data-testid="result-done">
          {t("result.backToTracking")}
        </button>
      </div>
    </div>
  );
}

import { useEffect, useRef } from "react";
import type { AppError } from "../../bindings/AppError";
import type { CorrectionRequest } from "../../bindings/CorrectionRequest";
import type { Locale } from "../../bindings/Locale";
import type { TrackedSection } from "../../bindings/TrackedSection";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Modal } from "../../components/Modal";
import { SectionName } from "../../components/SectionName";
import { useI18n } from "../../i18n";
import { trackedId } from "../sections";
import { hasVerdict, willNotify } from "./model";
import { OutcomeUnknown, type Unknown } from "./OutcomeUnknown";

/** Exactly what will be sent (the request body, as JSON, as the backend built it from
 * the saved draft), what the end user will be told and in which language they read it.
 * The focus starts on "keep editing", the safe choice: Tab then Enter sends, Escape goes
 * back to editing.
 *
 * After a request whose outcome is unknown, nothing is sent while the tracking is read
 * again; then the button offers to send again, and when the tracking could not be read,
 * only after a second, explicit confirmation. */
export function CorrectionPreview(props: {
  request: CorrectionRequest;
  /** The draft changed since the preview the analyst last saw: this is what it makes now. */
  changed: boolean;
  /** The file's tracked sections, to name the sections of the request. */
  sections: TrackedSection[];
  /** The language the customer reads. */
  customer: Locale;
  /** The sections left undecided: they are not sent. */
  undecided: string[];
  sending: boolean;
  error: AppError | null;
  unknown: Unknown | null;
  onSend: () => void;
  onArm: () => void;
  onReread: () => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const { request, unknown } = props;
  const reading = unknown?.reread.state === "reading";
  const blind = unknown?.reread.state === "failed";
  const busy = props.sending || reading;
  // The fresh tracking shows the decisions in place: sending again is the quiet choice.
  const applied = unknown?.reread.state === "read" && unknown.reread.rows.every((row) => row.applied);
  const keepEditing = useRef<HTMLButtonElement>(null);
  // The buttons were disabled while the tracking was read: the safe one takes the focus back.
  const wasReading = useRef(reading);
  useEffect(() => {
    if (wasReading.current && !reading) keepEditing.current?.focus();
    wasReading.current = reading;
  }, [reading]);

  const label = props.sending
    ? t("preview.sending")
    : !unknown
      ? t("preview.send")
      : blind && !unknown.armed
        ? t("preview.sendAgainAsk")
        : blind
          ? t("preview.sendAgainConfirm")
          : t("preview.sendAgain");
  const rejected = request.secciones.filter((s) => hasVerdict(s.estatus, "Rechazada"));
  const notify = willNotify(request);
  return (
    <Modal labelledBy="preview-title" initialFocus={keepEditing} busy={busy} onCancel={props.onCancel} testId="preview">
      <h3 id="preview-title">{t("preview.title")}</h3>
      {props.changed && (
        <div className="notice notice-warn" role="alert" data-testid="preview-changed">
          {t("preview.changed")}
        </div>
      )}
      <p>
        {t("preview.summary", {
          n: request.secciones.length,
          accepted: request.secciones.length - rejected.length,
          rejected: rejected.length,
        })}
      </p>
      {props.undecided.length > 0 && (
        <div className="notice notice-warn" role="note" data-testid="preview-undecided">
          <span>
            {props.undecided.length === 1 ? t("preview.undecided.one") : t("preview.undecided.other", { n: props.undecided.length })}{" "}
            {props.undecided.map((seccion, index) => (
              <span key={seccion}>
                {index > 0 && ", "}
                <SectionName id={seccion} sectionId={trackedId(props.sections, seccion)} />
              </span>
            ))}
          </span>
        </div>
      )}
      <h4>{t("preview.userTold")}</h4>
      <p className="muted small" data-testid="preview-reader">
        {t("preview.reader", { language: t(props.customer === "en" ? "reasons.reader.en" : "reasons.reader.es") })}
      </p>
      {notify ? (
        <div className="user-message" lang={props.customer} data-testid="preview-user-message">
          {request.mensajeGeneral && <p>{request.mensajeGeneral}</p>}
          <ul>
            {rejected.map((s) => (
              <li key={s.seccion}>
                <SectionName id={s.seccion} sectionId={trackedId(props.sections, s.seccion)} />
                {s.entidadReferencia ? ` (${s.entidadReferencia})` : ""}: {s.comentario}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="muted" data-testid="preview-user-message">
          {request.notificarUsuario === false ? t("preview.notifyOff") : t("preview.nothingRejected")}
        </p>
      )}
      <h4>{t("preview.payload")}</h4>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling area must take focus to be scrolled by keyboard. */}
      <pre className="json" tabIndex={0} data-testid="preview-payload">
        {JSON.stringify(request, null, 2)}
      </pre>
      {unknown && <OutcomeUnknown unknown={unknown} onReread={props.onReread} />}
      {props.error && props.error.code !== "outcome_unknown" && <ErrorNotice error={props.error} />}
      <div className="dialog-actions">
        <button ref={keepEditing} type="button" className="button-quiet" onClick={props.onCancel} disabled={busy}>
          {t("preview.keepEditing")}
        </button>
        <button
          type="button"
          className={applied ? "button-quiet" : "button-primary"}
          onClick={blind && !unknown.armed ? props.onArm : props.onSend}
          disabled={busy}
          data-testid="send-correction"
        >
          {label}
        </button>
      </div>
    </Modal>
  );
}

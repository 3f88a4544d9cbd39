import { useEffect, useRef } from "react";

import type { AppError } from "../../bindings/AppError";
import type { CorrectionRequest } from "../../bindings/CorrectionRequest";
import { useI18n } from "../../i18n";
import { ErrorNotice } from "../../ui/ErrorNotice";
import { SectionName } from "../../ui/SectionName";
import { REJECTED, willNotify } from "./model";

/** Exactly what will be sent (the request body, as JSON) and what the end user will be
 * told. Enter (on the focused button) sends, Escape goes back to editing. */
export function CorrectionPreview(props: {
  request: CorrectionRequest;
  sending: boolean;
  error: AppError | null;
  onSend: () => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const { request } = props;
  const sendButton = useRef<HTMLButtonElement>(null);
  useEffect(() => sendButton.current?.focus(), []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !props.sending) {
        event.preventDefault();
        props.onCancel();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [props]);

  const rejected = request.secciones.filter((s) => s.estatus === REJECTED);
  const notify = willNotify(request);
  return (
    <div className="overlay">
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby="preview-title" data-testid="preview">
        <h3 id="preview-title">{t("preview.title")}</h3>
        <p>
          {t("preview.summary", {
            n: request.secciones.length,
            accepted: request.secciones.length - rejected.length,
            rejected: rejected.length,
          })}
        </p>
        <h4>{t("preview.userTold")}</h4>
        {notify ? (
          <div className="user-message" data-testid="preview-user-message">
            {request.mensajeGeneral && <p>{request.mensajeGeneral}</p>}
            <ul>
              {rejected.map((s) => (
                <li key={s.seccion}>
                  <SectionName id={s.seccion} />
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
        <pre className="json" data-testid="preview-payload">
          {JSON.stringify(request, null, 2)}
        </pre>
        {props.error && <ErrorNotice error={props.error} />}
        <div className="dialog-actions">
          <button type="button" className="button-quiet" onClick={props.onCancel} disabled={props.sending}>
            {t("preview.keepEditing")}
          </button>
          <button
            ref={sendButton}
            type="button"
            className="button-primary"
            onClick={props.onSend}
            disabled={props.sending}
            data-testid="send-correction"
          >
            {props.sending ? t("preview.sending") : t("preview.send")}
          </button>
        </div>
      </div>
    </div>
  );
}

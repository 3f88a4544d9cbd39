import { useRef, useState } from "react";

import * as commands from "../../api/commands";
import type { AddedSections } from "../../bindings/AddedSections";
import type { AppError } from "../../bindings/AppError";
import type { PersonType } from "../../bindings/PersonType";
import type { Profile } from "../../bindings/Profile";
import { Counter } from "../../components/Counter";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Modal } from "../../components/Modal";
import { SectionName } from "../../components/SectionName";
import { useLimits } from "../../hooks/appInfo";
import { type MessageKey, useI18n } from "../../i18n";
import { charCount } from "../../words/text";

const OTHER_FLOW = "__other__";

/** The words of each person type. */
const PERSON: Record<PersonType, MessageKey> = { Moral: "comp.moral", Fisica: "comp.fisica" };

/** A dynamic form's identifier (a GUID, spec operation 4 rule 2) rather than a section's.
 * The answer names an added form by its GUID alone, and neither the profile's flows nor
 * the detail's forms (`Adicionales`, which carry a name but no GUID) say which name goes
 * with it: the form is shown as "Formulario" with the GUID's first block, the whole GUID
 * in its tooltip. */
function isGuid(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id.trim());
}

/** Adds to a file the sections of another flow that it lacks. `notificarUsuario` has
 * no documented default: the app always sends it, on unless the analyst turns it off,
 * since the user must fill in what was added. */
export function ComplementaryDialog(props: { documentId: string; currentFlowId: string; profile: Profile; onClose: (changed: boolean) => void }) {
  const { t } = useI18n();
  // The service's limit for a message to the user (mensajeAdicional), from the app's info.
  const messageMax = useLimits()?.messageMaxChars ?? null;
  // The service refuses a flow of another person type than the file's (spec, operation
  // 4, rule 4): only flows of the file's type are offered (the profile says each flow's
  // type, and the file's by its flow); when the file's flow is not in the profile, its
  // type is unknown and every flow is offered.
  const typeOf = (id: string) => props.profile.flows.find((f) => f.flowId === id)?.personType;
  const fileType = typeOf(props.currentFlowId);
  const others = props.profile.flows.filter((f) => f.flowId !== props.currentFlowId);
  const choices = fileType === undefined ? others : others.filter((f) => f.personType === fileType);
  const [choice, setChoice] = useState(choices[0]?.flowId ?? OTHER_FLOW);
  const [typedFlow, setTypedFlow] = useState("");
  const [message, setMessage] = useState("");
  const [notify, setNotify] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [result, setResult] = useState<AddedSections | null>(null);
  const inFlight = useRef(false);
  // The dialog opens with the focus on its first control, the flow list.
  const flowList = useRef<HTMLSelectElement>(null);
  const flowId = (choice === OTHER_FLOW ? typedFlow : choice).trim();
  const tooLong = messageMax !== null && charCount(message.trim()) > messageMax;

  const send = () => {
    if (inFlight.current || !flowId || tooLong) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    commands
      .addComplementaryInfo({
        documentId: props.documentId,
        flowId,
        notificarUsuario: notify,
        mensajeAdicional: message.trim() || null,
      })
      .then(setResult, (e: AppError) => setError(e))
      .finally(() => {
        inFlight.current = false;
        setBusy(false);
      });
  };
  // A typed flow of the other type is refused by the service in words of its own: said
  // here in the user's words instead, once.
  const chosenType = typeOf(flowId);
  const mismatch = error?.code === "validation" && chosenType !== undefined && fileType !== undefined && chosenType !== fileType;
  // The answer was lost after sending: the sections may have been added, and the user
  // may have been notified. Sending again adds nothing twice (only missing sections
  // are added) but may notify again, so the analyst is told before choosing.
  const unknown = error?.code === "outcome_unknown";
  // Escape is "back" (not while sending, as the button); the result's close is "close".
  // After an unknown outcome, leaving re-reads the file, as "back" does then.
  const onEscape = () => {
    if (result) props.onClose(result.sectionsAdded.length > 0);
    else if (!busy) props.onClose(unknown);
  };

  return (
    <Modal labelledBy="comp-title" initialFocus={flowList} onCancel={onEscape} testId="complementary">
      <h3 id="comp-title">{t("comp.title")}</h3>
      {result ? (
        <div data-testid="complementary-result" role="status">
          {result.sectionsAdded.length === 0 ? (
            <p>{t("comp.nothing")}</p>
          ) : (
            <>
              {/* The count once: the service's message says it, or else ours. */}
              <p>{result.message?.trim() || t("comp.added", { n: result.sectionsAdded.length })}</p>
              <ul className="tag-list">
                {result.sectionsAdded.map((id, i) => (
                  <li key={id} className="tag">
                    {isGuid(id) ? (
                      <span title={id}>{t("comp.form", { id: id.slice(0, 8) })}</span>
                    ) : (
                      <SectionName id={id} sectionId={result.sections[i] ?? null} />
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
          {result.sectionsAdded.length === 0 && result.message?.trim() && <p className="muted">{result.message}</p>}
          <div className="dialog-actions">
            {/* biome-ignore lint/a11y/noAutofocus: a dialog opens with the focus on its one action. */}
            <button type="button" className="button-primary" onClick={() => props.onClose(result.sectionsAdded.length > 0)} autoFocus>
              {t("photos.close")}
            </button>
          </div>
        </div>
      ) : (
        <>
          <p className="muted">{t("comp.intro")}</p>
          <div className="field">
            {/* Two controls under one caption: each is named on its own. */}
            <span className="field-label" id="comp-flow-label">
              {t("new.flow")}
            </span>
            <select
              ref={flowList}
              className="input"
              value={choice}
              onChange={(e) => setChoice(e.target.value)}
              aria-labelledby="comp-flow-label"
              data-testid="comp-flow"
            >
              {choices.map((f) => (
                <option key={f.flowId} value={f.flowId}>
                  {f.label}
                </option>
              ))}
              <option value={OTHER_FLOW}>{t("new.otherFlow")}</option>
            </select>
            {choice === OTHER_FLOW && (
              <input className="input" value={typedFlow} onChange={(e) => setTypedFlow(e.target.value)} placeholder="FlowID" aria-label={t("new.otherFlow")} />
            )}
            <span className="muted small" data-testid="comp-type">
              {fileType === undefined ? t("comp.typeUnknown") : t(choices.length === 0 ? "comp.noneOfType" : "comp.onlyType", { type: t(PERSON[fileType]) })}
            </span>
          </div>
          <label className="field">
            <span className="field-label">{t("comp.message")}</span>
            <textarea className="input" rows={3} value={message} onChange={(e) => setMessage(e.target.value)} data-testid="comp-message" />
            {messageMax !== null && <Counter text={message.trim()} max={messageMax} />}
          </label>
          <label className="check">
            <input type="checkbox" checked={notify} onChange={(e) => setNotify(e.target.checked)} />
            {t("comp.notify")}
          </label>
          {/* One notice for one failure: the person-type refusal in the user's words, or
                the error as the shared notice words it. */}
          {mismatch ? (
            <div className="notice notice-error" role="alert" data-testid="comp-mismatch">
              {t("comp.mismatch")}
            </div>
          ) : (
            error && !unknown && <ErrorNotice error={error} />
          )}
          {unknown && (
            <div className="notice notice-warn" role="alert" data-testid="comp-unknown">
              <p>{t("comp.unknown")}</p>
              <button type="button" className="button-quiet" onClick={() => props.onClose(true)} data-testid="comp-reread">
                {t("comp.reread")}
              </button>
            </div>
          )}
          <div className="dialog-actions">
            <button type="button" className="button-quiet" onClick={() => props.onClose(unknown)} disabled={busy}>
              {t("confirm.back")}
            </button>
            <button type="button" className="button-primary" onClick={send} disabled={busy || !flowId || tooLong} data-testid="comp-send">
              {busy ? t("confirm.working") : unknown ? t("comp.sendAgain") : t("comp.send")}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}

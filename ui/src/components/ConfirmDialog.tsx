import { type ReactNode, useRef } from "react";

import type { AppError } from "../bindings/AppError";
import { useI18n } from "../i18n";
import { ErrorNotice } from "./ErrorNotice";
import { Modal } from "./Modal";

/** Asks before an action that costs or cannot be undone. While `busy`, neither button
 * acts, so a double click sends nothing twice; Escape cancels. The focus starts on the
 * safe choice, so Enter alone never confirms by accident. */
export function ConfirmDialog(props: {
  title: string;
  children: ReactNode;
  confirm: string;
  danger?: boolean;
  busy: boolean;
  /** The confirmation is not possible yet (something must be ticked first). */
  disabled?: boolean;
  error: AppError | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useI18n();
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Modal role="alertdialog" className="dialog-small" label={props.title} initialFocus={cancel} busy={props.busy} onCancel={props.onCancel} testId="confirm">
      <h3>{props.title}</h3>
      <div>{props.children}</div>
      {props.error && <ErrorNotice error={props.error} />}
      <div className="dialog-actions">
        <button ref={cancel} type="button" className="button-quiet" onClick={props.onCancel} disabled={props.busy}>
          {t("confirm.back")}
        </button>
        <button
          type="button"
          className={props.danger ? "button-primary button-danger" : "button-primary"}
          onClick={props.onConfirm}
          disabled={props.busy || props.disabled === true}
          data-testid="confirm-action"
        >
          {props.busy ? t("confirm.working") : props.confirm}
        </button>
      </div>
    </Modal>
  );
}

import type { ReactNode, Ref } from "react";
import { useI18n } from "../../i18n";

/** The ids a field's row gives its hint and its problems, for the control to name them. */
export const hintId = (controlId: string) => `${controlId}-hint`;
export const problemsId = (controlId: string) => `${controlId}-problems`;

/** One field: its label (with the required mark), its control, a hint and its problems. */
export function Row(props: {
  label: string;
  /** The control the label names and a problem's link focuses. */
  controlId: string;
  /** The label names a group of controls (tick boxes) rather than one. */
  forGroup?: boolean;
  required?: boolean;
  problems: string[];
  hint?: string;
  onLeave: () => void;
  children: ReactNode;
}) {
  const mark = props.required && (
    <span className="required-mark" aria-hidden="true">
      {" *"}
    </span>
  );
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset's own box and legend would change the form's layout; role="group" names the same grouping.
    <div
      className="field"
      role="group"
      aria-label={props.label}
      // Left only when the focus goes out of the row, not from its tick box to its input.
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) props.onLeave();
      }}
    >
      {props.forGroup ? (
        <span className="field-label">
          {props.label}
          {mark}
        </span>
      ) : (
        <label className="field-label" htmlFor={props.controlId}>
          {props.label}
          {mark}
        </label>
      )}
      {props.children}
      {props.hint && (
        <span className="muted small" id={hintId(props.controlId)}>
          {props.hint}
        </span>
      )}
      {props.problems.length > 0 && (
        <span id={problemsId(props.controlId)} className="field-problems">
          {props.problems.map((p) => (
            <span key={p} className="field-problem" data-testid="field-problem">
              {p}
            </span>
          ))}
        </span>
      )}
    </div>
  );
}

/** A problem the summary lists: the control to go to, when it is a field's. */
export type Listed = { controlId: string | null; text: string };

/** Every problem shown, each by the field's label and what is wrong, each a link to its
 * field; focused when a creation is tried with problems left. */
export function ProblemSummary(props: { problems: Listed[]; ref?: Ref<HTMLElement> }) {
  const { t } = useI18n();
  return (
    <section className="notice notice-error problem-summary" tabIndex={-1} ref={props.ref} data-testid="new-problems" aria-labelledby="new-problems-title">
      <div className="notice-body">
        <strong id="new-problems-title">{t("new.fixFirst", { n: props.problems.length })}</strong>
        <ul className="notice-details">
          {props.problems.map(({ controlId, text }) => (
            <li key={`${controlId}:${text}`}>
              {controlId ? (
                <button type="button" className="link" onClick={() => document.getElementById(controlId)?.focus()}>
                  {text}
                </button>
              ) : (
                text
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

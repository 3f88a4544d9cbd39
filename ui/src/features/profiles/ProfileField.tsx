import type { ReactNode } from "react";

import { useI18n } from "../../i18n";

/** A labelled field; `htmlFor` names its one control (groups of controls carry
 * their own labels). It is left when the focus goes out of it, not from one of its
 * controls to another (a flow's FlowID to its name). */
export function Field(props: {
  label: string;
  problems: string[];
  onLeave: () => void;
  children: ReactNode;
  htmlFor?: string;
  fixed?: boolean;
  /** Where the value comes from, under the label; its controls name `id` as their description. */
  hint?: { id: string; text: string };
}) {
  const { t } = useI18n();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: it only hears focus leaving its own controls, and takes no input itself.
    <div
      className="field"
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) props.onLeave();
      }}
    >
      {props.htmlFor ? (
        <label className="field-label" htmlFor={props.htmlFor}>
          {props.label}
        </label>
      ) : (
        <span className="field-label">{props.label}</span>
      )}
      {props.hint && (
        <span id={props.hint.id} className="muted small field-hint">
          {props.hint.text}
        </span>
      )}
      {props.fixed ? (
        // The company's policy sets it: shown, not editable, and why.
        <fieldset className="fixed-field" disabled aria-describedby={`${props.htmlFor ?? props.label}-fixed`}>
          {props.children}
          <span id={`${props.htmlFor ?? props.label}-fixed`} className="muted small" data-testid="profile-fixed">
            {t("policy.fixed")}
          </span>
        </fieldset>
      ) : (
        props.children
      )}
      {props.problems.map((message) => (
        <span key={message} className="field-problem" role="alert">
          {message}
        </span>
      ))}
    </div>
  );
}

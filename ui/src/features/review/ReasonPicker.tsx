// Beside a rejected section's comment: the ready-made reasons, in the language the
// customer reads, as a combobox the keyboard walks (the ARIA pattern of a list with
// autocomplete). Typing narrows the list to the reasons with a word that begins so (any
// word, not only the first: five reasons start with "El"); the arrows move through it;
// only Enter (or a click) puts the reason in the comment, which stays the analyst's to
// change. `m` from the section, or Ctrl+M from its comment, brings the focus here.
import { type Ref, useId, useMemo, useRef, useState } from "react";

import type { Locale } from "../../bindings/Locale";
import { useI18n } from "../../i18n";
import { matchesReason, type Reason } from "./reasons";

export function ReasonPicker(props: {
  reasons: Reason[];
  /** The language the customer reads them in, said beside the box. */
  customer: Locale;
  onChoose: (reason: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useI18n();
  const id = useId();
  const [typed, setTyped] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  const shown = useMemo(() => props.reasons.filter((r) => matchesReason(r, typed)), [props.reasons, typed]);
  if (props.reasons.length === 0) return null;
  const at = Math.min(active, shown.length - 1);
  const optionId = (n: number) => `${id}-reason-${n}`;
  const moveTo = (n: number) => {
    setOpen(true);
    setActive(n);
    list.current?.querySelector(`[id="${optionId(n)}"]`)?.scrollIntoView?.({ block: "nearest" });
  };
  const choose = (reason: Reason | undefined) => {
    if (!reason) return;
    setTyped("");
    setActive(0);
    setOpen(false);
    props.onChoose(reason.text);
  };
  return (
    <div className="reason-picker">
      <input
        ref={props.inputRef}
        className="input"
        role="combobox"
        aria-expanded={open && shown.length > 0}
        aria-controls={`${id}-reasons`}
        aria-autocomplete="list"
        aria-activedescendant={open && at >= 0 ? optionId(at) : undefined}
        aria-label={t("reasons.choose")}
        aria-keyshortcuts="m"
        aria-describedby={`${id}-reader`}
        placeholder={t("reasons.placeholder")}
        value={typed}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onChange={(event) => {
          setTyped(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={(event) => {
          if (event.ctrlKey || event.metaKey || event.altKey) return;
          const last = shown.length - 1;
          switch (event.key) {
            case "ArrowDown":
              moveTo(open ? Math.min(at + 1, last) : 0);
              break;
            case "ArrowUp":
              moveTo(Math.max(at - 1, 0));
              break;
            case "Enter":
              if (!open || at < 0) return;
              choose(shown[at]);
              break;
            case "Escape":
              // Typed text first; else the review's own Escape takes the focus back to
              // the section (and the list closes with it).
              if (!typed) return;
              setTyped("");
              break;
            default:
              return;
          }
          event.preventDefault();
          event.stopPropagation();
        }}
        data-testid="reason-picker"
      />
      <span id={`${id}-reader`} className="muted small reason-reader" data-testid="reason-reader">
        {t("reasons.reader", { language: t(props.customer === "en" ? "reasons.reader.en" : "reasons.reader.es") })}
      </span>
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the listbox pattern, a list whose items are its options; a <select> cannot filter as the analyst types. */}
      <ul ref={list} id={`${id}-reasons`} role="listbox" className="reason-options" hidden={!open || shown.length === 0} aria-label={t("reasons.choose")}>
        {shown.map((reason, n) => (
          // biome-ignore lint/a11y/useFocusableInteractive: the focus stays in the combobox's box, whose arrows and Enter choose an option (aria-activedescendant); a press picks one too.
          <li
            key={reason.text}
            id={optionId(n)}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the listbox pattern, a list whose items are its options.
            role="option"
            aria-selected={n === at}
            className={n === at ? "active" : undefined}
            // Picked on press, before the box would lose the focus (and the list with it).
            onMouseDown={(event) => {
              event.preventDefault();
              choose(reason);
            }}
            data-testid="reason-option"
          >
            <span lang={props.customer}>{reason.text}</span>
            {reason.translation && <span className="muted small reason-translation">{reason.translation}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}

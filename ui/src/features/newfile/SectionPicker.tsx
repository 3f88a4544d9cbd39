import { useState } from "react";
import type { SectionId } from "../../bindings/SectionId";
import { SectionName } from "../../components/SectionName";
import { useI18n } from "../../i18n";
import { sectionList, withSection } from "./model";

type Props = {
  /** The list as the form keeps it (and its draft): identifiers separated by commas. */
  value: string;
  onChange: (value: string) => void;
  /** The sections the desk knows (the spec's list, from the app's info). */
  known: SectionId[];
  /** The id of the first control, which a problem's link focuses. */
  id: string;
  /** Names the picker's controls (which list they belong to). */
  label: string;
  testId: string;
};

/** IncludeFlow or ExcludeFlow as a list of tick boxes, one per known section by its name
 * and identifier; what is sent is the identifiers ticked. The spec does not show which
 * values the service takes, so another identifier can be added, and one the draft held
 * that the list does not know stays, ticked, where it can be unticked. */
export function SectionPicker(props: Props) {
  const { t } = useI18n();
  const [other, setOther] = useState("");
  const chosen = sectionList(props.value);
  const isChosen = (code: string) => chosen.some((item) => item.toLowerCase() === code.toLowerCase());
  const knownNames = new Set(props.known.map((id) => id.name.toLowerCase()));
  const extra = chosen.filter((item) => !knownNames.has(item.toLowerCase()));
  const options: { code: string; id: SectionId | null }[] = [...props.known.map((id) => ({ code: id.name, id })), ...extra.map((code) => ({ code, id: null }))];
  const add = () => {
    if (!other.trim()) return;
    props.onChange(withSection(props.value, other, true));
    setOther("");
  };
  return (
    <div className="section-picker" data-testid={props.testId}>
      {options.length > 0 && (
        <ul className="section-options">
          {options.map(({ code, id }, n) => (
            <li key={code}>
              <label className="check">
                <input
                  type="checkbox"
                  id={n === 0 ? props.id : undefined}
                  checked={isChosen(code)}
                  onChange={(event) => props.onChange(withSection(props.value, code, event.target.checked))}
                  value={code}
                />
                <SectionName id={code} sectionId={id} />
              </label>
            </li>
          ))}
        </ul>
      )}
      <div className="row">
        <input
          className="input mono small-input"
          id={options.length === 0 ? props.id : undefined}
          value={other}
          onChange={(event) => setOther(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds the identifier; it does not send the form.
            if (event.key === "Enter") {
              event.preventDefault();
              add();
            }
          }}
          aria-label={`${props.label}: ${t("new.otherSection")}`}
          placeholder={t("new.otherSection")}
          data-testid={`${props.testId}-other`}
        />
        <button type="button" className="button-quiet small" onClick={add} disabled={!other.trim()} aria-label={`${t("new.addSection")} (${props.label})`}>
          {t("new.addSection")}
        </button>
      </div>
    </div>
  );
}

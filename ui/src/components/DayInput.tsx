import { useState } from "react";

import { useI18n } from "../i18n";
import { dayPattern, readDay, writeDay } from "../words/day";
import { formatDay } from "../words/format";

/** A day typed in the user's language's order; `onChange` gets YYYY-MM-DD, or "" while
 * the text is empty or not a day yet (said beside it once the field is left). */
export function DayInput(props: { value: string; onChange: (day: string) => void; label: string; testId?: string }) {
  const { t, locale } = useI18n();
  const [text, setText] = useState(() => (props.value ? writeDay(props.value, locale) : ""));
  const [left, setLeft] = useState(false);
  const day = readDay(text, locale);
  const wrong = left && text.trim() !== "" && day === null;
  return (
    <label className="check day-input">
      {props.label}
      <input
        className="input"
        inputMode="numeric"
        value={text}
        placeholder={dayPattern(locale, { day: t("day.d"), month: t("day.m"), year: t("day.y") })}
        aria-invalid={wrong}
        onChange={(event) => {
          setText(event.target.value);
          props.onChange(readDay(event.target.value, locale) ?? "");
        }}
        onBlur={() => setLeft(true)}
        data-testid={props.testId}
      />
      {day && <span className="muted small">{formatDay(day, locale)}</span>}
      {wrong && <span className="field-problem">{t("day.invalid")}</span>}
    </label>
  );
}

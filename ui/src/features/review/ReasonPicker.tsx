// Beside a rejected section's comment: the ready-made reasons for its kind, chosen with
// the keyboard (m from the section, then the arrows and Enter) or the pointer. Choosing
// one puts it in the comment, which stays the analyst's to change.
import type { Ref } from "react";

import { useI18n } from "../../i18n";

export function ReasonPicker(props: { reasons: string[]; onChoose: (reason: string) => void; selectRef?: Ref<HTMLSelectElement> }) {
  const { t } = useI18n();
  if (props.reasons.length === 0) return null;
  return (
    <select
      ref={props.selectRef}
      className="input reason-picker"
      value=""
      onChange={(event) => {
        if (event.target.value) props.onChoose(event.target.value);
      }}
      aria-label={t("reasons.choose")}
      aria-keyshortcuts="m"
      data-testid="reason-picker"
    >
      <option value="">{t("reasons.placeholder")}</option>
      {props.reasons.map((reason) => (
        <option key={reason} value={reason}>
          {reason}
        </option>
      ))}
    </select>
  );
}

import { useI18n } from "../../i18n";
import { serviceWord, type ValueField } from "../../words/serviceWords";
import "./ServiceWord.css";

/** A value the service sent, in the user's words, with the service's own value muted
 * beside them when it reads differently ("Medium (Medio)", "Alteración (Alteracion)"):
 * what the service said stays in sight. A value with no words here is shown as sent. */
export function ServiceWord({ field, value }: { field: ValueField; value: string | null | undefined }) {
  const { t } = useI18n();
  const { words, raw } = serviceWord(field, value, t);
  if (raw === null) return <>{words}</>;
  return (
    <>
      {words} <span className="muted service-raw">({raw})</span>
    </>
  );
}

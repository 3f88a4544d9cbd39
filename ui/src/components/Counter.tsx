import { useI18n } from "../i18n";
import { charCount } from "../words/text";
import "./Counter.css";

/** "123 / 500" under a text field, in the danger colour past the limit. */
export function Counter({ text, max }: { text: string; max: number }) {
  const { t } = useI18n();
  const used = charCount(text);
  const over = used > max;
  return (
    <span className={`counter${over ? " over" : ""}`} aria-live="polite" data-testid="counter">
      {t("counter", { used, max })}
    </span>
  );
}

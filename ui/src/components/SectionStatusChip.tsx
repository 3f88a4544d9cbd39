// The service's status values in the user's words, with the service's own value kept in
// sight: in Spanish the value is the word; in English the word is followed by the value
// ("In review (En Revisión)"), so what the service said is never hidden. The rule is the
// one of every value the service sends (words/serviceWords.ts).
import type { TrackedSection } from "../bindings/TrackedSection";
import { sectionTone } from "../features/tracking/model";
import { type MessageKey, useI18n } from "../i18n";
import "../i18n/evidence";
import { serviceText, wordOrValue } from "../words/serviceWords";

const SECTION_WORDS: Record<string, MessageKey> = {
  Pendiente: "status.section.pending",
  "En Revisión": "status.section.in_review",
  "Requiere Atención": "status.section.attention",
  Completado: "status.section.completed",
  Aceptado: "status.section.accepted",
  Rechazado: "status.section.rejected",
};

/** A value in words beside the service's own, or the value alone when it has no words
 * here or the words are the value. */
export function useServiceWord() {
  const { t } = useI18n();
  return (value: string, key: MessageKey | undefined): string => {
    const { words, raw } = wordOrValue(value, key, t);
    return raw === null ? words : `${words} (${raw})`;
  };
}

/** `inService`: said as the service's status, beside a decision of the analyst's own (the
 * review), so "Aceptado" there is never read as the analyst's decision. */
export function SectionStatusChip({ status, inService = false }: { status: TrackedSection["status"]; inService?: boolean }) {
  const { t } = useI18n();
  const say = useServiceWord();
  const words = say(status, Object.hasOwn(SECTION_WORDS, status) ? SECTION_WORDS[status] : undefined);
  return (
    <span className={`chip chip-${sectionTone(status)}`} title={status} data-status={status}>
      {inService ? t("status.inService", { status: words }) : words}
    </span>
  );
}

export function EnrollmentStatusText({ status }: { status: string }) {
  const { t } = useI18n();
  return <span title={status}>{serviceText("enrollment", status, t)}</span>;
}

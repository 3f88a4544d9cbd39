import type { DetailV1 } from "../../bindings/DetailV1";
import type { SectionId } from "../../bindings/SectionId";
import { SectionName } from "../../components/SectionName";
import { useI18n } from "../../i18n";
import { MISSING, shown } from "../../words/text";

/** A field version 1 sent beyond the three the spec shows, as text. */
function asText(value: unknown): string {
  if (value === null || value === undefined) return MISSING;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return shown(value);
  return JSON.stringify(value);
}

/** The fallback when the service has no version 2 of a file: the three fields the spec
 * shows, then every other field as the service sent it (its dates are DD/MM/YYYY). */
export function DetailVersion1({ detail, sections }: { detail: DetailV1; sections: SectionId[] }) {
  const { t } = useI18n();
  const known = new Set(["documentId", "sectionsAdded", "message"]);
  const others = Object.entries(detail as Record<string, unknown>).filter(([key]) => !known.has(key));
  return (
    <div data-testid="detail-v1">
      <div className="notice" role="note">
        {t("v1.notice")}
      </div>
      <dl className="facts">
        <dt>DocumentId</dt>
        <dd className="mono">{shown(detail.documentId)}</dd>
        <dt>{t("v1.message")}</dt>
        <dd>{shown(detail.message)}</dd>
        {others.map(([key, value]) => (
          <div key={key} className="fact">
            <dt>{key}</dt>
            <dd>{asText(value)}</dd>
          </div>
        ))}
      </dl>
      <h3>{t("sectionsTitle")}</h3>
      {detail.sectionsAdded.length === 0 ? (
        <p className="muted">{t("noDetailSections")}</p>
      ) : (
        <ul className="tag-list">
          {detail.sectionsAdded.map((id, i) => (
            <li key={`${id}-${i}`} className="tag">
              <SectionName id={id} sectionId={sections[i] ?? null} />
            </li>
          ))}
        </ul>
      )}
      <pre className="json">{JSON.stringify(detail, null, 2)}</pre>
    </div>
  );
}

import type { DetailV1 } from "../../bindings/DetailV1";
import { useI18n } from "../../i18n";
import { SectionName } from "../../ui/SectionName";

/** The fallback when the service has no version 2 of a file: the three fields the spec
 * shows, then every other field as the service sent it (its dates are DD/MM/YYYY). */
export function DetailVersion1({ detail }: { detail: DetailV1 }) {
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
        <dd className="mono">{detail.documentId}</dd>
        <dt>{t("v1.message")}</dt>
        <dd>{detail.message || "—"}</dd>
        {others.map(([key, value]) => (
          <div key={key} className="fact">
            <dt>{key}</dt>
            <dd>{typeof value === "string" ? value : JSON.stringify(value)}</dd>
          </div>
        ))}
      </dl>
      <h3>{t("sectionsTitle")}</h3>
      <ul className="tag-list">
        {detail.sectionsAdded.map((id) => (
          <li key={id} className="tag">
            <SectionName id={id} />
          </li>
        ))}
      </ul>
      <pre className="json">{JSON.stringify(detail, null, 2)}</pre>
    </div>
  );
}

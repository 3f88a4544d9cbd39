import type { SectionId } from "../bindings/SectionId";
import { sectionLabel } from "../features/sections";
import { useI18n } from "../i18n";
import "./SectionName.css";

/** A section by its human name, with the identifier the service uses beside it. The
 * name comes from the identifier's parts as the backend read them (`sectionId`);
 * without them, or for a base the app does not know, the identifier shows as sent. */
export function SectionName({ id, sectionId = null }: { id: string; sectionId?: SectionId | null }) {
  const { locale } = useI18n();
  const label = sectionId ? sectionLabel(sectionId, locale) : null;
  if (!label) return <span className="strong section-name">{id}</span>;
  return (
    <span className="section-name">
      <span className="strong">{label}</span> <span className="mono muted section-id">{id}</span>
    </span>
  );
}

import { sectionLabel } from "../features/sections";
import { useI18n } from "../i18n";

/** A section by its human name, with the identifier the service uses beside it. */
export function SectionName({ id }: { id: string }) {
  const { locale } = useI18n();
  const label = sectionLabel(id, locale);
  if (!label) return <span className="strong section-name">{id}</span>;
  return (
    <span className="section-name">
      <span className="strong">{label}</span> <span className="mono muted section-id">{id}</span>
    </span>
  );
}

import { useState } from "react";

import type { DetailV2 } from "../../bindings/DetailV2";
import type { FileEvidence } from "../../bindings/FileEvidence";
import type { SectionEvidence } from "../../bindings/SectionEvidence";
import { useI18n } from "../../i18n";
import { shown } from "../../ui/text";
import { DocumentCard } from "../detail/DocumentCard";
import { EntityCard } from "../detail/EntityCard";
import { EvidenceFileView } from "./EvidenceFileView";
import { findingText, ruleLabel, SEVERITY_TONE, severityLabel } from "./findings";
import "../detail/detail.css";
import "./evidence.css";

/** What the analyst decides a section on: its findings, then each document it covers (its
 * data, validations and the file itself) and each entity (data beside the authorities',
 * photos). `detail` is null for a file the service has only in version 1. */
export function EvidencePane({
  section,
  label,
  evidence,
  detail,
  onOpenWindow,
}: {
  section: SectionEvidence | null;
  /** The section's name in the user's words. */
  label: string;
  evidence: FileEvidence;
  detail: DetailV2 | null;
  /** Shows the same evidence in a window of its own (a second monitor); absent there. */
  onOpenWindow?: () => void;
}) {
  const { t } = useI18n();
  return (
    <aside className="evidence-pane" aria-label={t("evidence.title", { section: label })} data-testid="evidence-pane" data-section={section?.section ?? ""}>
      <header className="evidence-head">
        <h3>{shown(label)}</h3>
        {section && <span className="muted small">{ruleLabel(section.rule, t)}</span>}
        <span className="grow" />
        {onOpenWindow && (
          <button type="button" className="button-quiet small" onClick={onOpenWindow} data-testid="evidence-window" aria-keyshortcuts="Shift+E">
            {t("evidence.openWindow")}
          </button>
        )}
      </header>
      {section === null || section.rule === "none_known" ? (
        <p className="empty small" data-testid="evidence-none">
          {t("evidence.noneKnown")}
        </p>
      ) : (
        <SectionBody key={section.section} section={section} evidence={evidence} detail={detail} />
      )}
    </aside>
  );
}

function SectionBody({ section, evidence, detail }: { section: SectionEvidence; evidence: FileEvidence; detail: DetailV2 | null }) {
  const { t } = useI18n();
  const documents = section.documents.flatMap((index) => {
    const doc = detail?.Documentos[index];
    return doc ? [{ index, doc, file: evidence.documents[index]?.file ?? null }] : [];
  });
  const [chosen, setChosen] = useState(0);
  const current = documents[Math.min(chosen, documents.length - 1)] ?? null;
  return (
    <>
      {section.findings.length > 0 ? (
        <ul className="evidence-findings" data-testid="evidence-findings">
          {section.findings.map((finding, n) => (
            <li key={`${finding.kind}-${n}`} data-testid="evidence-finding" data-kind={finding.kind} data-severity={finding.severity}>
              <span className={`chip chip-${SEVERITY_TONE[finding.severity]}`}>{severityLabel(finding.severity, t)}</span> {findingText(finding, t)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small" data-testid="evidence-clean">
          {t("evidence.noFindings")}
        </p>
      )}
      {documents.length > 1 && (
        <div className="evidence-tabs" role="tablist" aria-label={t("evidence.documents")}>
          {documents.map((d, n) => (
            <button
              key={d.index}
              type="button"
              role="tab"
              aria-selected={d === current}
              className={d === current ? "tab active" : "tab"}
              onClick={() => setChosen(n)}
              data-testid="evidence-document-tab"
            >
              {shown(d.doc.Referencia ?? d.doc.TipoDocumento)}
            </button>
          ))}
        </div>
      )}
      {current && (
        <div className="evidence-document" data-testid="evidence-document">
          {current.file ? (
            <EvidenceFileView key={current.file} handle={current.file} label={shown(current.doc.Referencia ?? current.doc.TipoDocumento)} />
          ) : (
            <p className="muted small">{t("evidence.noFile")}</p>
          )}
          <DocumentCard doc={current.doc} />
        </div>
      )}
      {section.entities.map((index) => {
        const entity = detail?.Entidades[index];
        return entity ? <EntityCard key={index} entity={entity} /> : null;
      })}
    </>
  );
}

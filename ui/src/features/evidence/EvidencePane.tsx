import { useEffect, useLayoutEffect, useState } from "react";

import { useI18n } from "../../i18n";
import { paintedSince } from "../../perf";
import { shown } from "../../words/text";
import { DocumentCard } from "../detail/DocumentCard";
import { EntityCard } from "../detail/EntityCard";
import { EvidenceFileView } from "./EvidenceFileView";
import { findingText, ruleLabel, SEVERITY_TONE, severityLabel } from "./findings";
import { HitActions } from "./HitActions";
import { OwnershipView } from "./OwnershipView";
import { createPdfSession, PdfSessionContext } from "./pdfSession";
import type { SectionView } from "./view";
import "../detail/detail.css";
import "./evidence.css";
import "../../i18n/evidence";

/** What the analyst decides a section on: its findings, then each document it covers (its
 * data, validations and the file itself) and each entity (data beside the authorities',
 * photos). */
export function EvidencePane({
  view,
  onOpenWindow,
  reading,
}: {
  view: SectionView;
  /** Shows it in a window of its own; absent there. */
  onOpenWindow?: () => void;
  /** The pane at a reading width, and its switch; absent in the evidence window. */
  reading?: { on: boolean; toggle: () => void };
}) {
  const { t } = useI18n();
  const { section } = view;
  // One pdf.js worker and the last documents opened, for every section of the review;
  // all of it let go when the pane closes with the review. The worker starts with the pane
  // (its 1.3 MB module loads while the analyst reads), not with the first PDF shown.
  const [pdfs] = useState(createPdfSession);
  useEffect(() => {
    pdfs.warm();
    return () => pdfs.close();
  }, [pdfs]);
  return (
    <PdfSessionContext.Provider value={pdfs}>
      <aside
        className="evidence-pane"
        aria-label={t("evidence.title", { section: view.label })}
        data-testid="evidence-pane"
        data-section={section?.section ?? ""}
      >
        <header className="evidence-head">
          <h3>{shown(view.label)}</h3>
          {section && <span className="muted small evidence-rule">{ruleLabel(section.rule, t)}</span>}
          {reading && (
            <button
              type="button"
              className="button-quiet small"
              onClick={reading.toggle}
              aria-pressed={reading.on}
              aria-keyshortcuts="Shift+W"
              title={t("evidence.readingHint")}
              data-testid="evidence-reading"
            >
              {t("evidence.reading")}
            </button>
          )}
          {onOpenWindow && (
            <button type="button" className="button-quiet small" onClick={onOpenWindow} data-testid="evidence-window" aria-keyshortcuts="Shift+E">
              {t("evidence.openWindow")}
            </button>
          )}
        </header>
        {view.tooLarge ? (
          <p className="empty small" data-testid="evidence-too-large">
            {t("evidence.tooLarge")}
          </p>
        ) : section === null || section.rule === "none_known" ? (
          <p className="empty small" data-testid="evidence-none">
            {t("evidence.noneKnown")}
          </p>
        ) : (
          <SectionBody key={section.section} view={view} />
        )}
      </aside>
    </PdfSessionContext.Provider>
  );
}

function SectionBody({ view }: { view: SectionView }) {
  const { t } = useI18n();
  const { documents, entities } = view;
  const findings = view.section?.findings ?? [];
  const [chosen, setChosen] = useState(0);
  const current = documents[Math.min(chosen, documents.length - 1)] ?? null;
  // The screening shown (hits, ownership) is measured to its paint (`make bench`): the
  // ownership's picture ends it once drawn, or else this first commit.
  const charted = view.ownership?.owners.some((o) => o.percent !== null) ?? false;
  const screened = Boolean(view.ownership) || findings.some((f) => f.hit);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the body's first commit only (it is keyed by its section).
  useLayoutEffect(() => {
    if (screened && !charted) paintedSince("screening");
  }, []);
  return (
    <>
      {findings.length > 0 ? (
        <ul className="evidence-findings" data-testid="evidence-findings">
          {findings.map((finding, n) => (
            <li key={`${finding.kind}-${n}`} data-testid="evidence-finding" data-kind={finding.kind} data-severity={finding.severity}>
              <span className={`chip chip-${SEVERITY_TONE[finding.severity]}`}>{severityLabel(finding.severity, t)}</span> {findingText(finding, t)}
              {finding.hit && <HitActions hit={finding.hit} documentId={view.documentId} />}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted small" data-testid="evidence-clean">
          {t("evidence.noFindings")}
        </p>
      )}
      {view.ownership && <OwnershipView ownership={view.ownership} onDrawn={() => paintedSince("screening")} />}
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
          <DocumentCard doc={current.doc} external={false} />
        </div>
      )}
      {entities.map(({ index, entity, mismatches, photos, morePhotos }) => (
        <EntityCard key={index} entity={entity} mismatches={mismatches} photoView={<Photos handles={photos} more={morePhotos} />} />
      ))}
    </>
  );
}

/** A branch's photos, by the evidence's handles: one shown at a time. */
function Photos({ handles, more }: { handles: string[]; more: number }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(0);
  if (handles.length === 0) return <p className="muted">{t("photos.none")}</p>;
  const handle = handles[Math.min(open, handles.length - 1)] ?? "";
  return (
    <div className="evidence-photos">
      {handles.length > 1 && (
        <div className="evidence-tabs">
          {handles.map((h, n) => (
            <button key={h} type="button" className={n === open ? "tab active" : "tab"} aria-pressed={n === open} onClick={() => setOpen(n)}>
              {t("evidence.photo", { n: n + 1 })}
            </button>
          ))}
        </div>
      )}
      <EvidenceFileView key={handle} handle={handle} label={t("evidence.photo", { n: open + 1 })} />
      {more > 0 && <p className="muted small">{t("evidence.morePhotos", { n: more })}</p>}
    </div>
  );
}

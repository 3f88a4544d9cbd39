import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from "react";
import { loadOf } from "../../api/load";
import { queries } from "../../api/queries";
import type { Scalar } from "../../bindings/Scalar";
import { CopyFileLink } from "../../components/CopyFileLink";
import { ErrorNotice } from "../../components/ErrorNotice";
import { Growing } from "../../components/Growing";
import { PageHeader } from "../../components/PageHeader";
import { SectionName } from "../../components/SectionName";
import { isTyping } from "../../dom/keys";
import { type MessageKey, type Translate, useI18n } from "../../i18n";
import { begin, paintedSince, usePaintMeasure } from "../../perf";
import { shownInstant } from "../../words/format";
import { shown } from "../../words/text";
import { DetailVersion1 } from "./DetailVersion1";
import { DocumentCard } from "./DocumentCard";
import { EntityCard } from "./EntityCard";
import { JsonText } from "./JsonText";
import { mismatchSummary } from "./model";
import { ServiceWord } from "./ServiceWord";
import "./detail.css";

const TABS = ["summary", "entities", "documents", "forms", "json"] as const;
type Tab = (typeof TABS)[number];
const TAB_LABEL: Record<Tab, MessageKey> = {
  summary: "tab.summary",
  entities: "tab.entities",
  documents: "tab.documents",
  forms: "tab.forms",
  json: "tab.json",
};

// A long tab paints its first screen at once and the rest over the next frames (a card
// costs some 1–3 ms to draw in the window; the large file has 50 entities and 200
// documents). The first counts more than fill a screen.
const ENTITIES_AT_ONCE = 6;
const ENTITIES_A_FRAME = 10;
const DOCUMENTS_AT_ONCE = 10;
const DOCUMENTS_A_FRAME = 20;

/** The version-2 detail of a file, by tabs. Fetching it also keeps it in the file's
 * history, so the summary can show what changed since the last review. Back leads to
 * the file's tracking, or to the watchlist for a file opened by a link and not followed
 * (which also has no review: that needs the file's FlowID and RFC). */
export function DetailView(props: { documentId: string; back: { toTracking: boolean; go: () => void }; onReview?: () => void }) {
  const { t, locale } = useI18n();
  const load = loadOf(useQuery(queries.detail(props.documentId)));
  // From the answer received (marked by the read) to it painted. A detail the cache
  // already holds (opened again within its freshness) is received as the view opens.
  const answered = load.state === "ready" ? load.value : null;
  const [cachedAtOpen] = useState(answered !== null);
  useLayoutEffect(() => {
    if (cachedAtOpen) begin("detail");
  }, [cachedAtOpen]);
  useLayoutEffect(() => {
    if (answered) paintedSince("detail");
  }, [answered]);
  const answer = load.state === "ready" ? load.value.answer : null;
  const detail = answer?.version === "2" ? answer.detail : null;
  // Where what was entered differs from what an authority returned, counted once.
  const differences = answer?.version === "2" ? answer.mismatches : null;
  const found = useMemo(() => mismatchSummary(differences ?? []), [differences]);
  const legacy = answer?.version === "1" ? answer.detail : null;
  const sections = answer?.sections ?? [];
  const changes = load.state === "ready" ? load.value.changes : null;
  const error = load.state === "failed" ? load.error : null;
  const [tab, showTab] = useState<Tab>("summary");
  const measureNextCommit = usePaintMeasure();
  const setTab = useCallback(
    (next: Tab) => {
      begin(`detail-${next}`);
      measureNextCommit(`detail-${next}`);
      showTab(next);
    },
    [measureNextCommit],
  );

  // 1 to 5 switch tabs (5 is the raw JSON), outside text fields.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTyping(event.target)) return;
      const picked = TABS[Number(event.key) - 1];
      if (picked) {
        event.preventDefault();
        setTab(picked);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [setTab]);

  const when = (iso: string | null) => shownInstant(iso, locale);

  return (
    <section className="page" aria-labelledby="detail-title">
      <PageHeader
        id="detail-title"
        title={detail?.Cliente || t("detailTitle")}
        subtitle={props.documentId}
        back={{ label: props.back.toTracking ? t("backToTracking") : t("back"), onClick: props.back.go }}
        actions={
          <>
            <CopyFileLink documentId={props.documentId} />
            {answer && props.onReview && (
              <button type="button" className="button-primary" onClick={props.onReview} data-testid="start-review">
                {t("startReview")}
              </button>
            )}
          </>
        }
      />
      {error && <ErrorNotice error={error} />}
      {!answer && !error && <div className="empty">{t("loading")}</div>}
      {legacy && <DetailVersion1 detail={legacy} sections={sections} />}
      {detail && (
        <>
          <div className="tabs" role="tablist">
            {TABS.map((name, index) => (
              <button
                key={name}
                type="button"
                role="tab"
                aria-selected={tab === name}
                className={tab === name ? "tab active" : "tab"}
                onClick={() => setTab(name)}
                data-testid={`tab-${name}`}
                aria-keyshortcuts={String(index + 1)}
                title={t("tabKey", { key: index + 1 })}
              >
                {t(TAB_LABEL[name])}
                {name === "entities" && found.count > 0 && (
                  <>
                    {" "}
                    <span className="chip chip-danger tab-count" data-testid="tab-mismatches">
                      {t("mismatch.count", { n: found.count })}
                    </span>
                  </>
                )}
              </button>
            ))}
          </div>
          <div role="tabpanel" className="detail-panel" data-testid="detail-panel">
            {tab === "summary" && (
              <>
                {found.count > 0 && (
                  <div className="notice notice-warn" role="note" data-testid="mismatch-summary">
                    <span>{t("mismatch.summary", { n: found.count, entities: found.entities })}</span>
                    <button type="button" className="button-quiet small" onClick={() => setTab("entities")}>
                      {t("mismatch.see")}
                    </button>
                  </div>
                )}
                <dl className="facts">
                  <dt>{t("personKind")}</dt>
                  <dd>
                    <ServiceWord field="personType" value={detail.TipoPersona} />
                  </dd>
                  <dt>{t("procedure")}</dt>
                  <dd>{shown(detail.Tramite)}</dd>
                  <dt>RFC</dt>
                  <dd className="mono">{shown(detail.RFC)}</dd>
                  <dt>{t("created")}</dt>
                  <dd>{when(detail.FechaCreacion)}</dd>
                  <dt>{t("received")}</dt>
                  <dd>{when(detail.FechaRecibido)}</dd>
                  <dt>{t("updated")}</dt>
                  <dd>{when(detail.FechaUltimaModificacion)}</dd>
                </dl>
                <h3>{t("sectionsTitle")}</h3>
                {detail.Secciones.length === 0 ? (
                  <p className="muted">{t("noDetailSections")}</p>
                ) : (
                  <ul className="tag-list">
                    {detail.Secciones.map((id, i) => (
                      <li key={`${id}-${i}`} className="tag">
                        <SectionName id={id} sectionId={sections[i] ?? null} />
                      </li>
                    ))}
                  </ul>
                )}
                <h3>{t("changesTitle")}</h3>
                {!changes || changes.changes.length === 0 ? (
                  <p className="muted">{changes && changes.snapshots > 1 ? t("noChanges") : t("firstFetch")}</p>
                ) : (
                  <ul className="changes" data-testid="detail-changes">
                    {changes.changes.map((change) => (
                      <li key={change.path}>
                        <span className="mono">{change.path}</span> <span className="text-danger">{change.before ?? "∅"}</span> →{" "}
                        <span className="strong">{change.after ?? "∅"}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </>
            )}
            {tab === "entities" && (
              <Growing items={detail.Entidades} first={ENTITIES_AT_ONCE} step={ENTITIES_A_FRAME}>
                {(entity, i) => <EntityCard key={`${entity.Id ?? "entity"}-${i}`} entity={entity} mismatches={differences?.[i] ?? []} />}
              </Growing>
            )}
            {tab === "documents" && (
              <Growing items={detail.Documentos} first={DOCUMENTS_AT_ONCE} step={DOCUMENTS_A_FRAME}>
                {(doc, i) => <DocumentCard key={`${doc.ReferenciaId}-${i}`} doc={doc} />}
              </Growing>
            )}
            {tab === "forms" &&
              (detail.Adicionales.length === 0 ? (
                <div className="empty">{t("noForms")}</div>
              ) : (
                detail.Adicionales.map((form, f) => (
                  <article key={`${form.Nombre}-${f}`} className="card">
                    <h3>{shown(form.Nombre)}</h3>
                    {form.Secciones.map((section, s) => (
                      <div key={`${section.Orden}-${s}`}>
                        <h4>{shown(section.Titulo)}</h4>
                        <ol>
                          {section.Preguntas.map((q, n) => (
                            <li key={`${q.Orden}-${n}`}>
                              {shown(q.Texto)}: <strong>{answerWords(q.Valor, t)}</strong>
                            </li>
                          ))}
                        </ol>
                      </div>
                    ))}
                  </article>
                ))
              ))}
            {tab === "json" && <JsonText value={detail} />}
          </div>
        </>
      )}
    </section>
  );
}

/** A form's answer in words: a yes/no answer (a boolean, or "true"/"false" as text) as
 * Sí/No in the user's language; anything else as it came. */
function answerWords(value: Scalar | null, t: Translate): string {
  const text = typeof value === "string" ? value.trim().toLowerCase() : null;
  const yesNo = typeof value === "boolean" ? value : text === "true" ? true : text === "false" ? false : undefined;
  return yesNo === undefined ? shown(value) : t(yesNo ? "yes" : "no");
}

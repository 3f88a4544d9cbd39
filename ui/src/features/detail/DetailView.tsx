import { useEffect, useState } from "react";

import * as backend from "../../api/backend";
import type { Document } from "../../bindings/Document";
import type { Entity } from "../../bindings/Entity";
import { type MessageKey, useI18n } from "../../i18n";
import { ErrorNotice } from "../../ui/ErrorNotice";
import { useLoad } from "../../ui/useLoad";
import { formatLocal } from "../tracking/model";
import { mismatches, shareCheck } from "./model";

const TABS = ["summary", "entities", "documents", "forms", "json"] as const;
type Tab = (typeof TABS)[number];

/** The version-2 detail of a file, by tabs. Fetching it also keeps it in the file's
 * history, so the summary can show what changed since the last review. */
export function DetailView(props: { documentId: string; onBack: () => void; onReview: () => void }) {
  const { t, locale } = useI18n();
  const [load] = useLoad(async () => {
    const detail = await backend.fileDetail(props.documentId);
    // The comparison is extra: without it the detail still shows.
    const changes = await backend.detailChanges(props.documentId).catch(() => null);
    return { detail, changes };
  }, props.documentId);
  const detail = load.state === "ready" ? load.value.detail : null;
  const changes = load.state === "ready" ? load.value.changes : null;
  const error = load.state === "failed" ? load.error : null;
  const [tab, setTab] = useState<Tab>("summary");

  // 1 to 5 switch tabs (5 is the raw JSON), outside text fields.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if ((event.target as HTMLElement | null)?.closest("textarea, input, select")) return;
      const picked = TABS[Number(event.key) - 1];
      if (picked) {
        event.preventDefault();
        setTab(picked);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const when = (iso: string | null) => formatLocal(iso, locale) ?? "—";

  return (
    <section className="page" aria-labelledby="detail-title">
      <div className="page-header">
        <div>
          <button type="button" className="button-quiet small" onClick={props.onBack}>
            {t("backToTracking")}
          </button>
          <h2 id="detail-title">{detail?.Cliente || t("detailTitle")}</h2>
          <span className="mono muted">{props.documentId}</span>
        </div>
        {detail && (
          <div className="page-actions">
            <button type="button" className="button-primary" onClick={props.onReview} data-testid="start-review">
              {t("startReview")}
            </button>
          </div>
        )}
      </div>
      {error && <ErrorNotice error={error} />}
      {!detail && !error && <div className="empty">{t("loading")}</div>}
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
                {t(`tab.${name}` as MessageKey)}
              </button>
            ))}
          </div>
          <div role="tabpanel" data-testid="detail-panel">
            {tab === "summary" && (
              <>
                <dl className="facts">
                  <dt>{t("personKind")}</dt>
                  <dd>{detail.TipoPersona}</dd>
                  <dt>{t("procedure")}</dt>
                  <dd>{detail.Tramite}</dd>
                  <dt>RFC</dt>
                  <dd className="mono">{detail.RFC}</dd>
                  <dt>{t("created")}</dt>
                  <dd>{when(detail.FechaCreacion)}</dd>
                  <dt>{t("received")}</dt>
                  <dd>{when(detail.FechaRecibido)}</dd>
                  <dt>{t("updated")}</dt>
                  <dd>{when(detail.FechaUltimaModificacion)}</dd>
                </dl>
                <h3>{t("sectionsTitle")}</h3>
                <ul className="tag-list">
                  {detail.Secciones.map((id) => {
                    const [name, limit] = id.split("Limit:");
                    return (
                      <li key={id} className="tag">
                        {limit !== undefined && name ? `${name} · ${t("limit", { n: limit })}` : id}
                      </li>
                    );
                  })}
                </ul>
                <h3>{t("changesTitle")}</h3>
                {!changes || changes.changes.length === 0 ? (
                  <p className="muted">{changes && changes.snapshots > 1 ? t("noChanges") : t("firstFetch")}</p>
                ) : (
                  <ul className="changes" data-testid="detail-changes">
                    {changes.changes.map((change) => (
                      <li key={change.path}>
                        <span className="mono">{change.path}</span>{" "}
                        <span className="text-danger">{change.before ?? "∅"}</span> →{" "}
                        <span className="strong">{change.after ?? "∅"}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </>
            )}
            {tab === "entities" && detail.Entidades.map((entity) => <EntityCard key={entity.Id} entity={entity} />)}
            {tab === "documents" && detail.Documentos.map((doc, i) => <DocumentCard key={`${doc.ReferenciaId}-${i}`} doc={doc} />)}
            {tab === "forms" &&
              (detail.Adicionales.length === 0 ? (
                <div className="empty">{t("noForms")}</div>
              ) : (
                detail.Adicionales.map((form) => (
                  <article key={form.Nombre} className="card">
                    <h3>{form.Nombre}</h3>
                    {form.Secciones.map((section) => (
                      <div key={section.Orden}>
                        <h4>{section.Titulo}</h4>
                        <ol>
                          {section.Preguntas.map((q) => (
                            <li key={q.Orden}>
                              {q.Texto}: <strong>{q.Valor === null ? "—" : String(q.Valor)}</strong>
                            </li>
                          ))}
                        </ol>
                      </div>
                    ))}
                  </article>
                ))
              ))}
            {tab === "json" && <pre className="json">{JSON.stringify(detail, null, 2)}</pre>}
          </div>
        </>
      )}
    </section>
  );
}

function EntityCard({ entity }: { entity: Entity }) {
  const { t } = useI18n();
  const differences = mismatches(entity);
  const data = entity.Datos;
  const flagged = (field: string) => differences.some((d) => d.field === field);
  const value = (field: keyof typeof data, shown: string | null) => (
    <dd className={flagged(field) ? "mismatch" : undefined}>{shown || "—"}</dd>
  );
  return (
    <article className="card" data-testid="entity-card">
      <h3>
        {entity.Referencia} <span className="chip">{entity.Tipo}</span>
      </h3>
      <dl className="facts">
        {data.Nombre !== null && (
          <>
            <dt>{t("colName")}</dt>
            {value("Nombre", [data.Nombre, data.ApellidoPaterno, data.ApellidoMaterno].filter(Boolean).join(" "))}
            <dt>CURP</dt>
            {value("CURP", data.CURP)}
            <dt>RFC</dt>
            {value("RFC", data.RFC)}
            <dt>{t("colEmail")}</dt>
            <dd>{data.Correo ?? "—"}</dd>
          </>
        )}
        {data.NombreComercial !== null && (
          <>
            <dt>{t("tradeName")}</dt>
            <dd>{data.NombreComercial}</dd>
            <dt>{t("phone")}</dt>
            <dd>{[data.Telefono, data.Extension].filter(Boolean).join(" ext. ") || "—"}</dd>
          </>
        )}
      </dl>
      {differences.length > 0 && (
        <div className="notice notice-error" role="note" data-testid="mismatches">
          <ul className="notice-details">
            {differences.map((d) => (
              <li key={`${d.field}-${d.source}`}>
                {t("mismatch", { field: d.field, entered: d.entered, authority: d.authority, source: d.source })}
              </li>
            ))}
          </ul>
        </div>
      )}
      {entity.Validaciones.map((v) => (
        <div key={`${v.Tipo}-${v.Entidad}`} className="validation">
          <span className={`chip ${v.Resultado ? "chip-ok" : "chip-danger"}`}>{v.Resultado ? t("passed") : t("failed")}</span>{" "}
          <strong>{v.Tipo}</strong> · {v.Entidad} · {v.Estatus}
        </div>
      ))}
    </article>
  );
}

function DocumentCard({ doc }: { doc: Document }) {
  const { t } = useI18n();
  const shareholders = doc.OrganosInternos?.Accionistas ?? [];
  const shares = shareCheck(shareholders);
  return (
    <article className="card" data-testid="document-card">
      <h3>
        {doc.Referencia} <span className="chip">{doc.TipoDocumento}</span> {doc.Subtipo && <span className="chip">{doc.Subtipo}</span>}
      </h3>
      <dl className="facts">
        <dt>{t("holder")}</dt>
        <dd>{doc.NombreTitular || "—"}</dd>
        {doc.Direccion && (
          <>
            <dt>{t("address")}</dt>
            <dd>{doc.Direccion.Completa}</dd>
          </>
        )}
        {doc.Fechas && (
          <>
            <dt>{t("issued")}</dt>
            <dd>{doc.Fechas.Emision ?? "—"}</dd>
          </>
        )}
      </dl>
      {doc.Validaciones.map((v, i) => (
        <div key={`${v.Tipo}-${i}`} className="validation">
          <span className={`chip ${v.DocumentoEditado ? "chip-danger" : "chip-ok"}`}>
            {v.DocumentoEditado ? t("edited") : t("notEdited")}
          </span>{" "}
          <strong>{v.Tipo}</strong> · {t("risk")}: {v.NivelRiesgo ?? "—"}
          <ul>
            {v.Indicadores.map((indicator) => (
              <li key={indicator.Codigo}>
                <span className="mono">{indicator.Codigo}</span> {indicator.Titulo}: {indicator.Descripcion}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {shareholders.length > 0 && (
        <>
          <h4>{t("shareholders")}</h4>
          {!shares.addsUp && (
            <div className="notice notice-error" role="note" data-testid="shares-warning">
              {shares.total === null ? t("sharesUnreadable") : t("sharesOff", { total: shares.total })}
            </div>
          )}
          <ul>
            {shareholders.map((s) => (
              <li key={`${s.Nombre}-${s.RFC}`}>
                {s.Nombre} · {String(s.Porcentaje ?? "—")} %
              </li>
            ))}
          </ul>
        </>
      )}
      {doc.Archivo?.URL && (
        <button type="button" className="button-quiet small" onClick={() => void backend.openExternal(doc.Archivo?.URL ?? "")}>
          {t("openFile")}
        </button>
      )}
    </article>
  );
}

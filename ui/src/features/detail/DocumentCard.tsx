import { Fragment, memo } from "react";

import type { DeedAnalysis } from "../../bindings/DeedAnalysis";
import type { Document } from "../../bindings/Document";
import type { PurposeAnalysis } from "../../bindings/PurposeAnalysis";
import { OpenLinkButton } from "../../components/OpenLinkButton";
import { type MessageKey, useI18n } from "../../i18n";
import { formatDay } from "../../words/format";
import { MISSING, shown, shownParts } from "../../words/text";
import { shareCheck } from "./model";
import { ServiceWord } from "./ServiceWord";

/** A document: a proof of address (holder, address, dates, alteration analysis) or the
 * incorporation deed (general analysis, representatives, corporate purpose and the
 * powers it grants, shareholders, administration and vigilance bodies). */
export const DocumentCard = memo(function DocumentCard({
  doc,
  external = true,
}: {
  doc: Document;
  /** Offer to open the file in the system's browser; the evidence pane shows it in the
   * window instead, and never hands it to another program. */
  external?: boolean;
}) {
  const { t, locale } = useI18n();
  // Its category and context, those the service sent.
  const context = (
    [
      ["category", doc.Categoria],
      ["context", doc.Contexto],
    ] as const
  ).filter(([, value]) => value?.trim());
  return (
    <article className="card" data-testid="document-card">
      <h3>
        {shown(doc.Referencia)}{" "}
        {doc.TipoDocumento && (
          <span className="chip">
            <ServiceWord field="documentType" value={doc.TipoDocumento} />
          </span>
        )}{" "}
        {doc.Subtipo && (
          <span className="chip">
            <ServiceWord field="subtype" value={doc.Subtipo} />
          </span>
        )}
      </h3>
      <dl className="facts">
        <dt>{t("holder")}</dt>
        <dd>{shown(doc.NombreTitular)}</dd>
        <dt>{t("context")}</dt>
        <dd>
          {context.length === 0
            ? MISSING
            : context.map(([field, value], i) => (
                <Fragment key={field}>
                  {i > 0 && " · "}
                  <ServiceWord field={field} value={value} />
                </Fragment>
              ))}
        </dd>
        {doc.Direccion && (
          <>
            <dt>{t("address")}</dt>
            <dd>
              {doc.Direccion.Completa?.trim() ||
                shownParts([doc.Direccion.Calle, doc.Direccion.NumeroExterior, doc.Direccion.Colonia, doc.Direccion.CodigoPostal, doc.Direccion.Estado], ", ")}
            </dd>
          </>
        )}
        {doc.Fechas && (
          <>
            <dt>{t("issued")}</dt>
            <dd>{formatDay(doc.Fechas.Emision, locale) ?? MISSING}</dd>
            <dt>{t("payBy")}</dt>
            <dd>{formatDay(doc.Fechas.FechaLimitePago, locale) ?? MISSING}</dd>
          </>
        )}
      </dl>
      {doc.Validaciones.map((v, i) => (
        <div key={`${v.Tipo}-${i}`} className="validation" data-testid="alteration">
          {/* DocumentoEditado is the service's own verdict on whether the document was
              edited, worded as the service's: a bare "not edited" beside an alteration-risk
              finding reads as contradicting it. A missing one is no verdict. */}
          <span className={`chip ${v.DocumentoEditado === null ? "chip-neutral" : v.DocumentoEditado ? "chip-danger" : "chip-ok"}`} data-testid="edited-flag">
            {v.DocumentoEditado === null ? t("noResult") : v.DocumentoEditado ? t("alteration.edited") : t("alteration.notEdited")}
          </span>{" "}
          <strong>
            <ServiceWord field="validation" value={v.Tipo} />
          </strong>{" "}
          · {t("risk")}: <ServiceWord field="risk" value={v.NivelRiesgo} />
          {v.Estatus?.trim() && (
            <>
              {" "}
              · <ServiceWord field="status" value={v.Estatus} />
            </>
          )}
          {v.Indicadores.length > 0 && (
            <ul>
              {v.Indicadores.map((indicator, n) => (
                <li key={`${indicator.Codigo}-${n}`}>
                  <span className="mono">{shown(indicator.Codigo)}</span>{" "}
                  <strong>
                    <ServiceWord field="indicator" value={indicator.Titulo} />
                  </strong>
                  : {shown(indicator.Descripcion)}
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
      {doc.AnalisisGeneral && <DeedFacts deed={doc.AnalisisGeneral} />}
      {doc.Representantes && doc.Representantes.length > 0 && (
        <>
          <h4>{t("deed.representatives")}</h4>
          <ul>
            {doc.Representantes.map((r, i) => (
              <li key={`${r.NombreRepresentante}-${i}`}>{shown(r.NombreRepresentante)}</li>
            ))}
          </ul>
        </>
      )}
      {doc.ObjetoSocial?.ObjetoSocial && (
        <>
          <h4>{t("deed.purpose")}</h4>
          <p className="prose">{doc.ObjetoSocial.ObjetoSocial}</p>
        </>
      )}
      {doc.ObjetoSocialAnalisis && <Powers analysis={doc.ObjetoSocialAnalisis} />}
      {doc.OrganosInternos && <Bodies doc={doc} />}
      {external && doc.Archivo?.URL && <OpenLinkButton url={doc.Archivo.URL}>{t("openFile")}</OpenLinkButton>}
    </article>
  );
});

/** The deed's general analysis in the order shown, each with its label (EsActa is the
 * verdict above them). */
const DEED_FIELDS: [Exclude<keyof DeedAnalysis, "EsActa">, MessageKey][] = [
  ["RazonDenominacionSociedad", "deed.RazonDenominacionSociedad"],
  ["NumeroEscrituraPublica", "deed.NumeroEscrituraPublica"],
  ["Libro", "deed.Libro"],
  ["FechaInstrumento", "deed.FechaInstrumento"],
  ["NombreNotario", "deed.NombreNotario"],
  ["NumeroNotario", "deed.NumeroNotario"],
  ["EntidadFederativaNotario", "deed.EntidadFederativaNotario"],
  ["FechaConstitucion", "deed.FechaConstitucion"],
  ["Duracion", "deed.Duracion"],
  ["DomicilioSocial", "deed.DomicilioSocial"],
  ["CapitalMinimo", "deed.CapitalMinimo"],
  ["FechaInscripcion", "deed.FechaInscripcion"],
  ["FolioMercantil", "deed.FolioMercantil"],
];

/** The deed's fields that hold a day. */
const DEED_DAYS = new Set<keyof DeedAnalysis>(["FechaInstrumento", "FechaConstitucion", "FechaInscripcion"]);

function DeedFacts({ deed }: { deed: DeedAnalysis }) {
  const { t, locale } = useI18n();
  return (
    <>
      <h4>
        {t("deed.analysis")} {/* A missing EsActa is no verdict either way. */}
        <span className={`chip ${deed.EsActa === null ? "chip-neutral" : deed.EsActa ? "chip-ok" : "chip-danger"}`}>
          {deed.EsActa === null ? t("noResult") : deed.EsActa ? t("deed.isDeed") : t("deed.notDeed")}
        </span>
      </h4>
      <dl className="facts" data-testid="deed-analysis">
        {DEED_FIELDS.map(([field, label]) => (
          <div key={field} className="fact">
            <dt>{t(label)}</dt>
            <dd>{DEED_DAYS.has(field) ? (formatDay(deed[field], locale) ?? MISSING) : shown(deed[field])}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

const POWERS: [keyof PurposeAnalysis, MessageKey][] = [
  ["ObligadoSolidario", "power.ObligadoSolidario"],
  ["Aval", "power.Aval"],
  ["Fianza", "power.Fianza"],
  ["Hipoteca", "power.Hipoteca"],
  ["AperturarCuentas", "power.AperturarCuentas"],
  ["Financiamiento", "power.Financiamiento"],
  ["OperacionesCredito", "power.OperacionesCredito"],
  ["TitulosCredito", "power.TitulosCredito"],
];

function Powers({ analysis }: { analysis: PurposeAnalysis }) {
  const { t } = useI18n();
  return (
    <>
      <h4>{t("deed.powers")}</h4>
      <table className="grid-table" data-testid="powers">
        <thead>
          <tr>
            <th>{t("deed.power")}</th>
            <th>{t("deed.allowed")}</th>
            <th>{t("deed.grounds")}</th>
          </tr>
        </thead>
        <tbody>
          {POWERS.map(([power, label]) => {
            const finding = analysis[power];
            return (
              <tr key={power}>
                <td className="strong">{t(label)}</td>
                <td>
                  {finding?.Valor === null || finding?.Valor === undefined ? (
                    MISSING
                  ) : (
                    <span className={`chip ${finding.Valor ? "chip-ok" : "chip-neutral"}`}>{finding.Valor ? t("yes") : t("no")}</span>
                  )}
                </td>
                <td>{shown(finding?.Fundamento)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}

function Bodies({ doc }: { doc: Document }) {
  const { t } = useI18n();
  const bodies = doc.OrganosInternos;
  if (!bodies) return null;
  const shareholders = bodies.Accionistas;
  const shares = shareCheck(shareholders);
  const admin = bodies.Administracion;
  const oversight = bodies.OrganoVigilancia;
  return (
    <>
      {shareholders.length > 0 && (
        <>
          <h4>{t("shareholders")}</h4>
          {!shares.addsUp && (
            <div className="notice notice-error" role="note" data-testid="shares-warning">
              {shares.total === null ? t("sharesUnreadable") : t("sharesOff", { total: shares.total })}
            </div>
          )}
          <table className="grid-table" data-testid="shareholders">
            <thead>
              <tr>
                <th>{t("colName")}</th>
                <th>RFC</th>
                <th>{t("nationality")}</th>
                <th>%</th>
                <th>{t("deed.shares")}</th>
                <th>{t("deed.series")}</th>
                <th>{t("deed.fixed")}</th>
                <th>{t("deed.variable")}</th>
                <th>{t("deed.total")}</th>
              </tr>
            </thead>
            <tbody>
              {shareholders.map((s, i) => (
                <tr key={`${s.Nombre}-${s.RFC}-${i}`}>
                  <td className="strong">{shown(s.Nombre)}</td>
                  <td className="mono">{shown(s.RFC)}</td>
                  <td>{shown(s.Nacionalidad)}</td>
                  <td>{shown(s.Porcentaje)}</td>
                  <td>{shown(s.ParticipacionAccionaria)}</td>
                  <td>{shown(s.SerieClase)}</td>
                  <td>{shown(s.CapitalFijo)}</td>
                  <td>{shown(s.CapitalVariable)}</td>
                  <td>{shown(s.Total)}</td>
                </tr>
              ))}
            </tbody>
            {shares.total !== null && (
              <tfoot>
                <tr>
                  <td colSpan={3}>{t("deed.sum")}</td>
                  <td className={shares.addsUp ? "strong" : "strong text-danger"}>{shares.total}</td>
                  <td colSpan={5} />
                </tr>
              </tfoot>
            )}
          </table>
        </>
      )}
      {admin && (
        <>
          <h4>
            {t("deed.administration")} · <ServiceWord field="body" value={admin.RegimenAdministracion} />
          </h4>
          <ul data-testid="administration">
            {admin.Integrantes.map((m, i) => (
              <li key={`${m.Nombre}-${m.RFC}-${i}`}>
                {shown(m.Nombre)} <span className="mono muted">{shown(m.RFC)}</span> · {shown(m.Nacionalidad)}
              </li>
            ))}
          </ul>
        </>
      )}
      {oversight && (
        <>
          <h4>
            {t("deed.oversight")} · <ServiceWord field="body" value={oversight.TipoOrganoVigilancia} />
          </h4>
          <p data-testid="oversight">
            {shown(oversight.Nombre)} <span className="mono muted">{shown(oversight.RFC)}</span> · {shown(oversight.Nacionalidad)}
          </p>
        </>
      )}
    </>
  );
}

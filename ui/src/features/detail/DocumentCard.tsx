import * as backend from "../../api/backend";
import type { DeedAnalysis } from "../../bindings/DeedAnalysis";
import type { Document } from "../../bindings/Document";
import type { PurposeAnalysis } from "../../bindings/PurposeAnalysis";
import { type MessageKey, useI18n } from "../../i18n";
import { shareCheck } from "./model";

/** A document: a proof of address (holder, address, dates, alteration analysis) or the
 * incorporation deed (general analysis, representatives, corporate purpose and the
 * powers it grants, shareholders, administration and vigilance bodies). */
export function DocumentCard({ doc }: { doc: Document }) {
  const { t } = useI18n();
  return (
    <article className="card" data-testid="document-card">
      <h3>
        {doc.Referencia} <span className="chip">{doc.TipoDocumento}</span>{" "}
        {doc.Subtipo && <span className="chip">{doc.Subtipo}</span>}
      </h3>
      <dl className="facts">
        <dt>{t("holder")}</dt>
        <dd>{doc.NombreTitular || "—"}</dd>
        <dt>{t("context")}</dt>
        <dd>
          {doc.Categoria} · {doc.Contexto}
        </dd>
        {doc.Direccion && (
          <>
            <dt>{t("address")}</dt>
            <dd>{doc.Direccion.Completa || [doc.Direccion.Calle, doc.Direccion.NumeroExterior, doc.Direccion.Colonia, doc.Direccion.CodigoPostal, doc.Direccion.Estado].filter(Boolean).join(", ")}</dd>
          </>
        )}
        {doc.Fechas && (
          <>
            <dt>{t("issued")}</dt>
            <dd>{doc.Fechas.Emision ?? "—"}</dd>
            <dt>{t("payBy")}</dt>
            <dd>{doc.Fechas.FechaLimitePago ?? "—"}</dd>
          </>
        )}
      </dl>
      {doc.Validaciones.map((v, i) => (
        <div key={`${v.Tipo}-${i}`} className="validation" data-testid="alteration">
          <span className={`chip ${v.DocumentoEditado ? "chip-danger" : "chip-ok"}`}>
            {v.DocumentoEditado ? t("edited") : t("notEdited")}
          </span>{" "}
          <strong>{v.Tipo}</strong> · {t("risk")}: {v.NivelRiesgo ?? "—"}
          {v.Estatus && <> · {v.Estatus}</>}
          {v.Indicadores.length > 0 && (
            <ul>
              {v.Indicadores.map((indicator) => (
                <li key={indicator.Codigo}>
                  <span className="mono">{indicator.Codigo}</span> <strong>{indicator.Titulo}</strong>: {indicator.Descripcion}
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
            {doc.Representantes.map((r) => (
              <li key={r.NombreRepresentante}>{r.NombreRepresentante}</li>
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
      {doc.Archivo?.URL && (
        <button type="button" className="button-quiet small" onClick={() => void backend.openExternal(doc.Archivo?.URL ?? "")}>
          {t("openFile")}
        </button>
      )}
    </article>
  );
}

const DEED_FIELDS: (keyof DeedAnalysis)[] = [
  "RazonDenominacionSociedad", "NumeroEscrituraPublica", "Libro", "FechaInstrumento", "NombreNotario", "NumeroNotario",
  "EntidadFederativaNotario", "FechaConstitucion", "Duracion", "DomicilioSocial", "CapitalMinimo", "FechaInscripcion",
  "FolioMercantil",
];

function DeedFacts({ deed }: { deed: DeedAnalysis }) {
  const { t } = useI18n();
  return (
    <>
      <h4>
        {t("deed.analysis")}{" "}
        <span className={`chip ${deed.EsActa ? "chip-ok" : "chip-danger"}`}>{deed.EsActa ? t("deed.isDeed") : t("deed.notDeed")}</span>
      </h4>
      <dl className="facts" data-testid="deed-analysis">
        {DEED_FIELDS.map((field) => (
          <div key={field} className="fact">
            <dt>{t(`deed.${field}` as MessageKey)}</dt>
            <dd>{deed[field] === "" ? "—" : String(deed[field])}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}

const POWERS: (keyof PurposeAnalysis)[] = [
  "ObligadoSolidario", "Aval", "Fianza", "Hipoteca", "AperturarCuentas", "Financiamiento", "OperacionesCredito", "TitulosCredito",
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
          {POWERS.map((power) => {
            const finding = analysis[power];
            return (
              <tr key={power}>
                <td className="strong">{t(`power.${power}` as MessageKey)}</td>
                <td>
                  {finding === null ? (
                    "—"
                  ) : (
                    <span className={`chip ${finding.Valor ? "chip-ok" : "chip-neutral"}`}>{finding.Valor ? t("yes") : t("no")}</span>
                  )}
                </td>
                <td>{finding?.Fundamento || "—"}</td>
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
  const text = (v: unknown) => (v === null || v === undefined || v === "" ? "—" : String(v));
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
              {shareholders.map((s) => (
                <tr key={`${s.Nombre}-${s.RFC}`}>
                  <td className="strong">{s.Nombre}</td>
                  <td className="mono">{text(s.RFC)}</td>
                  <td>{text(s.Nacionalidad)}</td>
                  <td>{text(s.Porcentaje)}</td>
                  <td>{text(s.ParticipacionAccionaria)}</td>
                  <td>{text(s.SerieClase)}</td>
                  <td>{text(s.CapitalFijo)}</td>
                  <td>{text(s.CapitalVariable)}</td>
                  <td>{text(s.Total)}</td>
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
            {t("deed.administration")} · {text(admin.RegimenAdministracion)}
          </h4>
          <ul data-testid="administration">
            {admin.Integrantes.map((m) => (
              <li key={`${m.Nombre}-${m.RFC}`}>
                {m.Nombre} <span className="mono muted">{m.RFC}</span> · {m.Nacionalidad}
              </li>
            ))}
          </ul>
        </>
      )}
      {oversight && (
        <>
          <h4>
            {t("deed.oversight")} · {text(oversight.TipoOrganoVigilancia)}
          </h4>
          <p data-testid="oversight">
            {text(oversight.Nombre)} <span className="mono muted">{oversight.RFC}</span> · {oversight.Nacionalidad}
          </p>
        </>
      )}
    </>
  );
}

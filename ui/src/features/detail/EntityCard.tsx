import { memo, type ReactNode } from "react";

import type { Entity } from "../../bindings/Entity";
import type { EntityData } from "../../bindings/EntityData";
import type { EntityValidation } from "../../bindings/EntityValidation";
import type { Mismatch } from "../../bindings/Mismatch";
import type { ValidationDetails } from "../../bindings/ValidationDetails";
import { useI18n } from "../../i18n";
import { formatLocal } from "../../words/format";
import { MISSING, shown, shownParts } from "../../words/text";
import { validationVerdict } from "./model";
import { PhotoStrip } from "./PhotoViewer";
import { ServiceWord } from "./ServiceWord";

/** A representative (personal data beside what each authority returned, differences
 * highlighted) or a branch (data and photos). */
export const EntityCard = memo(function EntityCard({
  entity,
  mismatches: differences,
  photoView,
}: {
  entity: Entity;
  /** Where what was entered differs from an authority's (the backend's checks). */
  mismatches: Mismatch[];
  /** Shown instead of the photo strip (the evidence pane's own, by handle). */
  photoView?: ReactNode;
}) {
  const { t } = useI18n();
  const data: Partial<EntityData> = entity.Datos ?? {};
  const flagged = (field: string) => differences.some((d) => d.field === field);
  const value = (field: string, text: string | null | undefined) => <dd className={flagged(field) ? "mismatch" : undefined}>{shown(text)}</dd>;
  const photos = [
    ...(data.ImagenesInteriores ?? []).map((url, i) => ({ url, caption: t("photos.interior", { n: i + 1 }) })),
    ...(data.ImagenesExteriores ?? []).map((url, i) => ({ url, caption: t("photos.exterior", { n: i + 1 }) })),
  ];
  return (
    <article className="card" data-testid="entity-card">
      <h3>
        {shown(entity.Referencia)}{" "}
        {entity.Tipo && (
          <span className="chip">
            <ServiceWord field="entityType" value={entity.Tipo} />
          </span>
        )}
      </h3>
      <dl className="facts">
        {entity.Tipo !== "Sucursal" && (
          <>
            <dt>{t("colName")}</dt>
            {value("Nombre", data.Nombre)}
            <dt>{t("firstSurname")}</dt>
            {value("ApellidoPaterno", data.ApellidoPaterno)}
            <dt>{t("secondSurname")}</dt>
            {value("ApellidoMaterno", data.ApellidoMaterno)}
            <dt>CURP</dt>
            {value("CURP", data.CURP)}
            <dt>RFC</dt>
            {value("RFC", data.RFC)}
            <dt>{t("nationality")}</dt>
            <dd>{shownParts([data.Nacionalidad, data.PaisOrigen])}</dd>
            <dt>{t("colEmail")}</dt>
            <dd>{shown(data.Correo)}</dd>
            <dt>{t("mobile")}</dt>
            <dd>{shown(data.Celular)}</dd>
          </>
        )}
        {entity.Tipo === "Sucursal" && (
          <>
            <dt>{t("tradeName")}</dt>
            <dd>{shown(data.NombreComercial)}</dd>
            <dt>{t("phone")}</dt>
            <dd>{[data.Telefono, data.Extension].filter((part) => part?.trim()).join(" ext. ") || MISSING}</dd>
            <dt>{t("phone2")}</dt>
            <dd>{shown(data.Telefono2)}</dd>
          </>
        )}
      </dl>
      {differences.length > 0 && (
        <div className="notice notice-error" role="note" data-testid="mismatches">
          <ul className="notice-details">
            {differences.map((d) => (
              <li key={`${d.field}-${d.source}`}>{t("mismatch", { field: d.field, entered: d.entered, authority: d.authority, source: d.source })}</li>
            ))}
          </ul>
        </div>
      )}
      {entity.Validaciones.map((v, i) => (
        <ValidationBlock key={`${v.Tipo}-${v.Entidad}-${i}`} validation={v} />
      ))}
      {entity.Tipo === "Sucursal" && (
        <>
          <h4>{t("photos.title")}</h4>
          {photoView ?? <PhotoStrip photos={photos} />}
        </>
      )}
    </article>
  );
});

/** The fields each kind of validation reports, in reading order. */
const DETAIL_FIELDS: Record<string, (keyof ValidationDetails)[]> = {
  Curp: ["CURP", "Nombres", "PrimerApellido", "SegundoApellido", "FechaNacimiento", "Sexo", "EntidadNacimiento", "Nacionalidad", "StatusCURP"],
  ListaNominal: [
    "ClaveElector",
    "CIC",
    "NumeroEmision",
    "NumeroOCR",
    "DistritoFederal",
    "DistritoLocal",
    "AnioRegistro",
    "AnioEmision",
    "VigenciaHasta",
    "Estado",
  ],
  Biometrico: ["NombreCompleto", "RFC", "CURP", "Email", "StatusOperation", "FechaSolicitud", "FechaCallback", "FechaNotificacion"],
};
const INSTANTS = new Set<keyof ValidationDetails>(["FechaSolicitud", "FechaCallback", "FechaNotificacion"]);

function ValidationBlock({ validation: v }: { validation: EntityValidation }) {
  const { t, locale } = useI18n();
  const details: Partial<ValidationDetails> = v.Detalles ?? {};
  const fields = (DETAIL_FIELDS[v.Tipo ?? ""] ?? (Object.keys(details) as (keyof ValidationDetails)[])).filter(
    (field) => field !== "Comentarios" && details[field] !== null && details[field] !== undefined && details[field] !== "",
  );
  const comments = details.Comentarios ?? [];
  const verdict = validationVerdict(v);
  return (
    // A failed validation is open from the start: its details are what the analyst needs.
    <details className="validation" data-testid="validation" open={verdict === "failed" || verdict === "unknown"}>
      <summary>
        <span className={`chip ${{ passed: "chip-ok", failed: "chip-danger", pending: "chip-warn", unknown: "" }[verdict]}`} data-testid="validation-verdict">
          {{ passed: t("passed"), failed: t("failed"), pending: t("validation.pending"), unknown: t("noResult") }[verdict]}
        </span>{" "}
        <strong>
          <ServiceWord field="validation" value={v.Tipo} />
        </strong>{" "}
        · <ServiceWord field="authority" value={v.Entidad} /> · <ServiceWord field="status" value={v.Estatus} />
      </summary>
      {fields.length === 0 && comments.length === 0 && <p className="muted small">{t("noValidationDetails")}</p>}
      <dl className="facts compact">
        {fields.map((field) => {
          const raw = details[field];
          const text = INSTANTS.has(field) && typeof raw === "string" ? (formatLocal(raw, locale) ?? raw) : String(raw);
          return (
            <div key={field} className="fact">
              <dt>{field}</dt>
              <dd>{text}</dd>
            </div>
          );
        })}
      </dl>
      {comments.length > 0 && (
        <ul className="validation-comments">
          {comments.map((c, i) => (
            <li key={`${c}-${i}`}>{c}</li>
          ))}
        </ul>
      )}
    </details>
  );
}

// The values the service sends in Spanish (risk levels, statuses, kinds of document,
// validation or entity, indicators' titles) in the user's words. The spec shows these
// values only as "values seen", so the tables hold the ones seen and anything else is
// shown as sent. Values are looked up as the service may vary them: case, accents and
// blanks aside (the tables' keys are so written: "No Encontrado" is "noencontrado").
import type { MessageKey, Translate } from "../i18n";
import { fold, MISSING } from "./text";
// The enrollment statuses' words are the evidence's.
import "../i18n/evidence";

/** Which field a value comes from: one word can mean different things in two fields. */
export type ValueField =
  | "risk"
  | "status"
  | "validation"
  | "authority"
  | "category"
  | "context"
  | "documentType"
  | "subtype"
  | "entityType"
  | "personType"
  | "indicator"
  | "body"
  | "decision"
  | "enrollment";

/** A person's enrollment status (the spec lists none; these are the ones seen). */
const ENROLLMENT: Record<string, MessageKey> = {
  pendiente: "status.enrollment.pending",
  solicitado: "status.enrollment.requested",
  completado: "status.enrollment.completed",
  fallido: "status.enrollment.failed",
};

const WORDS: Record<ValueField, Record<string, MessageKey>> = {
  risk: { bajo: "value.risk.low", medio: "value.risk.medium", alto: "value.risk.high" },
  status: {
    aprobado: "value.status.approved",
    rechazado: "value.status.rejected",
    validado: "value.status.validated",
    vigente: "value.status.current",
    noencontrado: "value.status.notFound",
    positiva: "value.status.positive",
    negativa: "value.status.negative",
    // A biometric validation's status is its person's enrollment status: its words.
    ...ENROLLMENT,
  },
  enrollment: ENROLLMENT,
  validation: {
    alteracion: "value.validation.alteration",
    opinion: "value.validation.opinion",
    curp: "value.validation.curp",
    listanominal: "value.validation.voterList",
    biometrico: "value.validation.biometric",
  },
  authority: { proveedorbiometrico: "value.authority.biometricProvider" },
  category: { domicilio: "value.category.address", legal: "value.category.legal", fiscal: "value.category.tax" },
  context: { expediente: "value.context.file", sucursal: "value.context.branch" },
  documentType: {
    comprobante: "value.documentType.proof",
    actaconstitutiva: "value.documentType.deed",
    constanciasituacionfiscal: "value.documentType.taxStatus",
    opinioncumplimiento: "value.documentType.complianceOpinion",
  },
  subtype: { luz: "value.subtype.electricity", agua: "value.subtype.water", telefonia: "value.subtype.phone" },
  entityType: { representante: "value.entity.representative", sucursal: "value.entity.branch" },
  personType: { moral: "personMoral", fisica: "personFisica" },
  indicator: {
    metadatosincompletos: "value.indicator.metadata",
    tipografiainconsistente: "value.indicator.typography",
    ediciondetectada: "value.indicator.edited",
  },
  body: {
    consejodeadministracion: "value.body.board",
    administradorunico: "value.body.soleAdministrator",
    comisario: "value.body.examiner",
  },
  // The correction request's own spelling is feminine; the section statuses' masculine.
  decision: {
    aceptada: "value.decision.accepted",
    aceptado: "value.decision.accepted",
    rechazada: "value.decision.rejected",
    rechazado: "value.decision.rejected",
  },
};

/** A value as shown: the user's words, and the service's own value when it reads
 * differently (null when it does not, or when the value has no words here). */
export type ServiceWord = { words: string; raw: string | null };

function keyOf(field: ValueField, value: string): MessageKey | undefined {
  const table = WORDS[field];
  const key = fold(value).replace(/ /g, "");
  // Own keys only: a value sent as "constructor" or "__proto__" is no word of ours.
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Whether `value` is one of `field`'s values that have words here. */
export function isKnownValue(field: ValueField, value: string): boolean {
  return keyOf(field, value) !== undefined;
}

/** `value` of `field` in the user's words. A difference of case alone is not shown
 * (it says nothing), one of accents is ("Alteración", sent as "Alteracion"). */
export function serviceWord(field: ValueField, value: string | null | undefined, t: Translate): ServiceWord {
  const sent = value?.trim() ?? "";
  if (sent === "") return { words: MISSING, raw: null };
  return wordOrValue(sent, keyOf(field, sent), t);
}

/** `value` in the words of `key`, keeping the value beside them when they differ; the
 * value alone without a key. */
export function wordOrValue(value: string, key: MessageKey | undefined, t: Translate): ServiceWord {
  if (!key) return { words: value, raw: null };
  const words = t(key);
  return { words, raw: words.toLocaleLowerCase() === value.toLocaleLowerCase() ? null : value };
}

/** The same as one line of text: "Medium (Medio)". */
export function serviceText(field: ValueField, value: string | null | undefined, t: Translate): string {
  const { words, raw } = serviceWord(field, value, t);
  return raw === null ? words : `${words} (${raw})`;
}

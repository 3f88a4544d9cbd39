// Ready-made rejection reasons, per kind of section, in the user's language. These are
// the defaults, written from the spec's list of sections; a profile keeps the kinds its
// analysts edited (`Profile.reasons`, checked and stored by the backend's `reasons.rs`),
// and an edited kind replaces its defaults in every language. A reason only fills the
// comment box: what is sent stays the analyst's to change.
import type { Profile } from "../../bindings/Profile";
import type { SectionBase } from "../../bindings/SectionBase";
import type { Locale } from "../../i18n";

/** A kind of section, or "general": reasons for any section. */
export type ReasonKind = SectionBase | "general";

type Defaults = Partial<Record<ReasonKind, string[]>>;

const ES: Defaults = {
  general: [
    "La imagen es ilegible: suba una fotografía o un escaneo nítido.",
    "El documento está incompleto o cortado: suba todas sus páginas completas.",
    "El documento está vencido: suba uno vigente.",
    "El documento no corresponde a lo solicitado en esta sección.",
  ],
  ProofAddress: [
    "El comprobante de domicilio tiene más de tres meses: suba uno reciente.",
    "El domicilio del comprobante no coincide con el declarado.",
    "El comprobante no está a nombre de la empresa.",
  ],
  ActaConstitutiva: [
    "Faltan hojas del acta constitutiva: suba el documento completo.",
    "El acta no muestra los datos de inscripción en el Registro Público de Comercio.",
  ],
  ArticleIncorporation: ["Faltan hojas del acta constitutiva: suba el documento completo."],
  Asamblea: ["El acta de asamblea no está protocolizada ante notario."],
  BankStatement: ["El estado de cuenta tiene más de tres meses: suba el más reciente.", "El estado de cuenta no está a nombre de la empresa."],
  CertificadoSAT: ["El certificado del SAT no está vigente."],
  FiscalCSF: [
    "La constancia de situación fiscal tiene más de un mes: descargue una nueva del SAT.",
    "El RFC de la constancia no coincide con el de la empresa.",
  ],
  Opinion: ["La opinión de cumplimiento es negativa.", "La opinión de cumplimiento tiene más de un mes: descargue una nueva del SAT."],
  LegalRepresentative: ["La identificación del representante legal está vencida.", "El nombre del representante no coincide con el del poder notarial."],
  DatosRep: ["Los datos del representante no coinciden con su identificación."],
  Poder: ["El poder notarial no otorga facultades de administración."],
  PoderesRepresentanteLegal: ["El poder no otorga facultades suficientes al representante legal."],
  ValidacionBiometrica: [
    "La fotografía del rostro no coincide con la de la identificación.",
    "La prueba de vida no se completó: repita la validación biométrica.",
  ],
  PersonaFisica: ["Los datos capturados no coinciden con la identificación oficial."],
  Sucursal: ["El domicilio de la sucursal no coincide con su comprobante."],
  SucursalBank: ["Los datos de la sucursal bancaria están incompletos."],
  SucursalImagenes: ["Las fotografías de la sucursal no muestran la fachada con su número exterior.", "Las fotografías de la sucursal están desenfocadas."],
  TaxInformations: ["La información fiscal está incompleta."],
};

const EN: Defaults = {
  general: [
    "The image is illegible: upload a sharp photograph or scan.",
    "The document is incomplete or cut off: upload all of its pages in full.",
    "The document has expired: upload a current one.",
    "The document is not what this section asks for.",
  ],
  ProofAddress: [
    "The proof of address is more than three months old: upload a recent one.",
    "The address on the proof does not match the declared one.",
    "The proof of address is not in the company's name.",
  ],
  ActaConstitutiva: [
    "Pages of the articles of incorporation are missing: upload the whole document.",
    "The articles do not show their registration in the Public Registry of Commerce.",
  ],
  ArticleIncorporation: ["Pages of the articles of incorporation are missing: upload the whole document."],
  Asamblea: ["The shareholders' meeting minutes are not notarised."],
  BankStatement: ["The bank statement is more than three months old: upload the latest one.", "The bank statement is not in the company's name."],
  CertificadoSAT: ["The SAT certificate is not current."],
  FiscalCSF: [
    "The tax status certificate is more than a month old: download a new one from the SAT.",
    "The RFC on the certificate does not match the company's.",
  ],
  Opinion: ["The tax compliance opinion is negative.", "The tax compliance opinion is more than a month old: download a new one from the SAT."],
  LegalRepresentative: ["The legal representative's ID has expired.", "The representative's name does not match the power of attorney."],
  DatosRep: ["The representative's data does not match their ID."],
  Poder: ["The power of attorney does not grant management powers."],
  PoderesRepresentanteLegal: ["The power does not grant the legal representative sufficient authority."],
  ValidacionBiometrica: ["The face photograph does not match the ID's.", "The liveness check was not completed: repeat the biometric validation."],
  PersonaFisica: ["The data entered does not match the official ID."],
  Sucursal: ["The branch's address does not match its proof."],
  SucursalBank: ["The bank branch's data is incomplete."],
  SucursalImagenes: ["The branch photographs do not show the front with its street number.", "The branch photographs are out of focus."],
  TaxInformations: ["The tax information is incomplete."],
};

const DEFAULTS: Record<Locale, Defaults> = { "es-MX": ES, en: EN };

/** The reasons of one kind: the profile's edited list, else the language's defaults. */
export function reasonsOf(kind: ReasonKind, profile: Pick<Profile, "reasons"> | null, locale: Locale): string[] {
  const edited = profile?.reasons?.[kind];
  return edited && edited.length > 0 ? edited : (DEFAULTS[locale][kind] ?? []);
}

/** Whether a kind's list is the profile's own (edited) rather than the defaults. */
export function isEdited(kind: ReasonKind, profile: Pick<Profile, "reasons"> | null): boolean {
  return (profile?.reasons?.[kind]?.length ?? 0) > 0;
}

/** What the review offers for a section: its kind's reasons, then the general ones. */
export function reasonsFor(base: SectionBase | null, profile: Pick<Profile, "reasons"> | null, locale: Locale): string[] {
  const own = base ? reasonsOf(base, profile, locale) : [];
  return [...own, ...reasonsOf("general", profile, locale).filter((r) => !own.includes(r))];
}

/** The comment after choosing `reason`: the reason alone in an empty box, else after
 * what is written, never twice. */
export function withReason(comment: string, reason: string): string {
  const written = comment.trim();
  if (written.includes(reason)) return comment;
  return written ? `${written} ${reason}` : reason;
}

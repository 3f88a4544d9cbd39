// Ready-made rejection reasons, per kind of section and per finding, in the language the
// customer reads (`customerLocale`), never the window's: the comment reaches the business
// owner. The window may show a default's translation beside it. These are the defaults,
// written from the spec's list of sections; a profile keeps the kinds its analysts edited
// (`Profile.reasons`, checked and stored by the backend's `reasons.rs`), and an edited
// kind replaces its defaults in every language. A reason only fills the comment box:
// what is sent stays the analyst's to change.
import type { FindingKind } from "../../bindings/FindingKind";
import type { Profile } from "../../bindings/Profile";
import type { SectionBase } from "../../bindings/SectionBase";
import type { Locale } from "../../i18n";
import { fold } from "../../words/text";

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

/** A reason for what the desk's own checks found, offered before the section's: the
 * analyst rejects most often for the finding in front of them. A watchlist hit is never
 * named to the customer (telling a listed person they matched a list warns them): its
 * reason asks for the identification that settles who they are. */
type FindingDefaults = Partial<Record<FindingKind, string>>;

const FINDING_ES: FindingDefaults = {
  document_edited: "El documento muestra señales de alteración o edición: suba el documento original, tal como lo emitió la institución, sin modificaciones.",
  proof_stale: "El comprobante de domicilio tiene más de tres meses: suba uno reciente.",
  name_mismatch: "El nombre no coincide con el de la identificación oficial: revise los datos o suba la identificación correcta.",
  face_mismatch: "La fotografía del rostro no coincide con la de la identificación.",
  not_on_voter_list: "La credencial para votar no aparece vigente en la lista nominal: suba una identificación oficial vigente.",
  watchlist_hit: "No fue posible validar la identidad de esta persona: suba una identificación oficial vigente y su CURP.",
  document_unreadable: "No es posible abrir el documento: suba un PDF o una imagen legible del documento completo.",
};

const FINDING_EN: FindingDefaults = {
  document_edited: "The document shows signs of alteration or editing: upload the original, as the institution issued it, unmodified.",
  proof_stale: "The proof of address is more than three months old: upload a recent one.",
  name_mismatch: "The name does not match the official ID's: check the data or upload the right ID.",
  face_mismatch: "The face photograph does not match the ID's.",
  not_on_voter_list: "The voter card is not current on the electoral roll: upload a current official ID.",
  watchlist_hit: "This person's identity could not be validated: upload a current official ID and their CURP.",
  document_unreadable: "The document cannot be opened: upload a readable PDF or image of the whole document.",
};

/** The findings whose reason stands for another's: an alteration risk is the same ask as
 * an edited document. */
const SAME_AS: Partial<Record<FindingKind, FindingKind>> = { alteration_risk: "document_edited" };

const FINDING_DEFAULTS: Record<Locale, FindingDefaults> = { "es-MX": FINDING_ES, en: FINDING_EN };

/** The language a profile's customers read: Spanish (Mexico) unless it says otherwise. */
export function customerLocale(profile: Pick<Profile, "customerLanguage"> | null | undefined): Locale {
  return profile?.customerLanguage ?? "es-MX";
}

/** A reason as the picker offers it: the text the customer reads, and its translation
 * into the window's language (a default only, when the languages differ). */
export interface Reason {
  text: string;
  translation: string | null;
}

/** What the review offers for a section, in the customer's language: first the reasons
 * of its findings (in the findings' order), then its kind's, then the general ones,
 * each once. */
export function offeredReasons(props: {
  base: SectionBase | null;
  findings: readonly FindingKind[];
  profile: Pick<Profile, "reasons" | "customerLanguage"> | null;
  window: Locale;
}): Reason[] {
  const customer = customerLocale(props.profile);
  const translate = customer !== props.window;
  const offered: Reason[] = [];
  const add = (text: string | undefined, translation: string | undefined) => {
    if (!text || offered.some((r) => r.text === text)) return;
    offered.push({ text, translation: translate ? (translation ?? null) : null });
  };
  for (const found of props.findings) {
    const kind = SAME_AS[found] ?? found;
    add(FINDING_DEFAULTS[customer][kind], FINDING_DEFAULTS[props.window][kind]);
  }
  for (const kind of [...(props.base ? [props.base] : []), "general" as const]) {
    const edited = isEdited(kind, props.profile);
    const texts = reasonsOf(kind, props.profile, customer);
    const translations = edited ? [] : reasonsOf(kind, null, props.window);
    for (const [n, text] of texts.entries()) add(text, translations[n]);
  }
  return offered;
}

/** Whether a reason answers what was typed: each typed word begins a word of the reason
 * or of its translation, in any order ("alter docu", "domicilio"). */
export function matchesReason(reason: Reason, typed: string): boolean {
  const wanted = fold(typed)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (wanted.length === 0) return true;
  const words = fold(`${reason.text} ${reason.translation ?? ""}`).split(/[^\p{L}\p{N}]+/u);
  return wanted.every((w) => words.some((word) => word.startsWith(w)));
}

/** The reasons of one kind: the profile's edited list, else the language's defaults. */
export function reasonsOf(kind: ReasonKind, profile: Pick<Profile, "reasons"> | null, locale: Locale): string[] {
  const edited = profile?.reasons?.[kind];
  return edited && edited.length > 0 ? edited : (DEFAULTS[locale][kind] ?? []);
}

/** Whether a kind's list is the profile's own (edited) rather than the defaults. */
export function isEdited(kind: ReasonKind, profile: Pick<Profile, "reasons"> | null): boolean {
  return (profile?.reasons?.[kind]?.length ?? 0) > 0;
}

/** The comment after choosing `reason`: the reason alone in an empty box, else after
 * what is written, never twice. */
export function withReason(comment: string, reason: string): string {
  const written = comment.trim();
  if (written.includes(reason)) return comment;
  return written ? `${written} ${reason}` : reason;
}

// Human names for section identifiers, in the UI's languages. The backend reads an
// identifier into its parts (`SectionId`: base, modifier, limit); the UI only has the
// words for each part. Unknown identifiers have no name: the screen shows them as sent.
import type { Modifier } from "../bindings/Modifier";
import type { SectionBase } from "../bindings/SectionBase";
import type { SectionId } from "../bindings/SectionId";
import type { TrackedSection } from "../bindings/TrackedSection";
import type { Locale } from "../i18n";

type Names = Record<Locale, string>;

const BASES: Record<SectionBase, Names> = {
  ActaConstitutiva: { "es-MX": "Acta constitutiva", en: "Articles of incorporation" },
  ArticleIncorporation: { "es-MX": "Acta constitutiva", en: "Articles of incorporation" },
  Asamblea: { "es-MX": "Acta de asamblea", en: "Shareholders' meeting minutes" },
  BankStatement: { "es-MX": "Estado de cuenta", en: "Bank statement" },
  CertificadoSAT: { "es-MX": "Certificado del SAT", en: "SAT certificate" },
  DatosRep: { "es-MX": "Datos del representante", en: "Representative's data" },
  FiscalCSF: { "es-MX": "Constancia de situación fiscal", en: "Tax status certificate" },
  LegalRepresentative: { "es-MX": "Representante legal", en: "Legal representative" },
  Opinion: { "es-MX": "Opinión de cumplimiento", en: "Tax compliance opinion" },
  PersonaFisica: { "es-MX": "Persona física", en: "Natural person" },
  Poder: { "es-MX": "Poder notarial", en: "Power of attorney" },
  PoderesRepresentanteLegal: { "es-MX": "Poderes del representante legal", en: "Legal representative's powers" },
  ProofAddress: { "es-MX": "Comprobante de domicilio", en: "Proof of address" },
  Sucursal: { "es-MX": "Sucursal", en: "Branch" },
  SucursalBank: { "es-MX": "Sucursal bancaria", en: "Bank branch" },
  SucursalImagenes: { "es-MX": "Fotos de la sucursal", en: "Branch photos" },
  TaxInformations: { "es-MX": "Información fiscal", en: "Tax information" },
  ValidacionBiometrica: { "es-MX": "Validación biométrica", en: "Biometric validation" },
};

const MODIFIERS: Record<Modifier, Names> = {
  Obligatorio: { "es-MX": "obligatorio", en: "required" },
  Opcional: { "es-MX": "opcional", en: "optional" },
  Multiple: { "es-MX": "varios", en: "multiple" },
  Ocultar: { "es-MX": "oculta", en: "hidden" },
  Detallada: { "es-MX": "detallada", en: "detailed" },
};

const LIMIT: Names = { "es-MX": "hasta {n}", en: "up to {n}" };

/** "Comprobante de domicilio (obligatorio)" for the parts of "ProofAddressObligatorio";
 * null when the backend found no base it knows. */
export function sectionLabel(id: SectionId, locale: Locale): string | null {
  if (id.base === null) return null;
  const notes: string[] = [];
  if (id.modifier !== null) notes.push(MODIFIERS[id.modifier][locale]);
  if (id.limit !== null) notes.push(LIMIT[locale].replace("{n}", String(id.limit)));
  const label = BASES[id.base][locale];
  return notes.length ? `${label} (${notes.join(", ")})` : label;
}

/** The parts of an identifier the file's tracking lists (blanks and case aside, as a
 * service echoing it may differ in both); null for one it does not list. */
export function trackedId(sections: TrackedSection[], raw: string): SectionId | null {
  const wanted = raw.trim().toLowerCase();
  return sections.find((s) => s.section.trim().toLowerCase() === wanted)?.id ?? null;
}

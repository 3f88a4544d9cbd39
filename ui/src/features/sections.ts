// Human names for the section identifiers the spec lists (detail `Secciones`, tracking
// `Comments`, the correction request's `seccion`). An identifier is a base name and an
// optional modifier (…Obligatorio, …Opcional, …Multiple, …Ocultar, …Detallada) or a
// limit (…Limit:<n>). Unknown identifiers have no name: the screen shows them as sent.
import type { Locale } from "../i18n";

type Names = Record<Locale, string>;

const BASES: [string, Names][] = [
  // Longest first, so "SucursalImagenes" wins over "Sucursal".
  ["PoderesRepresentanteLegal", { "es-MX": "Poderes del representante legal", en: "Legal representative's powers" }],
  ["ArticleIncorporation", { "es-MX": "Acta constitutiva", en: "Articles of incorporation" }],
  ["LegalRepresentative", { "es-MX": "Representante legal", en: "Legal representative" }],
  ["ValidacionBiometrica", { "es-MX": "Validación biométrica", en: "Biometric validation" }],
  ["ActaConstitutiva", { "es-MX": "Acta constitutiva", en: "Articles of incorporation" }],
  ["SucursalImagenes", { "es-MX": "Fotos de la sucursal", en: "Branch photos" }],
  ["TaxInformations", { "es-MX": "Información fiscal", en: "Tax information" }],
  ["CertificadoSAT", { "es-MX": "Certificado del SAT", en: "SAT certificate" }],
  ["BankStatement", { "es-MX": "Estado de cuenta", en: "Bank statement" }],
  ["PersonaFisica", { "es-MX": "Persona física", en: "Natural person" }],
  ["SucursalBank", { "es-MX": "Sucursal bancaria", en: "Bank branch" }],
  ["ProofAddress", { "es-MX": "Comprobante de domicilio", en: "Proof of address" }],
  ["FiscalCSF", { "es-MX": "Constancia de situación fiscal", en: "Tax status certificate" }],
  ["Asamblea", { "es-MX": "Acta de asamblea", en: "Shareholders' meeting minutes" }],
  ["DatosRep", { "es-MX": "Datos del representante", en: "Representative's data" }],
  ["Sucursal", { "es-MX": "Sucursal", en: "Branch" }],
  ["Opinion", { "es-MX": "Opinión de cumplimiento", en: "Tax compliance opinion" }],
  ["Poder", { "es-MX": "Poder notarial", en: "Power of attorney" }],
];

const MODIFIERS: [string, Names][] = [
  ["Obligatorio", { "es-MX": "obligatorio", en: "required" }],
  ["Opcional", { "es-MX": "opcional", en: "optional" }],
  ["Multiple", { "es-MX": "varios", en: "multiple" }],
  ["Ocultar", { "es-MX": "oculta", en: "hidden" }],
  ["Detallada", { "es-MX": "detallada", en: "detailed" }],
];

const LIMIT: Names = { "es-MX": "hasta {n}", en: "up to {n}" };

/** "Comprobante de domicilio (obligatorio)" for "ProofAddressObligatorio"; null when
 * the identifier is not one the app knows. */
export function sectionLabel(id: string, locale: Locale): string | null {
  const [name = "", limit] = id.trim().split("Limit:");
  const base = BASES.find(([prefix]) => name.startsWith(prefix));
  if (!base) return null;
  const rest = name.slice(base[0].length);
  const notes: string[] = [];
  if (rest) {
    const modifier = MODIFIERS.find(([suffix]) => suffix === rest);
    if (!modifier) return null;
    notes.push(modifier[1][locale]);
  }
  if (limit !== undefined) notes.push(LIMIT[locale].replace("{n}", limit));
  const label = base[1][locale];
  return notes.length ? `${label} (${notes.join(", ")})` : label;
}

// The evidence's findings and rules in words. What counts as a finding, its severity
// and which section it belongs to are the backend's (kyb_desk_core::evidence); the
// window only says them.
import type { EvidenceRule } from "../../bindings/EvidenceRule";
import type { Finding } from "../../bindings/Finding";
import type { FindingKind } from "../../bindings/FindingKind";
import type { Severity } from "../../bindings/Severity";
import type { MessageKey, Translate } from "../../i18n";
import { fileIsKey } from "../../words/errorWords";
import { isKnownValue, serviceText } from "../../words/serviceWords";
import "../../i18n/evidence";

const FINDING: Record<FindingKind, MessageKey> = {
  document_edited: "finding.document_edited",
  alteration_risk: "finding.alteration_risk",
  opinion_negative: "finding.opinion_negative",
  document_check_failed: "finding.document_check_failed",
  not_a_deed: "finding.not_a_deed",
  shares_do_not_add_up: "finding.shares_do_not_add_up",
  face_mismatch: "finding.face_mismatch",
  biometric_pending: "finding.biometric_pending",
  not_on_voter_list: "finding.not_on_voter_list",
  curp_not_valid: "finding.curp_not_valid",
  entity_check_failed: "finding.entity_check_failed",
  name_mismatch: "finding.name_mismatch",
  automatic_check_failed: "finding.automatic_check_failed",
  no_file: "finding.no_file",
  no_document: "finding.no_document",
  identifier_malformed: "finding.identifier_malformed",
  identifier_check_digit: "finding.identifier_check_digit",
  rfc_curp_disagree: "finding.rfc_curp_disagree",
  curp_names_disagree: "finding.curp_names_disagree",
  company_rfc_date: "finding.company_rfc_date",
  deed_company_name: "finding.deed_company_name",
  proof_holder: "finding.proof_holder",
  proof_stale: "finding.proof_stale",
  capital_does_not_add_up: "finding.capital_does_not_add_up",
  capital_disagrees_with_shares: "finding.capital_disagrees_with_shares",
  company_shareholder: "finding.company_shareholder",
  watchlist_hit: "finding.watchlist_hit",
  document_unreadable: "finding.document_unreadable",
};

const UNREADABLE: Record<string, MessageKey> = {
  damaged: "unreadable.damaged",
  too_large: "unreadable.too_large",
  image_too_large: "unreadable.image_too_large",
  scripts: "unreadable.scripts",
  launch: "unreadable.launch",
};

/** What is wrong with a document the desk will not show as it is, in words. */
function unreadableWords(code: string, t: Translate): string {
  const key = UNREADABLE[code];
  if (key) return t(key);
  const kind = code.startsWith("type:") ? code.slice("type:".length) : null;
  return kind ? t("unreadable.type", { kind: t(fileIsKey(kind)) }) : code;
}

const SEVERITY: Record<Severity, MessageKey> = {
  high: "severity.high",
  medium: "severity.medium",
  low: "severity.low",
};

/** The chip's colour for a severity. */
export const SEVERITY_TONE: Record<Severity, string> = { high: "danger", medium: "warn", low: "neutral" };

const RULE: Record<EvidenceRule, MessageKey> = {
  proof_of_address: "rule.proof_of_address",
  branch: "rule.branch",
  deed: "rule.deed",
  powers: "rule.powers",
  person: "rule.person",
  biometrics: "rule.biometrics",
  tax_certificate: "rule.tax_certificate",
  compliance_opinion: "rule.compliance_opinion",
  tax_information: "rule.tax_information",
  bank_statement: "rule.bank_statement",
  none_known: "rule.none_known",
};

/** A finding in a few words, for a badge: "Documento editado", "3 diferencias de nombre". */
export function findingLabel(finding: Pick<Finding, "kind" | "count">, t: Translate): string {
  return t(FINDING[finding.kind], { n: finding.count });
}

/** A finding in a sentence: its words, what it concerns, the service's own codes, and
 * for the desk's own checks the rule's source. An alteration risk carries the service's
 * risk level as its last code: it is said in words after the finding's. */
export function findingText(finding: Pick<Finding, "kind" | "count" | "subject" | "codes" | "source" | "document">, t: Translate): string {
  const about = finding.subject ? ` · ${finding.subject}` : "";
  if (finding.kind === "document_unreadable") {
    const which = finding.document !== null ? ` · ${t("unreadable.document", { n: finding.document + 1 })}` : "";
    return `${findingLabel(finding, t)}${which}: ${finding.codes.map((c) => unreadableWords(c, t)).join("; ")}`;
  }
  // The backend puts the level after the indicators' codes: the last code, so an
  // indicator the service happened to code "Bajo" is never read as the level.
  const last = finding.codes.at(-1);
  const level = finding.kind === "alteration_risk" && last !== undefined && isKnownValue("risk", last) ? last : undefined;
  const label = level === undefined ? findingLabel(finding, t) : `${findingLabel(finding, t)}: ${serviceText("risk", level, t)}`;
  const shownCodes = level === undefined ? finding.codes : finding.codes.slice(0, -1);
  const codes = shownCodes.length > 0 ? ` (${shownCodes.join(", ")})` : "";
  const source = finding.source ? ` — ${finding.source}` : "";
  return `${label}${about}${codes}${source}`;
}

/** The finding a text names by its kind ("document_edited"), for words written down
 * before; null for a kind the window does not know. */
export function findingKindOf(text: string): FindingKind | null {
  const kind = text.trim();
  return isFindingKind(kind) ? kind : null;
}

function isFindingKind(text: string): text is FindingKind {
  return Object.hasOwn(FINDING, text);
}

export function severityLabel(severity: Severity, t: Translate): string {
  return t(SEVERITY[severity]);
}

export function ruleLabel(rule: EvidenceRule, t: Translate): string {
  return t(RULE[rule]);
}

/** The section's findings, one badge per kind (a kind found on several documents or
 * persons counts them), most severe first as the backend sorted them. */
export function badges(findings: Finding[]): { kind: FindingKind; severity: Severity; count: number }[] {
  const seen = new Map<FindingKind, { kind: FindingKind; severity: Severity; count: number }>();
  for (const finding of findings) {
    const badge = seen.get(finding.kind);
    if (badge) badge.count += finding.count;
    else seen.set(finding.kind, { kind: finding.kind, severity: finding.severity, count: finding.count });
  }
  return [...seen.values()];
}

// One wording of a failed rule (a `Failure`, from the desk's checks or read from the
// service's answer), shared by every form and notice: the rule, the field by the label
// its form shows, and the limit, count, flow or section it concerns.
import type { Failure } from "../bindings/Failure";
import type { Rule } from "../bindings/Rule";
import type { MessageKey, Translate } from "../i18n";

/** Each field by the label a form shows for it, by the name a Failure gives it: the
 * service's (create file, tracking, correction, complementary information) and the
 * desk's forms (profile, watchlist). A field missing here is shown by its name. */
const FIELD_LABEL: Partial<Record<string, MessageKey>> = {
  FlowId: "new.flow",
  Company: "new.company",
  CompanyName: "new.company",
  RFC: "rfc",
  ContactEmail: "new.contactEmail",
  ContactPhone: "new.contactPhone",
  ClientName: "new.clientName",
  ClientId: "new.clientId",
  ExternalID: "new.externalId",
  ExternalId: "new.externalId",
  IncludeFlow: "new.include",
  ExcludeFlow: "new.exclude",
  AgentMail: "fieldAgentEmail",
  Folio: "ver.folio",
  secciones: "sectionsTitle",
  seccion: "result.section",
  estatus: "result.verdict",
  comentario: "field.comentario",
  entidadId: "review.entity",
  mensajeGeneral: "review.general",
  mensajeAdicional: "field.mensajeAdicional",
  flowId: "flowId",
  name: "fieldName",
  environment: "fieldBaseUrl",
  workspaceId: "fieldWorkspace",
  agentEmail: "fieldAgentEmail",
  label: "flowLabel",
  apiKey: "fieldApiKey",
  FlowID: "flow",
  reason: "field.reason",
  reasons: "field.reasons",
};

/** Every rule in words, with `{field}` and its numbers. */
const RULE: Record<Rule, MessageKey> = {
  required: "problem.required",
  invalid: "problem.invalid",
  not_a_verdict: "problem.not_a_verdict",
  too_long: "problem.too_long",
  too_few: "problem.too_few",
  too_many: "problem.too_many",
  taken: "problem.taken",
  repeated: "problem.repeated",
  https_only: "problem.https_only",
  too_large: "problem.too_large",
  not_in_profile: "problem.not_in_profile",
};

/** Rules a field says better in its own words (why the rule is there, what it asks). */
const OWN_WORDS: Partial<Record<string, Partial<Record<Rule, MessageKey>>>> = {
  ContactPhone: { invalid: "problem.phone" },
  RFC: { invalid: "problem.rfc.invalid" },
  ContactEmail: { invalid: "problem.contactEmail.invalid" },
  name: { taken: "problem.name.taken", too_long: "problem.name.too_long" },
  environment: { https_only: "problem.address.https_only", invalid: "problem.address.invalid" },
  workspaceId: { invalid: "problem.workspace.invalid" },
  agentEmail: { invalid: "problem.agentEmail.invalid" },
  apiKey: { required: "problem.apiKey.required", invalid: "problem.apiKey.invalid" },
  file: { too_large: "problem.file.too_large" },
  rows: { too_many: "problem.rows.too_many" },
  line: { invalid: "problem.line.invalid" },
  secciones: { too_few: "problem.secciones.too_few", too_many: "problem.secciones.too_many" },
  comentario: { required: "problem.comentario.required" },
};

/** A profile's flow, by its number (`position`): "flow 2 needs its FlowID". */
const OF_FLOW: Partial<Record<string, Partial<Record<Rule, MessageKey>>>> = {
  flowId: { required: "problem.flowId.required", repeated: "problem.flowId.repeated" },
  label: { required: "problem.label.required" },
};

function own<T>(table: Partial<Record<string, T>>, field: string): T | undefined {
  return Object.hasOwn(table, field) ? table[field] : undefined;
}

/** The label of a field as its form shows it, or its name when no form shows it. */
export function fieldLabel(field: string, t: Translate): string {
  const key = own(FIELD_LABEL, field);
  return key ? t(key) : field;
}

/** A section's identifier (`ProofAddressObligatorio`) by its name in the user's
 * language, where the caller knows it. */
export type SectionNamer = (raw: string) => string;

/** One failed rule as a sentence in the user's language; `nameSection` names the
 * section a rule concerns (otherwise it is shown as the service spells it). */
export function problemText(failure: Failure, t: Translate, nameSection?: SectionNamer): string {
  const { field, rule, section, position } = failure;
  const vars = { field: fieldLabel(field, t), limit: failure.limit ?? "", sent: failure.sent ?? "", position: position ?? "" };
  const inFlow = position !== null ? own(OF_FLOW, field)?.[rule] : undefined;
  if (inFlow) return t("problem.sentence", { problem: t(inFlow, vars) });
  // The phone's rule with its number of digits, when the failure says it.
  const digits = field === "ContactPhone" && rule === "invalid" && failure.limit !== null ? "problem.phone.digits" : undefined;
  const problem = t(digits ?? own(OWN_WORDS, field)?.[rule] ?? RULE[rule], vars);
  if (section !== null) return t("problem.inSection", { problem, section: nameSection ? nameSection(section) : section });
  if (position !== null) return t("problem.inEntry", { problem, position });
  return t("problem.sentence", { problem });
}

/** Every failed rule, each a sentence. */
export function problemTexts(failures: Failure[], t: Translate, nameSection?: SectionNamer): string[] {
  return failures.map((failure) => problemText(failure, t, nameSection));
}

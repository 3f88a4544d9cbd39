// The create-file form: what it sends and where each problem shows. The rules
// themselves live in one place, `kyb_api::validate` (through `check_new_file`), and
// the service's own validation arrives read into the same failed rules; both are
// placed beside the field they name.
import type { CreateFileRequest } from "../../bindings/CreateFileRequest";
import type { Failure } from "../../bindings/Failure";
import type { NewFileDraft } from "../../bindings/NewFileDraft";
import { type JsonFault, jsonFault } from "./jsonPlace";

/** The form as typed: what its draft keeps (`NewFileDraft`, defined in the backend). */
export type NewFileForm = Omit<NewFileDraft, "savedAtUtc">;

export const emptyForm: NewFileForm = {
  flowId: "",
  companyName: "",
  rfc: "",
  include: "",
  exclude: "",
  externalId: "",
  clientId: "",
  clientName: "",
  sendEmail: false,
  contactEmail: "",
  sendSms: false,
  contactPhone: "",
  data: "",
};

export type Field = keyof NewFileForm;

/** Nothing typed yet (a flow chosen alone is not work worth keeping). */
export function isBlank(form: NewFileForm): boolean {
  return (Object.keys(emptyForm) as Field[]).every((field) => field === "flowId" || form[field] === emptyForm[field]);
}

/** The form a saved draft holds. */
export function fromDraft(draft: NewFileDraft): NewFileForm {
  const { savedAtUtc: _saved, ...form } = draft;
  return { ...emptyForm, ...form };
}

/** "A, B\nC;A" → ["A", "B", "C"]. */
export function sectionList(text: string): string[] {
  const items = text
    .split(/[,;\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
  return [...new Set(items)];
}

/** The list (as the form keeps it) with `code` in it or not; case aside, as the
 * service compares identifiers. */
export function withSection(text: string, code: string, included: boolean): string {
  const wanted = code.trim();
  const rest = sectionList(text).filter((item) => item.toLowerCase() !== wanted.toLowerCase());
  return (included && wanted ? [...rest, wanted] : rest).join(", ");
}

export type DataCheck =
  | { ok: true; value: Record<string, unknown> | null }
  | { ok: false; problem: "notObject" }
  | { ok: false; problem: "syntax"; fault: JsonFault | null };

/** The additional data: nothing, or a JSON object (not an array, string or number).
 * Where a text that is not JSON fails is found by `jsonFault`, never taken from the
 * engine's message (English, and without a place in some engines). */
export function checkData(text: string): DataCheck {
  if (!text.trim()) return { ok: true, value: null };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: "syntax", fault: jsonFault(text) };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, problem: "notObject" };
  }
  return { ok: true, value: value as Record<string, unknown> };
}

/** Exactly what is sent: trimmed values, the RFC in capitals, empty optional fields
 * left out, notifications only when asked for. Data is left out when it is not valid
 * JSON (the form then refuses to send). */
export function toRequest(form: NewFileForm): CreateFileRequest {
  const text = (value: string) => value.trim() || null;
  const request: CreateFileRequest = {
    FlowID: form.flowId.trim(),
    Company: { CompanyName: form.companyName.trim(), CompanyRFC: text(form.rfc.toUpperCase()) },
  };
  const include = sectionList(form.include);
  const exclude = sectionList(form.exclude);
  if (include.length) request.IncludeFlow = include;
  if (exclude.length) request.ExcludeFlow = exclude;
  if (text(form.externalId)) request.ExternalID = text(form.externalId);
  if (text(form.clientId)) request.ClientId = text(form.clientId);
  if (text(form.clientName)) request.ClientName = text(form.clientName);
  if (form.sendEmail) request.SendEmail = true;
  if (text(form.contactEmail)) request.ContactEmail = text(form.contactEmail);
  if (form.sendSms) request.SendSms = true;
  if (text(form.contactPhone)) request.ContactPhone = form.contactPhone.replace(/[\s-]/g, "");
  const data = checkData(form.data);
  if (data.ok && data.value) request.Data = data.value;
  return request;
}

/** The form's field for each field a failed rule names (the service's names, in the
 * client's checks and in the service's answer). */
const FORM_FIELD: Partial<Record<string, Field>> = {
  FlowId: "flowId",
  FlowID: "flowId",
  Company: "companyName",
  CompanyName: "companyName",
  RFC: "rfc",
  ContactEmail: "contactEmail",
  ContactPhone: "contactPhone",
  ClientId: "clientId",
  ClientName: "clientName",
  ExternalID: "externalId",
  ExternalId: "externalId",
  IncludeFlow: "include",
  ExcludeFlow: "exclude",
};

/** The fields the rules require: those a blank form's check finds missing. */
export function requiredFields(blankCheck: Failure[]): Set<Field> {
  return new Set(blankCheck.filter((failure) => failure.rule === "required").flatMap((failure) => formField(failure) ?? []));
}

/** The form's field a failed rule is about, or null when the form has none for it. */
export function formField(failure: Failure): Field | null {
  return Object.hasOwn(FORM_FIELD, failure.field) ? (FORM_FIELD[failure.field] ?? null) : null;
}

/** The failed rules by the form's field; those of no field go under "general". */
export function byFormField(failures: Failure[]): Partial<Record<Field | "general", Failure[]>> {
  const placed: Partial<Record<Field | "general", Failure[]>> = {};
  for (const failure of failures) {
    const key = formField(failure) ?? "general";
    placed[key] = [...(placed[key] ?? []), failure];
  }
  return placed;
}

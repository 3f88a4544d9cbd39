// What a history entry's text says, read back from the Spanish the desk writes in its log
// and the team's trail (kyb_desk_core: sent_summary.rs for a call sent to the service,
// desk/review.rs for findings acknowledged), so that the window can say it in the user's
// language. A text of another shape (written before, or cut at its length limit) is
// shown as written.
import type { FindingKind } from "../../bindings/FindingKind";
import { findingKindOf } from "../evidence/findings";

/** A finding acknowledged: its kind with what it concerns and the service's codes, or
 * the text as written when its kind is not one the window knows. */
export type AcknowledgedFinding = { kind: FindingKind; subject: string | null; codes: string[] } | { kind: null; text: string };

export type EntryText =
  | { kind: "acknowledged"; section: string; findings: AcknowledgedFinding[] }
  | { kind: "correction"; decisions: { section: string; verdict: string }[]; notify: boolean; reasons: string[] }
  | { kind: "complementary"; flow: string; notify: boolean }
  | { kind: "enrollmentLink"; person: string; record: string | null }
  | { kind: "text"; text: string };

const ACKNOWLEDGED = /^(.+?): reconoció antes de aceptar (.+)$/s;
const FINDING = /^([a-z_]+)(?: de (.+?))?(?: \(([^()]*)\))?$/s;
const NOTIFY = "; notificar al usuario: ";
const REASONS = "; motivos de rechazo: ";
const CORRECTION = /^\d+ secciones \((.*)\)$/s;
const COMPLEMENTARY = /^flujo (.+); notificar al usuario: (sí|no)$/s;
const ENROLLMENT = /^enlace de enrolamiento para la persona (.+?)(?:; registro (.+))?$/s;

/** An entry's text read into what it says. */
export function readEntryText(text: string): EntryText {
  return acknowledged(text) ?? correction(text) ?? complementary(text) ?? enrollmentLink(text) ?? { kind: "text", text };
}

function acknowledged(text: string): EntryText | null {
  const match = ACKNOWLEDGED.exec(text);
  if (!match?.[1] || !match[2]) return null;
  const findings = match[2].split("; ").map((item): AcknowledgedFinding => {
    const parts = FINDING.exec(item);
    const kind = parts?.[1] ? findingKindOf(parts[1]) : null;
    if (!parts || !kind) return { kind: null, text: item };
    const codes = parts[3]?.split(", ").filter((code) => code.trim()) ?? [];
    return { kind, subject: parts[2] ?? null, codes };
  });
  return { kind: "acknowledged", section: match[1], findings };
}

/** "2 secciones (ProofAddress Rechazada, Opinion Aceptada); notificar al usuario: sí;
 * motivos de rechazo: ["…"]", the reasons a JSON list so that any text reads back. */
function correction(text: string): EntryText | null {
  const at = text.indexOf(NOTIFY);
  if (at < 0) return null;
  const sections = CORRECTION.exec(text.slice(0, at))?.[1];
  const tail = text.slice(at + NOTIFY.length);
  const notify = tail.startsWith("sí") ? true : tail.startsWith("no") ? false : null;
  if (sections === undefined || notify === null) return null;
  const rest = tail.slice(2);
  let reasons: string[] = [];
  if (rest.startsWith(REASONS)) {
    const read = readReasons(rest.slice(REASONS.length));
    if (read === null) return null;
    reasons = read;
  } else if (rest !== "") return null;
  const decisions = sections
    .split(", ")
    .filter((decision) => decision.trim())
    .map((decision) => {
      const space = decision.lastIndexOf(" ");
      return space < 0 ? { section: decision, verdict: "" } : { section: decision.slice(0, space), verdict: decision.slice(space + 1) };
    });
  return { kind: "correction", decisions, notify, reasons };
}

function readReasons(json: string): string[] | null {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) && list.every((reason) => typeof reason === "string") ? list : null;
  } catch {
    return null;
  }
}

function complementary(text: string): EntryText | null {
  const match = COMPLEMENTARY.exec(text);
  return match?.[1] ? { kind: "complementary", flow: match[1], notify: match[2] === "sí" } : null;
}

function enrollmentLink(text: string): EntryText | null {
  const match = ENROLLMENT.exec(text);
  return match?.[1] ? { kind: "enrollmentLink", person: match[1], record: match[2] ?? null } : null;
}

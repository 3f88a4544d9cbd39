// The review's rules, in one place: which sections concern an entity, what a decision
// needs before it can be sent, and exactly what the correction request carries.
// The service's limits (spec, "Limits"): 1 to 50 sections, comments of at most 500
// characters, a general message of at most 1000.
import type { CorrectionRequest } from "../../bindings/CorrectionRequest";
import type { Draft } from "../../bindings/Draft";
import type { DraftDecision } from "../../bindings/DraftDecision";
import type { Entity } from "../../bindings/Entity";
import type { SectionComment } from "../../bindings/SectionComment";
import type { SectionDecision } from "../../bindings/SectionDecision";
import type { MessageKey, Vars } from "../../i18n";
import { charCount } from "../../ui/text";

export const SECTIONS_MAX = 50;
export const COMMENT_MAX = 500;
export const MESSAGE_MAX = 1000;

export const ACCEPTED = "Aceptada";
export const REJECTED = "Rechazada";
export type Verdict = typeof ACCEPTED | typeof REJECTED;

export type EntityKind = "Representante" | "Sucursal";

/** Which kind of entity a section concerns; null for sections about the whole file.
 * The spec does not say; decided here from the section names it lists: the
 * representative's data, powers and biometric validation concern one representative,
 * the branch sections one branch. Everything else (deed, proofs of address, tax
 * information, statements, forms) concerns the file. */
export function entityKindOf(section: string): EntityKind | null {
  const name = section.split("Limit:")[0] ?? section;
  if (/^Sucursal/i.test(name)) return "Sucursal";
  if (/^(LegalRepresentative|DatosRep|PoderesRepresentanteLegal|ValidacionBiometrica)/i.test(name)) return "Representante";
  return null;
}

/** An entity a decision can name: one the service gave an `Id`. */
export type NamedEntity = Entity & { Id: string };

/** The entities a section's decision may name (those of its kind that have an `Id`). */
export function candidatesFor(section: string, entities: Entity[]): NamedEntity[] {
  const kind = entityKindOf(section);
  return kind ? entities.filter((e): e is NamedEntity => e.Tipo === kind && !!e.Id) : [];
}

/** A draft with every section undecided; a section with exactly one candidate entity
 * has it chosen already. */
export function freshDraft(documentId: string, sections: string[], entities: Entity[]): Draft {
  return {
    documentId,
    decisions: sections.map((seccion) => {
      const only = candidatesFor(seccion, entities);
      const entity = only.length === 1 ? only[0] : undefined;
      return {
        seccion,
        estatus: null,
        comentario: "",
        entidadId: entity?.Id ?? null,
        entidadReferencia: entity?.Referencia ?? null,
      };
    }),
    mensajeGeneral: "",
    notificarUsuario: true,
    savedAtUtc: "",
  };
}

/** The saved draft laid over a fresh one: decisions of sections the file still has come
 * back as they were; sections that appeared since start undecided; sections gone are
 * dropped. A saved entity that is no longer in the file is forgotten. */
export function restore(fresh: Draft, saved: Draft | null, entities: Entity[]): Draft {
  if (!saved || saved.documentId !== fresh.documentId) return fresh;
  const known = new Set(entities.map((e) => e.Id));
  return {
    ...fresh,
    decisions: fresh.decisions.map((blank) => {
      const kept = saved.decisions.find((d) => d.seccion === blank.seccion);
      if (!kept) return blank;
      const entityKept = kept.entidadId !== null && known.has(kept.entidadId);
      return {
        ...kept,
        entidadId: entityKept ? kept.entidadId : blank.entidadId,
        entidadReferencia: entityKept ? kept.entidadReferencia : blank.entidadReferencia,
      };
    }),
    mensajeGeneral: saved.mensajeGeneral,
    notificarUsuario: saved.notificarUsuario,
    savedAtUtc: saved.savedAtUtc,
  };
}

/** Has the analyst decided or written anything? An untouched review is not a draft. */
export function isTouched(draft: Draft): boolean {
  return draft.mensajeGeneral.trim() !== "" || !draft.notificarUsuario || draft.decisions.some((d) => d.estatus !== null || d.comentario.trim() !== "");
}

export function decide(draft: Draft, seccion: string, estatus: Verdict | null): Draft {
  return update(draft, seccion, { estatus });
}

export function update(draft: Draft, seccion: string, change: Partial<DraftDecision>): Draft {
  return { ...draft, decisions: draft.decisions.map((d) => (d.seccion === seccion ? { ...d, ...change } : d)) };
}

export function chooseEntity(draft: Draft, seccion: string, entity: Entity | null): Draft {
  return update(draft, seccion, { entidadId: entity?.Id ?? null, entidadReferencia: entity?.Referencia ?? null });
}

export interface Tally {
  accepted: number;
  rejected: number;
  undecided: number;
}

export function tally(draft: Draft): Tally {
  const count = (verdict: string | null) => draft.decisions.filter((d) => d.estatus === verdict).length;
  return { accepted: count(ACCEPTED), rejected: count(REJECTED), undecided: count(null) };
}

/** Something that stops the request from being sent; `section` when it is one
 * section's. Each names a message of the UI's catalogue. */
export interface Problem {
  section: string | null;
  key: MessageKey;
  vars?: Vars;
}

/** Only the spec's rules (operation 3): 1 to 50 sections, a comment to reject, the
 * lengths. The entity is optional there (`entidadId`, `entidadReferencia`), so a
 * section sent without one is not refused: the service resolves it. */
export function problems(draft: Draft): Problem[] {
  const found: Problem[] = [];
  const decided = draft.decisions.filter((d) => d.estatus !== null);
  if (decided.length === 0) found.push({ section: null, key: "review.noneDecided" });
  if (decided.length > SECTIONS_MAX) {
    found.push({ section: null, key: "review.tooMany", vars: { n: decided.length, max: SECTIONS_MAX } });
  }
  for (const d of decided) {
    if (d.estatus === REJECTED) {
      const length = charCount(d.comentario.trim());
      if (length === 0) found.push({ section: d.seccion, key: "review.commentRequired", vars: { section: d.seccion } });
      if (length > COMMENT_MAX) {
        found.push({ section: d.seccion, key: "review.commentTooLong", vars: { section: d.seccion, max: COMMENT_MAX } });
      }
    }
  }
  if (charCount(draft.mensajeGeneral.trim()) > MESSAGE_MAX) {
    found.push({ section: null, key: "review.messageTooLong", vars: { max: MESSAGE_MAX } });
  }
  return found;
}

/** Exactly what is sent: the decided sections in the file's order; a comment only with
 * a rejection (trimmed; an acceptance tells the user nothing); the entity when one is
 * chosen; `notificarUsuario` always explicit; the general message when written. */
export function toRequest(draft: Draft): CorrectionRequest {
  const secciones: SectionDecision[] = draft.decisions
    .filter((d) => d.estatus !== null)
    .map((d) => {
      const decision: SectionDecision = { seccion: d.seccion, estatus: d.estatus ?? "" };
      if (d.estatus === REJECTED) decision.comentario = d.comentario.trim();
      if (d.entidadId) decision.entidadId = d.entidadId;
      if (d.entidadReferencia) decision.entidadReferencia = d.entidadReferencia;
      return decision;
    });
  const request: CorrectionRequest = { documentId: draft.documentId, secciones, notificarUsuario: draft.notificarUsuario };
  const message = draft.mensajeGeneral.trim();
  if (message) request.mensajeGeneral = message;
  return request;
}

/** Whether the end user will be told: the service notifies only when asked to and when a
 * section is rejected. */
export function willNotify(request: CorrectionRequest): boolean {
  return request.notificarUsuario !== false && request.secciones.some((s) => s.estatus === REJECTED);
}

/** One sent decision beside the section's status in a tracking read afterwards. */
export interface Reread {
  seccion: string;
  sent: string;
  /** The status the fresh tracking reports; null when the section is not in it. */
  now: string | null;
  comments: string | null;
  /** The status is the one the decision leads to (Aceptada → Aceptado, Rechazada → Rechazado). */
  applied: boolean;
}

const LEADS_TO: Record<string, string> = { aceptada: "aceptado", rechazada: "rechazado" };

/** After an outcome nobody knows: each sent section with its status now, to tell
 * whether the decisions appear applied. Statuses compare case-insensitively. */
export function reread(request: CorrectionRequest, sections: SectionComment[]): Reread[] {
  return request.secciones.map((decision) => {
    const found = sections.find((s) => s.section.toLowerCase() === decision.seccion.toLowerCase()) ?? null;
    const expected = LEADS_TO[decision.estatus.toLowerCase()];
    return {
      seccion: decision.seccion,
      sent: decision.estatus,
      now: found?.status ?? null,
      comments: found?.comments ?? null,
      applied: found !== null && expected !== undefined && found.status.trim().toLowerCase() === expected,
    };
  });
}

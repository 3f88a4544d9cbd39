// The review's model: the draft as the analyst edits it, and which sections concern an
// entity. Which entity a section concerns comes from its identifier as the backend read
// it; the correction request the draft makes, and what it needs before it can be sent,
// are the backend's to say (`preview_correction`), never a copy of its rules here.

import type { CorrectionRequest } from "../../bindings/CorrectionRequest";
import type { Draft } from "../../bindings/Draft";
import type { DraftDecision } from "../../bindings/DraftDecision";
import type { Entity } from "../../bindings/Entity";
import type { SectionId } from "../../bindings/SectionId";
import type { TrackedSection } from "../../bindings/TrackedSection";
import type { Verdict } from "../../bindings/Verdict";
import type { VerdictOutcome } from "../../bindings/VerdictOutcome";

/** Whether a decision's status is `verdict`; the verdict typed by the binding, so a
 * word the backend no longer writes fails to compile. */
export function hasVerdict(estatus: string | null, verdict: Verdict): boolean {
  return estatus === verdict;
}

/** An entity a decision can name: one the service gave an `Id`. */
export type NamedEntity = Entity & { Id: string };

/** The entities a section's decision may name: those of the kind the section concerns
 * (`SectionId.entity`) that have an `Id`; none for a section about the whole file. */
export function candidatesFor(kind: SectionId["entity"], entities: Entity[]): NamedEntity[] {
  return kind ? entities.filter((e): e is NamedEntity => e.Tipo === kind && !!e.Id) : [];
}

/** A draft with every section undecided; a section with exactly one candidate entity
 * has it chosen already. */
export function freshDraft(documentId: string, sections: TrackedSection[], entities: Entity[]): Draft {
  return {
    documentId,
    decisions: sections.map((section) => {
      const only = candidatesFor(section.id.entity, entities);
      const entity = only.length === 1 ? only[0] : undefined;
      return {
        seccion: section.section,
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
  const count = (verdict: Verdict | null) => draft.decisions.filter((d) => d.estatus === verdict).length;
  return { accepted: count("Aceptada"), rejected: count("Rechazada"), undecided: count(null) };
}

/** Whether the end user will be told: the service notifies only when asked to and when a
 * section is rejected. */
export function willNotify(request: CorrectionRequest): boolean {
  return request.notificarUsuario !== false && request.secciones.some((s) => hasVerdict(s.estatus, "Rechazada"));
}

/** One sent decision beside the section's status in a tracking read afterwards. */
export interface Reread {
  seccion: string;
  /** The section's identifier as the backend read it; null when the section is not in
   * the fresh tracking. */
  id: SectionId | null;
  sent: string;
  /** The status the fresh tracking reports; null when the section is not in it. */
  now: string | null;
  comments: string | null;
  /** The status is the one the decision leads to (`verdicts`, from the app's info). */
  applied: boolean;
}

/** After an outcome nobody knows: each sent section with its status now, to tell
 * whether the decisions appear applied; `verdicts`: the status each verdict leaves, as
 * the backend gives it. Statuses compare case-insensitively. */
export function reread(request: CorrectionRequest, sections: TrackedSection[], verdicts: VerdictOutcome[]): Reread[] {
  return request.secciones.map((decision) => {
    const found = sections.find((s) => s.section.toLowerCase() === decision.seccion.toLowerCase()) ?? null;
    const expected = verdicts.find((v) => v.verdict.toLowerCase() === decision.estatus.toLowerCase())?.leadsTo.toLowerCase();
    return {
      seccion: decision.seccion,
      id: found?.id ?? null,
      sent: decision.estatus,
      now: found?.status ?? null,
      comments: found?.comments ?? null,
      applied: found !== null && expected !== undefined && found.status.trim().toLowerCase() === expected,
    };
  });
}

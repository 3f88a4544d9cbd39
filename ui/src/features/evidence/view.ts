// One section's evidence as the pane shows it: its findings, and the documents and
// entities it covers, taken out of the detail. The review builds it for its pane and
// hands the same view to the evidence window (a second monitor), which has no detail of
// its own.
import type { DetailV2 } from "../../bindings/DetailV2";
import type { Document } from "../../bindings/Document";
import type { Entity } from "../../bindings/Entity";
import type { FileEvidence } from "../../bindings/FileEvidence";
import type { Mismatch } from "../../bindings/Mismatch";
import type { Ownership } from "../../bindings/Ownership";
import type { SectionEvidence } from "../../bindings/SectionEvidence";

export interface SectionView {
  /** The section's name in the user's words. */
  label: string;
  /** The company whose file it is (the evidence window has no other context). */
  company?: string;
  section: SectionEvidence | null;
  documents: { index: number; doc: Document; file: string | null }[];
  entities: { index: number; entity: Entity; mismatches: Mismatch[]; photos: string[]; morePhotos: number }[];
  /** Set by the backend instead of a view too large to hand to the evidence window. */
  tooLarge?: boolean;
  /** The deed's owners, on the deed's section. */
  ownership?: Ownership | null;
  /** The file's DocumentId, where a hit may be disposed of (the review; not the evidence
   * window, which only shows). */
  documentId?: string;
}

export function sectionView(label: string, section: SectionEvidence | null, evidence: FileEvidence, detail: DetailV2 | null): SectionView {
  if (section === null) return { label, section, documents: [], entities: [] };
  return {
    label,
    section,
    ownership: section.deed && section.rule === "deed" ? evidence.ownership : null,
    documents: section.documents.flatMap((index) => {
      const doc = detail?.Documentos[index];
      return doc ? [{ index, doc, file: evidence.documents[index]?.file ?? null }] : [];
    }),
    entities: section.entities.flatMap((index) => {
      const entity = detail?.Entidades[index];
      const own = evidence.entities[index];
      return entity ? [{ index, entity, mismatches: own?.mismatches ?? [], photos: own?.photos ?? [], morePhotos: own?.morePhotos ?? 0 }] : [];
    }),
  };
}

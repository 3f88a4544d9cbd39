// Evidence as the backend would gather it (kyb_desk_core::evidence), for the review's
// tests: the rules are tested in Rust; here the screen shows what it is given.
import type { FileEvidence } from "../bindings/FileEvidence";
import type { Finding } from "../bindings/Finding";
import type { SectionEvidence } from "../bindings/SectionEvidence";

/** A section's evidence with no documents, entities or findings unless given. */
export function sectionEvidence(section: string, over: Partial<SectionEvidence> = {}): SectionEvidence {
  const findings = over.findings ?? [];
  return {
    section,
    rule: "none_known",
    documents: [],
    entities: [],
    deed: false,
    needsAcknowledgement: findings.some((f) => f.severity === "high"),
    ...over,
    findings,
  };
}

export function finding(kind: Finding["kind"], severity: Finding["severity"], over: Partial<Finding> = {}): Finding {
  return { kind, severity, subject: null, document: null, entity: null, count: 1, codes: [], source: null, hit: null, ...over };
}

/** The evidence of a file whose sections are `sections`. */
export function fileEvidence(sections: SectionEvidence[], documents = 0, entities = 0): FileEvidence {
  const all = sections.flatMap((s) => s.findings);
  const count = (severity: Finding["severity"]) => all.filter((f) => f.severity === severity).length;
  const level = all.some((f) => f.severity === "high") ? "high" : all.some((f) => f.severity === "medium") ? "medium" : all.length > 0 ? "low" : null;
  return {
    sections,
    documents: Array.from({ length: documents }, () => ({ file: null })),
    entities: Array.from({ length: entities }, () => ({ mismatches: [], photos: [], morePhotos: 0 })),
    unassigned: [],
    summary: { high: count("high"), medium: count("medium"), low: count("low"), level, sectionsFlagged: sections.filter((s) => s.findings.length > 0).length },
    ownership: null,
    hits: [],
  };
}

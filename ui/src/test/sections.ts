// For tests only: tracked sections as the backend sends them. The parts of each
// identifier (base, modifier, limit, entity) are given by the test, as the backend
// would have read them; nothing here reads an identifier.
import type { SectionId } from "../bindings/SectionId";
import type { TrackedSection } from "../bindings/TrackedSection";

/** An identifier's parts; `name` is the identifier without its limit suffix. */
export function sectionId(name: string, parts: Partial<Omit<SectionId, "name">> = {}): SectionId {
  return { name, limit: null, base: null, modifier: null, entity: null, ...parts };
}

/** A section of a file's tracking; `id.name` is `section` unless given. */
export function tracked(section: string, status: TrackedSection["status"], id: Partial<SectionId> = {}, comments: string | null = null): TrackedSection {
  return { id: sectionId(id.name ?? section, id), section, status, comments };
}

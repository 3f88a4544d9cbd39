import { describe, expect, it } from "vitest";
import type { Entity } from "../../bindings/Entity";
import { testInfo } from "../../test/appInfo";
import { NO_DATA } from "../../test/largeDetail";
import { tracked } from "../../test/sections";
import { candidatesFor, chooseEntity, decide, freshDraft, isTouched, reread, restore, tally, update, willNotify } from "./model";

const entity = (Tipo: string, Id: string, Referencia: string): Entity => ({ Tipo, Id, Referencia, Datos: NO_DATA, Validaciones: [] });

const ana = entity("Representante", "11111111-1111-4111-8111-111111111111", "Ana Ruiz Soto");
const luis = entity("Representante", "22222222-2222-4222-8222-222222222222", "Luis Paz Gil");
const branch = entity("Sucursal", "33333333-3333-4333-8333-333333333333", "Sucursal Matriz");
const DOC = "9d1b6a52-0000-4000-8000-000000000001";
// The entity each section concerns is given as the backend reads it.
const SECTIONS = [
  tracked("ProofAddressObligatorio", "Completado"),
  tracked("LegalRepresentativeObligatorio", "Completado", { entity: "Representante" }),
  tracked("Sucursal", "Completado", { entity: "Sucursal" }),
  tracked("ActaConstitutivaObligatorio", "Completado"),
];
const NAMES = SECTIONS.map((s) => s.section);
/** Sections with no entity, e.g. of a form. */
const forms = (names: string[]) => names.map((name) => tracked(name, "Pendiente"));

describe("which entity a section concerns", () => {
  it("the entity the backend read for the section picks its candidates: those of that kind with an Id, none for the file", () => {
    const nameless = { ...entity("Representante", "", "Sin Id"), Id: null };
    expect(candidatesFor("Representante", [ana, branch, luis, nameless])).toEqual([ana, luis]);
    expect(candidatesFor("Sucursal", [ana, branch])).toEqual([branch]);
    expect(candidatesFor(null, [ana, branch])).toEqual([]);
    // The data decides, not the name: a representative's name read as about the file
    // has no candidates, a form read as about a branch has the branches.
    const odd = [tracked("LegalRepresentativeObligatorio", "Completado", { entity: null }), tracked("FormularioLocal", "Pendiente", { entity: "Sucursal" })];
    expect(freshDraft(DOC, odd, [ana, branch]).decisions.map((d) => d.entidadId)).toEqual([null, branch.Id]);
  });

  it("an only candidate is chosen from the start; with two the analyst may choose, or not", () => {
    const one = freshDraft(DOC, SECTIONS, [ana, branch]);
    expect(one.decisions[1]).toMatchObject({ entidadId: ana.Id, entidadReferencia: ana.Referencia });
    expect(one.decisions[2]).toMatchObject({ entidadId: branch.Id, entidadReferencia: "Sucursal Matriz" });
    expect(one.decisions[0]).toMatchObject({ entidadId: null, entidadReferencia: null });

    const two = decide(freshDraft(DOC, SECTIONS, [ana, luis]), "LegalRepresentativeObligatorio", "Aceptada");
    expect(two.decisions[1]?.entidadId).toBeNull();
    // The spec makes the entity optional: the analyst may leave it unchosen.
    const chosen = chooseEntity(two, "LegalRepresentativeObligatorio", luis);
    expect(chosen.decisions[1]).toMatchObject({ estatus: "Aceptada", entidadId: luis.Id, entidadReferencia: "Luis Paz Gil" });
    expect(chooseEntity(chosen, "LegalRepresentativeObligatorio", null).decisions[1]).toMatchObject({ entidadId: null, entidadReferencia: null });
  });
});

describe("whether a review is worth a draft", () => {
  it("an untouched review is not; a decision, a comment, a message or a notice turned off is", () => {
    const fresh = freshDraft(DOC, SECTIONS, [ana, branch]);
    expect(isTouched(fresh)).toBe(false);
    expect(isTouched(decide(fresh, "ProofAddressObligatorio", "Rechazada"))).toBe(true);
    expect(isTouched(update(fresh, "ProofAddressObligatorio", { comentario: "   \n " }))).toBe(false);
    expect(isTouched(update(fresh, "ProofAddressObligatorio", { comentario: "Vencido" }))).toBe(true);
    expect(isTouched({ ...fresh, mensajeGeneral: "Gracias" })).toBe(true);
    expect(isTouched({ ...fresh, notificarUsuario: false })).toBe(true);
  });
});

describe("the decisions and the request the backend built", () => {
  it("counts the decisions, and tells whether the end user will be notified of the request", () => {
    let draft = freshDraft(DOC, SECTIONS, [ana, branch]);
    draft = decide(draft, "ProofAddressObligatorio", "Rechazada");
    draft = decide(draft, "LegalRepresentativeObligatorio", "Aceptada");
    draft = decide(draft, "Sucursal", "Aceptada");
    expect(tally(draft)).toEqual({ accepted: 2, rejected: 1, undecided: 1 });
    const request = {
      documentId: DOC,
      secciones: [
        { seccion: "ProofAddressObligatorio", estatus: "Rechazada", comentario: "Vencido" },
        { seccion: "Sucursal", estatus: "Aceptada" },
      ],
      notificarUsuario: true,
    };
    expect(willNotify(request)).toBe(true);
    expect(willNotify({ ...request, notificarUsuario: false })).toBe(false);
    expect(willNotify({ ...request, secciones: [{ seccion: "Sucursal", estatus: "Aceptada" }] })).toBe(false);
  });
});

describe("a draft restored", () => {
  it("brings back decisions of sections the file still has, and drops what is gone", () => {
    let saved = freshDraft(DOC, [...forms(["Gone"]), ...SECTIONS], [ana, luis]);
    saved = decide(saved, "Gone", "Aceptada");
    saved = update(decide(saved, "ProofAddressObligatorio", "Rechazada"), "ProofAddressObligatorio", { comentario: "Borroso" });
    saved = chooseEntity(decide(saved, "LegalRepresentativeObligatorio", "Aceptada"), "LegalRepresentativeObligatorio", luis);
    saved = { ...saved, mensajeGeneral: "Hola", notificarUsuario: false, savedAtUtc: "2026-11-22T05:00:00Z" };

    // Luis has left the file since; the new section starts undecided.
    const fresh = freshDraft(DOC, [...SECTIONS, ...forms(["BankStatement"])], [ana]);
    const back = restore(fresh, saved, [ana]);
    expect(back.decisions.map((d) => d.seccion)).toEqual([...NAMES, "BankStatement"]);
    expect(back.decisions[0]).toMatchObject({ estatus: "Rechazada", comentario: "Borroso" });
    expect(back.decisions[1]).toMatchObject({ estatus: "Aceptada", entidadId: ana.Id });
    expect(back.decisions[4]?.estatus).toBeNull();
    expect(back).toMatchObject({ mensajeGeneral: "Hola", notificarUsuario: false });
    expect(restore(fresh, { ...saved, documentId: "other" }, [ana])).toBe(fresh);
    expect(restore(fresh, null, [ana])).toBe(fresh);
  });
});

describe("a tracking read again after an unknown outcome", () => {
  it("pairs each sent section with its status now, case aside, and marks the missing ones", () => {
    const request = {
      documentId: "d",
      secciones: [
        { seccion: "ProofAddressObligatorio", estatus: "Aceptada" },
        { seccion: "ActaConstitutivaObligatorio", estatus: "Rechazada", comentario: "x" },
        { seccion: "Sucursal", estatus: "Aceptada" },
      ],
    };
    const proof = tracked("proofaddressobligatorio", "ACEPTADO");
    const rows = reread(request, [proof, tracked("ActaConstitutivaObligatorio", "Aceptado")], testInfo.verdicts);
    expect(rows.map((r) => [r.now, r.applied])).toEqual([
      ["ACEPTADO", true],
      ["Aceptado", false],
      [null, false],
    ]);
    // Each row keeps the section's identifier as the backend read it, to name it.
    expect(rows[0]?.id).toBe(proof.id);
    expect(rows[2]?.id).toBeNull();
  });
});

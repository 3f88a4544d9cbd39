import { describe, expect, it } from "vitest";

import type { Entity } from "../../bindings/Entity";
import type { EntityData } from "../../bindings/EntityData";
import { charCount } from "../../ui/text";
import {
  ACCEPTED,
  COMMENT_MAX,
  chooseEntity,
  decide,
  entityKindOf,
  freshDraft,
  isTouched,
  MESSAGE_MAX,
  problems,
  REJECTED,
  reread,
  restore,
  SECTIONS_MAX,
  tally,
  toRequest,
  update,
  willNotify,
} from "./model";

const noData: EntityData = {
  Nombre: null,
  ApellidoPaterno: null,
  ApellidoMaterno: null,
  CURP: null,
  RFC: null,
  Nacionalidad: null,
  PaisOrigen: null,
  Correo: null,
  Celular: null,
  NombreComercial: null,
  Telefono: null,
  Extension: null,
  Telefono2: null,
  ImagenesInteriores: [],
  ImagenesExteriores: [],
};
const entity = (Tipo: string, Id: string, Referencia: string): Entity => ({ Tipo, Id, Referencia, Datos: noData, Validaciones: [] });

const ana = entity("Representante", "11111111-1111-4111-8111-111111111111", "Ana Ruiz Soto");
const luis = entity("Representante", "22222222-2222-4222-8222-222222222222", "Luis Paz Gil");
const branch = entity("Sucursal", "33333333-3333-4333-8333-333333333333", "Sucursal Matriz");
const DOC = "9d1b6a52-0000-4000-8000-000000000001";
const SECTIONS = ["ProofAddressObligatorio", "LegalRepresentativeObligatorio", "Sucursal", "ActaConstitutivaObligatorio"];

const keys = (draft: Parameters<typeof problems>[0]) => problems(draft).map((p) => p.key);

describe("which entity a section concerns", () => {
  it("representative sections name a representative, branch sections a branch, the rest the file", () => {
    expect(entityKindOf("LegalRepresentativeObligatorio")).toBe("Representante");
    expect(entityKindOf("PoderesRepresentanteLegalOpcional")).toBe("Representante");
    expect(entityKindOf("ValidacionBiometrica")).toBe("Representante");
    expect(entityKindOf("DatosRepObligatorio")).toBe("Representante");
    expect(entityKindOf("SucursalImagenesOpcional")).toBe("Sucursal");
    expect(entityKindOf("ProofAddressObligatorio")).toBeNull();
    expect(entityKindOf("BankStatementLimit:3")).toBeNull();
  });

  it("an only candidate is chosen from the start; with two the analyst may choose, or not", () => {
    const one = freshDraft(DOC, SECTIONS, [ana, branch]);
    expect(one.decisions[1]).toMatchObject({ entidadId: ana.Id, entidadReferencia: ana.Referencia });
    expect(one.decisions[2]).toMatchObject({ entidadId: branch.Id, entidadReferencia: "Sucursal Matriz" });
    expect(one.decisions[0]).toMatchObject({ entidadId: null, entidadReferencia: null });

    const two = decide(freshDraft(DOC, SECTIONS, [ana, luis]), "LegalRepresentativeObligatorio", ACCEPTED);
    expect(two.decisions[1]?.entidadId).toBeNull();
    // The spec makes the entity optional: unchosen, the section is sent without one.
    expect(keys(two)).toEqual([]);
    expect(toRequest(two).secciones).toEqual([{ seccion: "LegalRepresentativeObligatorio", estatus: ACCEPTED }]);
    const chosen = chooseEntity(two, "LegalRepresentativeObligatorio", luis);
    expect(problems(chosen)).toEqual([]);
    expect(toRequest(chosen).secciones).toEqual([
      { seccion: "LegalRepresentativeObligatorio", estatus: ACCEPTED, entidadId: luis.Id, entidadReferencia: "Luis Paz Gil" },
    ]);
  });
});

describe("what a review needs before it can be sent", () => {
  it("at least one decided section", () => {
    const draft = freshDraft(DOC, SECTIONS, [ana, branch]);
    expect(keys(draft)).toEqual(["review.noneDecided"]);
    expect(isTouched(draft)).toBe(false);
  });

  it("a rejection needs a comment, and blanks are not a comment", () => {
    let draft = decide(freshDraft(DOC, SECTIONS, [ana, branch]), "ProofAddressObligatorio", REJECTED);
    expect(problems(draft)).toEqual([{ section: "ProofAddressObligatorio", key: "review.commentRequired", vars: { section: "ProofAddressObligatorio" } }]);
    draft = update(draft, "ProofAddressObligatorio", { comentario: "   \n " });
    expect(keys(draft)).toEqual(["review.commentRequired"]);
    draft = update(draft, "ProofAddressObligatorio", { comentario: "El comprobante está vencido" });
    expect(problems(draft)).toEqual([]);
    expect(isTouched(draft)).toBe(true);
  });

  it("a comment may have 500 characters, counted as characters, not one more", () => {
    const base = decide(freshDraft(DOC, SECTIONS, []), "ProofAddressObligatorio", REJECTED);
    const accents = "é".repeat(COMMENT_MAX);
    expect(accents.length).toBe(COMMENT_MAX);
    expect(charCount("👍".repeat(COMMENT_MAX))).toBe(COMMENT_MAX);
    expect(problems(update(base, "ProofAddressObligatorio", { comentario: "👍".repeat(COMMENT_MAX) }))).toEqual([]);
    expect(keys(update(base, "ProofAddressObligatorio", { comentario: `${accents}x` }))).toEqual(["review.commentTooLong"]);
  });

  it("the general message may have 1000 characters, not one more", () => {
    const base = decide(freshDraft(DOC, SECTIONS, []), "ActaConstitutivaObligatorio", ACCEPTED);
    expect(problems({ ...base, mensajeGeneral: "ñ".repeat(MESSAGE_MAX) })).toEqual([]);
    expect(keys({ ...base, mensajeGeneral: "ñ".repeat(MESSAGE_MAX + 1) })).toEqual(["review.messageTooLong"]);
  });

  it("at most 50 sections in one request", () => {
    const many = Array.from({ length: SECTIONS_MAX + 1 }, (_, i) => `Formulario${i}`);
    let draft = freshDraft(DOC, many, []);
    for (const section of many.slice(0, SECTIONS_MAX)) draft = decide(draft, section, ACCEPTED);
    expect(problems(draft)).toEqual([]);
    draft = decide(draft, many[SECTIONS_MAX] ?? "", ACCEPTED);
    expect(problems(draft)).toEqual([{ section: null, key: "review.tooMany", vars: { n: SECTIONS_MAX + 1, max: SECTIONS_MAX } }]);
  });
});

describe("the request", () => {
  it("carries the decided sections only, comments only with rejections, and says whether to notify", () => {
    let draft = freshDraft(DOC, SECTIONS, [ana, branch]);
    draft = decide(draft, "ProofAddressObligatorio", REJECTED);
    draft = update(draft, "ProofAddressObligatorio", { comentario: "  Vencido: súbalo de nuevo  " });
    draft = decide(draft, "LegalRepresentativeObligatorio", ACCEPTED);
    draft = update(draft, "LegalRepresentativeObligatorio", { comentario: "nota interna" });
    draft = decide(draft, "Sucursal", ACCEPTED);
    draft = { ...draft, mensajeGeneral: "  Gracias  " };
    const request = toRequest(draft);
    expect(request).toEqual({
      documentId: DOC,
      secciones: [
        { seccion: "ProofAddressObligatorio", estatus: REJECTED, comentario: "Vencido: súbalo de nuevo" },
        { seccion: "LegalRepresentativeObligatorio", estatus: ACCEPTED, entidadId: ana.Id, entidadReferencia: ana.Referencia },
        { seccion: "Sucursal", estatus: ACCEPTED, entidadId: branch.Id, entidadReferencia: "Sucursal Matriz" },
      ],
      notificarUsuario: true,
      mensajeGeneral: "Gracias",
    });
    expect(tally(draft)).toEqual({ accepted: 2, rejected: 1, undecided: 1 });
    expect(willNotify(request)).toBe(true);
    expect(willNotify({ ...request, notificarUsuario: false })).toBe(false);
    expect(willNotify(toRequest(decide(draft, "ProofAddressObligatorio", ACCEPTED)))).toBe(false);
    expect(toRequest({ ...draft, mensajeGeneral: "   " })).not.toHaveProperty("mensajeGeneral");
  });
});

describe("a draft restored", () => {
  it("brings back decisions of sections the file still has, and drops what is gone", () => {
    let saved = freshDraft(DOC, ["Gone", ...SECTIONS], [ana, luis]);
    saved = decide(saved, "Gone", ACCEPTED);
    saved = update(decide(saved, "ProofAddressObligatorio", REJECTED), "ProofAddressObligatorio", { comentario: "Borroso" });
    saved = chooseEntity(decide(saved, "LegalRepresentativeObligatorio", ACCEPTED), "LegalRepresentativeObligatorio", luis);
    saved = { ...saved, mensajeGeneral: "Hola", notificarUsuario: false, savedAtUtc: "2026-11-22T05:00:00Z" };

    // Luis has left the file since; the new section starts undecided.
    const fresh = freshDraft(DOC, [...SECTIONS, "BankStatement"], [ana]);
    const back = restore(fresh, saved, [ana]);
    expect(back.decisions.map((d) => d.seccion)).toEqual([...SECTIONS, "BankStatement"]);
    expect(back.decisions[0]).toMatchObject({ estatus: REJECTED, comentario: "Borroso" });
    expect(back.decisions[1]).toMatchObject({ estatus: ACCEPTED, entidadId: ana.Id });
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
    const rows = reread(request, [
      { section: "proofaddressobligatorio", status: "ACEPTADO", comments: null },
      { section: "ActaConstitutivaObligatorio", status: "Aceptado", comments: null },
    ]);
    expect(rows.map((r) => [r.now, r.applied])).toEqual([
      ["ACEPTADO", true],
      ["Aceptado", false],
      [null, false],
    ]);
  });
});

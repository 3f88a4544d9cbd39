import { describe, expect, it } from "vitest";

import { byField, checkData, emptyForm, fieldOf, fromDraft, isBlank, sectionList, toRequest } from "./model";

describe("the create-file form", () => {
  it("is blank until something besides the flow is typed or ticked", () => {
    expect(isBlank({ ...emptyForm, flowId: "flujo" })).toBe(true);
    expect(isBlank({ ...emptyForm, companyName: "T" })).toBe(false);
    expect(isBlank({ ...emptyForm, sendSms: true })).toBe(false);
    expect(isBlank({ ...emptyForm, data: " " })).toBe(false);
  });

  it("reads a draft back as the form, without its save time", () => {
    const form = { ...emptyForm, flowId: "flujo", rfc: "TRS010101AB1" };
    expect(fromDraft({ ...form, savedAtUtc: "2026-11-22T05:00:00Z" })).toEqual(form);
  });

  it("sends trimmed values, the RFC in capitals, and leaves out what was not filled", () => {
    expect(toRequest({ ...emptyForm, flowId: " flujo ", companyName: " Taller Ruiz ", rfc: " trs010101ab1 " })).toEqual({
      FlowID: "flujo",
      Company: { CompanyName: "Taller Ruiz", CompanyRFC: "TRS010101AB1" },
    });
    expect(toRequest({ ...emptyForm, companyName: "X" }).Company?.CompanyRFC).toBeNull();
  });

  it("reads section lists separated by commas, semicolons or lines, once each", () => {
    expect(sectionList("BankStatement, Sucursal\nBankStatement;  ;ProofAddress")).toEqual(["BankStatement", "Sucursal", "ProofAddress"]);
    const request = toRequest({ ...emptyForm, include: "BankStatement", exclude: "Sucursal, SucursalImagenesOpcional" });
    expect(request.IncludeFlow).toEqual(["BankStatement"]);
    expect(request.ExcludeFlow).toEqual(["Sucursal", "SucursalImagenesOpcional"]);
  });

  it("notifies only when asked, with the phone's digits only", () => {
    const request = toRequest({ ...emptyForm, sendSms: true, contactPhone: "33 1234-5678", contactEmail: "a@b.mx" });
    expect(request).toMatchObject({ SendSms: true, ContactPhone: "3312345678", ContactEmail: "a@b.mx" });
    expect(request).not.toHaveProperty("SendEmail");
  });

  it("takes additional data only as a JSON object, and says what is wrong as it is typed", () => {
    expect(checkData("")).toEqual({ ok: true, value: null });
    expect(checkData('{"sucursal": 12, "canal": "web"}')).toEqual({ ok: true, value: { sucursal: 12, canal: "web" } });
    expect(checkData("[1, 2]")).toEqual({ ok: false, problem: "notObject" });
    expect(checkData('"texto"')).toEqual({ ok: false, problem: "notObject" });
    const broken = checkData('{"sucursal": }');
    expect(broken.ok).toBe(false);
    expect(toRequest({ ...emptyForm, data: '{"a": 1}' }).Data).toEqual({ a: 1 });
    expect(toRequest({ ...emptyForm, data: '{"a": ' })).not.toHaveProperty("Data");
  });

  it("places each rule's message beside the field it names", () => {
    expect(fieldOf("El campo FlowId es obligatorio")).toBe("flowId");
    expect(fieldOf("El RFC no es válido.")).toBe("rfc");
    expect(fieldOf("Company es obligatorio.")).toBe("companyName");
    expect(fieldOf("El ContactPhone no es válido.")).toBe("contactPhone");
    expect(fieldOf("Se alcanzó el número máximo de intentos de la versión de prueba")).toBeNull();
    expect(byField(["El campo CompanyName es obligatorio", "El ClientId no es válido.", "Otro problema"])).toEqual({
      companyName: ["El campo CompanyName es obligatorio"],
      clientId: ["El ClientId no es válido."],
      general: ["Otro problema"],
    });
  });
});

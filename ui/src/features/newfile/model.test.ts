import { describe, expect, it } from "vitest";

import type { Failure } from "../../bindings/Failure";
import { byFormField, checkData, emptyForm, formField, fromDraft, isBlank, requiredFields, sectionList, toRequest, withSection } from "./model";

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

  it("ticks and unticks a section in the list the form keeps, case aside, keeping the others", () => {
    expect(withSection("", "BankStatement", true)).toBe("BankStatement");
    expect(withSection("BankStatement", "ProofAddressObligatorio", true)).toBe("BankStatement, ProofAddressObligatorio");
    expect(withSection("BankStatement, ProofAddressObligatorio", "bankstatement", false)).toBe("ProofAddressObligatorio");
    // Ticked twice is there once; a draft's free text is read as its identifiers.
    expect(withSection("BankStatement;\nSucursal", "BankStatement", true)).toBe("Sucursal, BankStatement");
    expect(withSection("Sucursal", "  ", true)).toBe("Sucursal");
    expect(toRequest({ ...emptyForm, include: withSection("", "SucursalImagenesOpcional", true) }).IncludeFlow).toEqual(["SucursalImagenesOpcional"]);
  });

  it("notifies only when asked, with the phone's digits only", () => {
    const request = toRequest({ ...emptyForm, sendSms: true, contactPhone: "33 1234-5678", contactEmail: "a@b.mx" });
    expect(request).toMatchObject({ SendSms: true, ContactPhone: "3312345678", ContactEmail: "a@b.mx" });
    expect(request).not.toHaveProperty("SendEmail");
  });

  it("takes additional data only as a JSON object, and says where a text is not JSON", () => {
    expect(checkData("")).toEqual({ ok: true, value: null });
    expect(checkData('{"sucursal": 12, "canal": "web"}')).toEqual({ ok: true, value: { sucursal: 12, canal: "web" } });
    expect(checkData("[1, 2]")).toEqual({ ok: false, problem: "notObject" });
    expect(checkData('"texto"')).toEqual({ ok: false, problem: "notObject" });
    // Where, by the desk's own reading: never the engine's English message.
    expect(checkData('{"sucursal": }')).toEqual({ ok: false, problem: "syntax", fault: { kind: "at", line: 1, column: 14 } });
    expect(checkData('{"canal": ')).toEqual({ ok: false, problem: "syntax", fault: { kind: "end" } });
    expect(toRequest({ ...emptyForm, data: '{"a": 1}' }).Data).toEqual({ a: 1 });
    expect(toRequest({ ...emptyForm, data: '{"a": ' })).not.toHaveProperty("Data");
  });

  it("places each failed rule beside the field it names", () => {
    const failure = (field: string, rule: Failure["rule"]): Failure => ({ field, rule, limit: null, section: null, position: null, sent: null });
    expect(formField(failure("FlowId", "required"))).toBe("flowId");
    expect(formField(failure("RFC", "invalid"))).toBe("rfc");
    expect(formField(failure("Company", "required"))).toBe("companyName");
    expect(formField(failure("ContactPhone", "invalid"))).toBe("contactPhone");
    expect(formField(failure("documentId", "invalid"))).toBeNull();
    expect(formField(failure("constructor", "invalid"))).toBeNull();
    const company = failure("CompanyName", "required");
    const client = failure("ClientId", "invalid");
    const other = failure("AgentMail", "invalid");
    expect(byFormField([company, client, other])).toEqual({ companyName: [company], clientId: [client], general: [other] });
    // The fields a blank form's check finds missing are the required ones.
    expect(requiredFields([failure("FlowId", "required"), company, failure("RFC", "invalid"), failure("AgentMail", "required")])).toEqual(
      new Set(["flowId", "companyName"]),
    );
  });
});

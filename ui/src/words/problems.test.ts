import { describe, expect, it } from "vitest";

import type { Failure } from "../bindings/Failure";
import { type Locale, type Translate, translate } from "../i18n";
import { fieldLabel, problemText } from "./problems";

const language =
  (locale: Locale): Translate =>
  (key, vars) =>
    translate(locale, key, vars);
const es = language("es-MX");
const en = language("en");

const failure = (field: string, rule: Failure["rule"], more: Partial<Failure> = {}): Failure => ({
  field,
  rule,
  limit: null,
  section: null,
  position: null,
  sent: null,
  ...more,
});

describe("a failed rule in words", () => {
  it("names the field by the label its form shows, and an unknown one by its name", () => {
    expect(problemText(failure("CompanyName", "required"), es)).toBe("El campo Razón social es obligatorio.");
    expect(problemText(failure("Company", "required"), es)).toBe("El campo Razón social es obligatorio.");
    expect(problemText(failure("PersonId", "invalid"), es)).toBe("El campo PersonId no es válido.");
    expect(problemText(failure("CompanyName", "required"), en)).toBe("Company name is required.");
    expect(fieldLabel("constructor", es)).toBe("constructor");
  });

  it("says a field's own rule in its own words", () => {
    expect(problemText(failure("ContactPhone", "invalid"), es)).toBe("El teléfono de contacto no es un número nacional válido.");
    // With the number of digits, when the failure carries it.
    expect(problemText(failure("ContactPhone", "invalid", { limit: 10 }), es)).toBe(
      "El teléfono de contacto debe ser un número nacional de 10 dígitos, sin espacios ni lada internacional.",
    );
    expect(problemText(failure("ContactPhone", "invalid"), en)).toBe("The contact phone is not a valid national number.");
    expect(problemText(failure("workspaceId", "invalid"), es)).toBe("El Workspace debe ser un UUID.");
    // The RFC's rule says the format, for both kinds of person; an address, what one looks like.
    expect(problemText(failure("RFC", "invalid"), es)).toBe(
      "El RFC no tiene el formato del SAT: el de persona moral tiene 12 caracteres (3 letras, la fecha AAMMDD y una homoclave de 3) y el de persona física, 13 (4 letras, la fecha AAMMDD y la homoclave de 3).",
    );
    expect(problemText(failure("RFC", "invalid"), en)).toContain("a legal entity's has 12 characters");
    expect(problemText(failure("ContactEmail", "invalid"), es)).toBe(
      "El correo de contacto no es una dirección de correo: escríbalo como nombre@empresa.mx, sin espacios.",
    );
    expect(problemText(failure("name", "too_long", { limit: 60 }), es)).toBe("El nombre del perfil admite hasta 60 caracteres.");
    expect(problemText(failure("environment", "https_only"), es)).toContain("porque la API Key viajaría sin cifrar");
    expect(problemText(failure("environment", "https_only"), en)).toContain("because the API key would travel unencrypted");
  });

  it("gives the limits and counts broken", () => {
    expect(problemText(failure("mensajeGeneral", "too_long", { limit: 1000 }), es)).toBe(
      "El campo Mensaje general para el usuario no debe exceder 1000 caracteres.",
    );
    expect(problemText(failure("secciones", "too_many", { limit: 50, sent: 51 }), es)).toBe("El número de secciones no debe pasar de 50; se enviaron 51.");
    expect(problemText(failure("file", "too_large", { limit: 2, sent: 3.4 }), en)).toBe(
      "The file is 3.4 MiB; an import takes at most 2 MiB. Split it into parts.",
    );
    expect(problemText(failure("rows", "too_many", { limit: 10000, sent: 10001 }), es)).toBe(
      "El archivo tiene 10001 filas; se admiten hasta 10000 por importación. Divídalo en partes.",
    );
  });

  it("names every field of the new-file form by the label the form shows", () => {
    expect(problemText(failure("ExternalID", "invalid"), es)).toBe("El campo Referencia externa no es válido.");
    expect(problemText(failure("ClientId", "required"), es)).toBe("El campo Identificador del cliente es obligatorio.");
    expect(problemText(failure("ExternalId", "invalid"), en)).toBe("External reference is not valid.");
    expect(problemText(failure("FlowId", "required"), es)).toBe("El campo Flujo (FlowID) es obligatorio.");
  });

  it("says limits and counts with the plural each number takes", () => {
    expect(problemText(failure("comentario", "too_long", { limit: 1 }), es)).toBe("El campo Comentario no debe exceder 1 carácter.");
    expect(problemText(failure("comentario", "too_long", { limit: 500 }), en)).toBe("Comment must not exceed 500 characters.");
    expect(problemText(failure("comentario", "too_long", { limit: 1 }), en)).toBe("Comment must not exceed 1 character.");
    expect(problemText(failure("secciones", "too_few", { limit: 1, sent: 0 }), es)).toBe("El número de secciones debe ser al menos 1; se enviaron 0.");
    expect(problemText(failure("Campo", "too_many", { limit: 0, sent: 1 }), es)).toBe("El campo Campo admite hasta 0; se envió 1.");
    expect(problemText(failure("Campo", "too_many", { limit: 0, sent: 1 }), en)).toBe("Campo takes at most 0; 1 was sent.");
    expect(problemText(failure("secciones", "too_many", { limit: 50, sent: 51 }), en)).toBe("The number of sections must not exceed 50; 51 were sent.");
    expect(problemText(failure("ContactPhone", "invalid", { limit: 10 }), en)).toBe(
      "The contact phone must be a national number of 10 digits, with no spaces or country code.",
    );
  });

  it("says which flow of a profile, which section or which entry of a correction", () => {
    expect(problemText(failure("flowId", "required", { position: 2 }), es)).toBe("El flujo 2 necesita su FlowID.");
    expect(problemText(failure("flowId", "repeated", { position: 3 }), en)).toBe("The FlowID of flow 3 is repeated.");
    expect(problemText(failure("label", "required", { position: 1 }), es)).toBe("El flujo 1 necesita un nombre.");
    // The complementary request's flowId has no position: it is the field itself.
    expect(problemText(failure("flowId", "required"), es)).toBe("El campo FlowID es obligatorio.");
    expect(problemText(failure("comentario", "required", { section: "ProofAddress" }), es)).toBe(
      "El comentario es obligatorio para rechazar (sección «ProofAddress»).",
    );
    expect(problemText(failure("estatus", "not_a_verdict", { section: "Sucursal" }), en)).toBe("Decision must be Aceptada or Rechazada (section “Sucursal”).");
    expect(problemText(failure("seccion", "required", { position: 3 }), es)).toBe("El campo Sección es obligatorio (secciones, entrada 3).");
    // Where the caller knows the section's name, the sentence uses it.
    const named = (raw: string) => (raw === "ProofAddressObligatorio" ? "Comprobante de domicilio (obligatorio)" : raw);
    expect(problemText(failure("comentario", "required", { section: "ProofAddressObligatorio" }), es, named)).toBe(
      "El comentario es obligatorio para rechazar (sección «Comprobante de domicilio (obligatorio)»).",
    );
  });

  it("says an imported line's flow is none of the profile's", () => {
    expect(problemText(failure("FlowId", "not_in_profile"), es)).toBe("El Flujo (FlowID) no es uno de los flujos de este perfil.");
  });

  it("words every rule in both languages without a placeholder left over", () => {
    const rules: Failure["rule"][] = [
      "required",
      "invalid",
      "not_a_verdict",
      "too_long",
      "too_few",
      "too_many",
      "taken",
      "repeated",
      "https_only",
      "too_large",
      "not_in_profile",
    ];
    for (const t of [es, en]) {
      for (const rule of rules) {
        const text = problemText(failure("Campo", rule, { limit: 5, sent: 6 }), t);
        expect(text).toContain("Campo");
        expect(text).not.toMatch(/[{}]/);
      }
    }
  });
});

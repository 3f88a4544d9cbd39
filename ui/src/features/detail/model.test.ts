import { describe, expect, it } from "vitest";

import type { Entity } from "../../bindings/Entity";
import type { Shareholder } from "../../bindings/Shareholder";
import type { ValidationDetails } from "../../bindings/ValidationDetails";
import { birthDateOfCurp, mismatches, shareCheck } from "./model";

const noDetails: ValidationDetails = Object.fromEntries(
  [
    "CURP",
    "Nombres",
    "PrimerApellido",
    "SegundoApellido",
    "FechaNacimiento",
    "Sexo",
    "EntidadNacimiento",
    "Nacionalidad",
    "StatusCURP",
    "CIC",
    "ClaveElector",
    "NumeroEmision",
    "DistritoFederal",
    "DistritoLocal",
    "NumeroOCR",
    "AnioRegistro",
    "AnioEmision",
    "VigenciaHasta",
    "Estado",
    "Comentarios",
    "NombreCompleto",
    "RFC",
    "Email",
    "StatusOperation",
    "FechaSolicitud",
    "FechaCallback",
    "FechaNotificacion",
  ].map((k) => [k, k === "Comentarios" ? [] : null]),
) as unknown as ValidationDetails;

function representative(details: Partial<ValidationDetails>): Entity {
  return {
    Tipo: "Representante",
    Referencia: "María",
    Id: "1",
    Datos: {
      Nombre: "María José",
      ApellidoPaterno: "Hernández",
      ApellidoMaterno: "López",
      CURP: "HELM850101MDFRPR09",
      RFC: "HELM850101AB1",
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
    },
    Validaciones: [{ Tipo: "Curp", Entidad: "RENAPO", Resultado: true, Estatus: "ok", Detalles: { ...noDetails, ...details } }],
  };
}

function holder(percent: Shareholder["Porcentaje"]): Shareholder {
  return {
    Nombre: "A",
    Nacionalidad: "",
    RFC: "",
    ParticipacionAccionaria: null,
    Porcentaje: percent,
    SerieClase: null,
    CapitalFijo: null,
    CapitalVariable: null,
    Total: null,
  };
}

describe("differences between what the user entered and what an authority returned", () => {
  it("ignores case, accents and spacing", () => {
    const same = representative({
      Nombres: "MARIA  JOSE",
      PrimerApellido: "HERNANDEZ",
      SegundoApellido: "LOPEZ",
      CURP: "helm850101mdfrpr09",
      FechaNacimiento: "1985-01-01",
    });
    expect(mismatches(same)).toEqual([]);
  });

  it("names each differing field with both values and the source", () => {
    const differs = representative({ Nombres: "MARIA", PrimerApellido: "HERNANDEZ", CURP: "HELM850101MDFRPR08", FechaNacimiento: "1985-02-01" });
    expect(mismatches(differs)).toEqual([
      { field: "Nombre", entered: "María José", authority: "MARIA", source: "Curp" },
      { field: "CURP", entered: "HELM850101MDFRPR09", authority: "HELM850101MDFRPR08", source: "Curp" },
      { field: "FechaNacimiento", entered: "1985-01-01", authority: "1985-02-01", source: "Curp" },
    ]);
  });

  it("reads the birth date a CURP encodes, century included", () => {
    expect(birthDateOfCurp("HELM850101MDFRPR09")).toBe("1985-01-01");
    expect(birthDateOfCurp("GOCJ050315HDFNRNA4")).toBe("2005-03-15");
    expect(birthDateOfCurp("no es curp")).toBeNull();
  });
});

describe("the shareholders' percentages", () => {
  it("add up to 100, written as numbers or text", () => {
    expect(shareCheck([holder(50), holder("30 %"), holder("20,0")])).toEqual({ total: 100, addsUp: true });
  });

  it("warn when they do not, or cannot be read", () => {
    expect(shareCheck([holder(50), holder(30)])).toEqual({ total: 80, addsUp: false });
    expect(shareCheck([holder(50), holder("la mitad")])).toEqual({ total: null, addsUp: false });
    expect(shareCheck([])).toEqual({ total: null, addsUp: false });
  });
});

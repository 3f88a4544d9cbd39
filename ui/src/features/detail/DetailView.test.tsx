import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { command } from "../../api/commands";
import type { DetailV1 } from "../../bindings/DetailV1";
import type { DetailV2 } from "../../bindings/DetailV2";
import type { Document } from "../../bindings/Document";
import type { FileDetail } from "../../bindings/FileDetail";
import type { Mismatch } from "../../bindings/Mismatch";
import type { Shareholder } from "../../bindings/Shareholder";
import * as sparse from "../../bindings/sparse";
import { I18nProvider } from "../../i18n";
import { startWithPreferences } from "../../preferences";
import { render } from "../../test/render";
import { sectionId } from "../../test/sections";
import { watchSparse } from "../../test/sparse";
import { DetailView } from "./DetailView";

afterEach(() => {
  cleanup();
  clearMocks();
});

const DOC = "2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10";

const holder = (Nombre: string, Porcentaje: number | string): Shareholder => ({
  Nombre,
  Nacionalidad: "Mexicana",
  RFC: "",
  ParticipacionAccionaria: null,
  Porcentaje,
  SerieClase: "A",
  CapitalFijo: null,
  CapitalVariable: null,
  Total: null,
});

const deed: Document = {
  Categoria: "Legal",
  Contexto: "Expediente",
  Referencia: "Acta constitutiva",
  ReferenciaId: DOC,
  TipoDocumento: "ActaConstitutiva",
  Subtipo: null,
  NombreTitular: "Panificadora La Espiga",
  Direccion: null,
  Fechas: null,
  Validaciones: [],
  Archivo: null,
  AnalisisGeneral: {
    EsActa: true,
    Libro: "12",
    NumeroEscrituraPublica: "4521",
    NombreNotario: "Lic. Ruiz",
    NumeroNotario: "33",
    EntidadFederativaNotario: "Jalisco",
    FechaInstrumento: "2015-03-01",
    DomicilioSocial: "Guadalajara",
    CapitalMinimo: "50000",
    FechaInscripcion: "2015-04-01",
    FolioMercantil: "N-2015",
    RazonDenominacionSociedad: "Panificadora La Espiga S.A. de C.V.",
    FechaConstitucion: "2015-03-01",
    Duracion: "99 años",
  },
  Representantes: [{ NombreRepresentante: "María Hernández López" }],
  ObjetoSocial: { ObjetoSocial: "La fabricación y venta de pan." },
  ObjetoSocialAnalisis: {
    ObligadoSolidario: { Valor: true, Fundamento: "Cláusula cuarta, fracción II" },
    Aval: { Valor: false, Fundamento: "" },
    Fianza: null,
    Hipoteca: null,
    AperturarCuentas: { Valor: true, Fundamento: "Cláusula cuarta, fracción V" },
    Financiamiento: null,
    OperacionesCredito: null,
    TitulosCredito: null,
  },
  OrganosInternos: {
    Accionistas: [holder("María Hernández López", 60), holder("Luis Paz Gil", "30 %")],
    Administracion: {
      RegimenAdministracion: "Consejo de administración",
      Integrantes: [{ Nombre: "Luis Paz Gil", Nacionalidad: "Mexicana", RFC: "PAGL800101AB1" }],
    },
    OrganoVigilancia: { TipoOrganoVigilancia: "Comisario", Nombre: "Ana Ruiz", Nacionalidad: "Mexicana", RFC: "RUSA700101AB1" },
  },
};

const v2: DetailV2 = {
  ExpedienteId: DOC,
  TipoPersona: "Moral",
  Tramite: "Alta",
  Secciones: ["ProofAddressObligatorio", "ProofAddressLimit:2"],
  Cliente: "Panificadora La Espiga",
  RFC: "PLE150301AB2",
  FechaCreacion: null,
  FechaRecibido: null,
  FechaUltimaModificacion: null,
  Entidades: [],
  Documentos: [deed],
  Adicionales: [],
  _Schema: null,
};

/** A difference in the name, as the backend reports it (the rule is tested in Rust). */
const nombre = (entered: string, authority: string): Mismatch => ({ field: "Nombre", entered, authority, source: "Curp" });

function open(answer: FileDetail) {
  mockIPC((cmd) => {
    if (cmd === command.file_detail) return answer;
    if (cmd === command.detail_changes) return { sinceUtc: null, sinceReview: false, changes: [], truncated: false, snapshots: 1 };
    throw new Error(cmd);
  });
  render(
    <I18nProvider>
      <DetailView documentId={DOC} back={{ toTracking: true, go: () => {} }} onReview={() => {}} />
    </I18nProvider>,
  );
}

describe("the file detail", () => {
  it("names sections and their limits, and shows the deed with its powers, bodies and the shareholder check", async () => {
    open({
      version: "2",
      detail: v2,
      mismatches: [],
      sections: [
        sectionId("ProofAddressObligatorio", { base: "ProofAddress", modifier: "Obligatorio" }),
        sectionId("ProofAddress", { base: "ProofAddress", limit: 2 }),
      ],
    });
    expect(await screen.findByText("Comprobante de domicilio (obligatorio)")).toBeTruthy();
    expect(screen.getByText("Comprobante de domicilio (hasta 2)")).toBeTruthy();

    fireEvent.keyDown(window, { key: "3" });
    expect(screen.getByTestId("deed-analysis").textContent).toContain("Lic. Ruiz");
    const powers = screen.getByTestId("powers").querySelectorAll("tbody tr");
    expect(powers).toHaveLength(8);
    expect(powers[0]?.textContent).toContain("Cláusula cuarta, fracción II");
    expect(powers[0]?.textContent).toContain("Sí");
    expect(powers[1]?.textContent).toContain("No");
    expect(screen.getByTestId("shares-warning").textContent).toBe("Los porcentajes suman 90 %, no 100 %.");
    expect(screen.getByTestId("administration").textContent).toContain("Luis Paz Gil");
    expect(screen.getByTestId("oversight").textContent).toContain("Ana Ruiz");

    fireEvent.keyDown(window, { key: "5" });
    expect(screen.getByTestId("detail-panel").textContent).toContain(`"ExpedienteId": "${DOC}"`);
  });

  it("falls back to version 1, showing what the service sent", async () => {
    const v1 = { documentId: DOC, sectionsAdded: ["BankStatement"], message: "Detalle", cliente: "Panificadora", fechaCreacion: "20/11/2026" };
    open({ version: "1", detail: v1, sections: [sectionId("BankStatement", { base: "BankStatement" })] });
    const shown = await screen.findByTestId("detail-v1");
    expect(shown.textContent).toContain("formato 1");
    expect(shown.textContent).toContain("Estado de cuenta");
    expect(shown.textContent).toContain("20/11/2026");
    expect(screen.queryByRole("tablist")).toBeNull();
  });
});

describe("a sparse detail", () => {
  it("shows every tab of version 2 with dashes and empty states, never a missing value as a word", async () => {
    const check = watchSparse();
    open(sparse.fileDetailV2);
    const panel = await screen.findByTestId("detail-panel");
    // Summary: the facts are dashes, and a file that lists no section says so.
    expect([...panel.querySelectorAll("dd")].map((dd) => dd.textContent)).toEqual(["—", "—", "—", "—", "—", "—"]);
    expect(panel.textContent).toContain("El expediente no lista secciones.");
    check.expectShown();

    // Entities: one without a kind, a representative and a branch, each with its facts.
    fireEvent.keyDown(window, { key: "2" });
    expect(screen.getAllByTestId("entity-card")).toHaveLength(3);
    expect(screen.getAllByTestId("validation")[0]?.textContent).toContain("Sin resultado");
    expect(panel.textContent).toContain("La validación no trae detalles.");
    expect(panel.textContent).toContain("La sucursal no tiene fotos.");
    check.expectShown();

    // Documents: a bare one, and one with every block present and empty.
    fireEvent.keyDown(window, { key: "3" });
    expect(screen.getAllByTestId("document-card")).toHaveLength(2);
    expect(screen.getByTestId("alteration").textContent).toContain("Sin resultado");
    expect(screen.getByTestId("deed-analysis").querySelectorAll("dd")).toHaveLength(13);
    expect([...screen.getByTestId("powers").querySelectorAll("tbody td:nth-child(2)")].map((td) => td.textContent)).toEqual(Array(8).fill("—"));
    expect(screen.getByTestId("shares-warning").textContent).toBe("No se pudieron leer todos los porcentajes para sumarlos.");
    check.expectShown();

    // Forms: one form with one section and one question, all unnamed.
    fireEvent.keyDown(window, { key: "4" });
    expect(panel.querySelector("li")?.textContent).toBe("—: —");
    check.expectShown();
  });

  it("shows version 1 with dashes and an empty list of sections", async () => {
    const check = watchSparse();
    open(sparse.fileDetailV1);
    const shown = await screen.findByTestId("detail-v1");
    expect([...shown.querySelectorAll("dd")].map((dd) => dd.textContent)).toEqual(["—", "—"]);
    expect(shown.textContent).toContain("El expediente no lista secciones.");
    check.expectShown();
  });

  it("writes a field version 1 sent as null as a dash", async () => {
    const check = watchSparse();
    const withNull = { ...(sparse.fileDetailV1.detail as DetailV1), fechaCreacion: null };
    open({ version: "1", detail: withNull, sections: [] });
    const shown = await screen.findByTestId("detail-v1");
    expect(shown.textContent).toContain("fechaCreacion—");
    check.expectShown();
  });
});

describe("the detail in the user's words", () => {
  const rep = (
    Referencia: string,
    entered: string,
    authority: string,
    Estatus = "Aprobada",
    Resultado: boolean | null = true,
  ): DetailV2["Entidades"][number] => ({
    Tipo: "Representante",
    Referencia,
    Id: Referencia,
    Datos: { ...(sparse.fileDetailV2.detail as DetailV2).Entidades[1]?.Datos, Nombre: entered } as DetailV2["Entidades"][number]["Datos"],
    Validaciones: [
      {
        Tipo: "Biometrico",
        Entidad: "Representante",
        Estatus,
        Resultado,
        Detalles: { Nombres: authority } as NonNullable<DetailV2["Entidades"][number]["Validaciones"][number]["Detalles"]>,
      },
    ],
  });

  it("counts the mismatches on the summary and the Entities tab, and shows a pending biometric as pending, not failed", async () => {
    const entities = [
      rep("María", "María", "MARIA"),
      rep("Jorge", "Jorge", "JORGE LUIS"),
      rep("Ana", "Ana", "ANAHI"),
      rep("Luis", "Luis", "", "Pendiente", false),
      rep("Eva", "Eva", "", "Solicitado", null),
      rep("Sara", "Sara", "", "Rechazado", false),
    ];
    // The backend's differences (kyb_desk_core::evidence::checks): the names that differ.
    open({
      version: "2",
      detail: { ...v2, Entidades: entities },
      sections: [],
      mismatches: [[], [nombre("Jorge", "JORGE LUIS")], [nombre("Ana", "ANAHI")], [], [], []],
    });
    const summary = await screen.findByTestId("mismatch-summary");
    expect(summary.textContent).toContain("2 discrepancias entre lo capturado y lo que devolvió una autoridad, en 2 entidades.");
    expect(screen.getByTestId("tab-mismatches").textContent).toBe("2 discrepancias");
    expect(screen.getByRole("tab", { name: "Entidades 2 discrepancias" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Ver entidades" }));
    const verdicts = screen.getAllByTestId("validation-verdict");
    expect(verdicts.map((v) => v.textContent)).toEqual(["Aprobada", "Aprobada", "Aprobada", "Pendiente", "Pendiente", "No aprobada"]);
    for (const pending of [verdicts[3], verdicts[4]]) {
      expect(pending?.className).toContain("chip-warn");
      expect(pending?.className).not.toContain("chip-danger");
    }
    // Only a real failure is red.
    expect(verdicts[5]?.className).toContain("chip-danger");
  });

  it("counts 3 name mismatches among 20 representatives as 3 discrepancias, each word in its plural, in either language", async () => {
    const many = Array.from({ length: 20 }, (_, i) => rep(`R${i}`, `Nombre${i}`, i < 3 ? `OTRO${i}` : `NOMBRE${i}`));
    const differences = many.map((_, i) => (i < 3 ? [nombre(`Nombre${i}`, `OTRO${i}`)] : []));
    open({ version: "2", detail: { ...v2, Entidades: many }, sections: [], mismatches: differences });
    expect((await screen.findByTestId("mismatch-summary")).textContent).toContain(
      "3 discrepancias entre lo capturado y lo que devolvió una autoridad, en 3 entidades.",
    );
    expect(screen.getByTestId("tab-mismatches").textContent).toBe("3 discrepancias");
    cleanup();
    open({
      version: "2",
      detail: { ...v2, Entidades: [rep("Jorge", "Jorge", "JORGE LUIS"), rep("María", "María", "MARIA")] },
      sections: [],
      mismatches: [[nombre("Jorge", "JORGE LUIS")], []],
    });
    expect((await screen.findByTestId("mismatch-summary")).textContent).toContain(
      "1 discrepancia entre lo capturado y lo que devolvió una autoridad, en 1 entidad.",
    );
    expect(screen.getByTestId("tab-mismatches").textContent).toBe("1 discrepancia");
    cleanup();
    startWithPreferences({ language: "en" });
    open({ version: "2", detail: { ...v2, Entidades: [rep("Jorge", "Jorge", "JORGE LUIS")] }, sections: [], mismatches: [[nombre("Jorge", "JORGE LUIS")]] });
    expect((await screen.findByTestId("mismatch-summary")).textContent).toContain(
      "1 mismatch between what was entered and what an authority returned, in 1 entity.",
    );
    expect(screen.getByTestId("tab-mismatches").textContent).toBe("1 mismatch");
    startWithPreferences();
    cleanup();
    // Without a difference there is no count at all.
    open({ version: "2", detail: { ...v2, Entidades: [rep("María", "María", "MARIA")] }, sections: [], mismatches: [[]] });
    await screen.findByTestId("detail-panel");
    expect(screen.queryByTestId("mismatch-summary")).toBeNull();
    expect(screen.queryByTestId("tab-mismatches")).toBeNull();
  });

  it("writes the documents' days as the rest of the app does, and yes/no answers in words", async () => {
    const proof: Document = { ...deed, AnalisisGeneral: null, Fechas: { Emision: "2026-10-15", FechaLimitePago: "2026-11-05" } };
    const form = {
      Nombre: "Cuestionario",
      Secciones: [
        {
          Titulo: "Actividad",
          Orden: 1,
          Preguntas: [
            { Texto: "¿Opera con efectivo?", Orden: 1, Valor: "true" },
            { Texto: "¿Es PEP?", Orden: 2, Valor: false },
            { Texto: "Giro", Orden: 3, Valor: "Panadería" },
          ],
        },
      ],
    } as DetailV2["Adicionales"][number];
    open({ version: "2", detail: { ...v2, Documentos: [proof, deed], Adicionales: [form] }, sections: [], mismatches: [] });
    await screen.findByTestId("detail-panel");
    fireEvent.keyDown(window, { key: "3" });
    const cards = screen.getAllByTestId("document-card");
    expect(cards[0]?.textContent).toContain("15 oct 2026");
    expect(cards[0]?.textContent).toContain("5 nov 2026");
    expect(cards[0]?.textContent).not.toContain("2026-10-15");
    expect(screen.getByTestId("deed-analysis").textContent).toContain("1 mar 2015");
    fireEvent.keyDown(window, { key: "4" });
    const answers = [...screen.getByTestId("detail-panel").querySelectorAll("li")].map((li) => li.textContent);
    expect(answers).toEqual(["¿Opera con efectivo?: Sí", "¿Es PEP?: No", "Giro: Panadería"]);
    cleanup();
    startWithPreferences({ language: "en" });
    open({ version: "2", detail: { ...v2, Documentos: [proof], Adicionales: [form] }, sections: [], mismatches: [] });
    await screen.findByTestId("detail-panel");
    fireEvent.keyDown(window, { key: "3" });
    expect(screen.getByTestId("document-card").textContent).toContain("Oct 15, 2026");
    fireEvent.keyDown(window, { key: "4" });
    const inEnglish = [...screen.getByTestId("detail-panel").querySelectorAll("li")].map((li) => li.textContent);
    expect(inEnglish).toEqual(["¿Opera con efectivo?: Yes", "¿Es PEP?: No", "Giro: Panadería"]);
  });
});

describe("the service's values in the user's words", () => {
  const proof: Document = {
    ...deed,
    Categoria: "Domicilio",
    Contexto: "Expediente",
    Referencia: "Comprobante de domicilio",
    TipoDocumento: "Comprobante",
    Subtipo: "Luz",
    AnalisisGeneral: null,
    ObjetoSocialAnalisis: null,
    OrganosInternos: null,
    Validaciones: [
      {
        Tipo: "Alteracion",
        Resultado: true,
        Estatus: "Aprobado",
        DocumentoEditado: false,
        NivelRiesgo: "Medio",
        Indicadores: [{ Codigo: "META-01", Titulo: "Metadatos incompletos", Descripcion: "El PDF no conserva la fecha de creación del emisor." }],
      },
      // Values the desk has no words for are shown as sent, with nothing beside them.
      { Tipo: "Pericial", Resultado: null, Estatus: "EnProceso", DocumentoEditado: null, NivelRiesgo: "Crítico", Indicadores: [] },
    ],
  };
  const representative: DetailV2["Entidades"][number] = {
    Tipo: "Representante",
    Referencia: "María",
    Id: "m",
    Datos: (sparse.fileDetailV2.detail as DetailV2).Entidades[1]?.Datos ?? null,
    Validaciones: [{ Tipo: "ListaNominal", Entidad: "INE", Estatus: "NoEncontrado", Resultado: false, Detalles: null }],
  };

  async function documents(language: "es-MX" | "en") {
    startWithPreferences({ language });
    open({ version: "2", detail: { ...v2, Entidades: [representative], Documentos: [proof] }, sections: [], mismatches: [[]] });
    await screen.findByTestId("detail-panel");
    fireEvent.keyDown(window, { key: "3" });
    return screen.getAllByTestId("alteration");
  }

  it("says them in English with the service's own word muted beside, and an unknown one as sent", async () => {
    const [alteration, unknown] = await documents("en");
    expect(alteration?.textContent).toContain("Alteration (Alteracion) · Risk: Medium (Medio) · Approved (Aprobado)");
    expect(alteration?.textContent).toContain("META-01 Incomplete metadata (Metadatos incompletos): El PDF no conserva");
    expect([...(alteration?.querySelectorAll(".muted.service-raw") ?? [])].map((raw) => raw.textContent)).toEqual([
      "(Alteracion)",
      "(Medio)",
      "(Aprobado)",
      "(Metadatos incompletos)",
    ]);
    // The service's edited flag, said as the service's: not a verdict against the risk finding.
    expect(alteration?.querySelector("[data-testid=edited-flag]")?.textContent).toBe("No edits detected by the service");
    expect(alteration?.textContent).not.toContain("Not edited");
    expect(unknown?.textContent).toContain("Pericial · Risk: Crítico · EnProceso");
    expect(unknown?.querySelector(".service-raw")).toBeNull();
    const card = screen.getByTestId("document-card");
    expect(card.textContent).toContain("Address (Domicilio) · File (Expediente)");
    expect(card.querySelector("h3")?.textContent).toBe("Comprobante de domicilio Proof (Comprobante) Electricity (Luz)");
    fireEvent.keyDown(window, { key: "1" });
    expect(screen.getByTestId("detail-panel").textContent).toContain("Legal entity (Moral)");
    fireEvent.keyDown(window, { key: "2" });
    expect(screen.getByTestId("entity-card").querySelector("h3")?.textContent).toBe("María Representative (Representante)");
    expect(screen.getByTestId("validation").querySelector("summary")?.textContent).toContain("Voter list (ListaNominal) · INE · Not found (NoEncontrado)");
  });

  it("says them in Spanish with their accents, the service's spelling beside only where it differs", async () => {
    const [alteration] = await documents("es-MX");
    expect(alteration?.textContent).toContain("Alteración (Alteracion) · Riesgo: Medio · Aprobado");
    expect(alteration?.textContent).toContain("META-01 Metadatos incompletos: El PDF");
    expect([...(alteration?.querySelectorAll(".service-raw") ?? [])].map((raw) => raw.textContent)).toEqual(["(Alteracion)"]);
    expect(alteration?.querySelector("[data-testid=edited-flag]")?.textContent).toBe("El servicio no detectó edición");
    expect(screen.getByTestId("document-card").textContent).toContain("Domicilio · Expediente");
  });
});

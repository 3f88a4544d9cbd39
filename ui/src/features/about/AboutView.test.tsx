import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { command } from "../../api/commands";
import type { DriftReport } from "../../bindings/DriftReport";
import type { OperationDrift } from "../../bindings/OperationDrift";
import { I18nProvider } from "../../i18n";
import { GivenInfo } from "../../test/appInfo";
import { held } from "../../test/held";
import { render } from "../../test/render";
import { AboutView } from "./AboutView";

afterEach(() => {
  cleanup();
  clearMocks();
});

const TRACKING = "POST /expedientes/v1/tracking";
const DETAIL = "GET /expedientes/detalle/{id}";

const counts = (over: Partial<OperationDrift>): OperationDrift => ({
  answers: 0,
  absorbing: 0,
  unknownFields: {},
  nulls: {},
  absences: {},
  reshaped: {},
  unknownValues: {},
  timeForms: {},
  ...over,
});

function renderWith(report: DriftReport, exported: string | null | Error | Promise<string | null> = null) {
  const calls: string[] = [];
  mockIPC((cmd) => {
    calls.push(cmd);
    if (cmd === command.drift_report) return report;
    if (cmd === command.export_drift) {
      if (exported instanceof Error) throw { code: "storage", message: exported.message, details: [] };
      return exported;
    }
    throw new Error(cmd);
  });
  render(
    <I18nProvider>
      <GivenInfo
        operations={[
          { operation: "tracking", route: TRACKING },
          { operation: "detail", route: DETAIL },
        ]}
      >
        <AboutView />
      </GivenInfo>
    </I18nProvider>,
  );
  return calls;
}

const texts = (testid: string) => screen.queryAllByTestId(testid).map((li) => li.textContent);

describe("about the service", () => {
  it("says so when no answer has been read yet", async () => {
    renderWith({ operations: {} });
    expect((await screen.findByTestId("drift-empty")).textContent).toContain("Aún no se ha leído ninguna respuesta del servicio.");
    expect(screen.queryByTestId("drift-operation")).toBeNull();
    expect(screen.queryByTestId("drift-clean")).toBeNull();
    // The paragraph that says what this is, and that no personal data is kept.
    expect(screen.getByText(/nunca como dato personal/)).toBeTruthy();
  });

  it("is calm when every answer matched the spec", async () => {
    renderWith({ operations: { [TRACKING]: counts({ answers: 4, timeForms: { "YYYY-MM-DDThh:mm:ssZ": 8 } }) } });
    expect((await screen.findByTestId("drift-clean")).textContent).toBe("Todas las respuestas leídas coincidieron con la especificación.");
    const card = screen.getByTestId("drift-operation");
    expect(card.textContent).toContain("Seguimiento");
    expect(card.textContent).toContain(TRACKING);
    expect(within(card).getByTestId("drift-answers").textContent).toBe("4");
    expect(within(card).getByTestId("drift-absorbing").textContent).toBe("0");
    // Time forms are noted even when nothing was absorbed.
    expect(texts("drift-time-form")).toEqual(["YYYY-MM-DDThh:mm:ssZ8"]);
    expect(screen.queryByTestId("drift-null")).toBeNull();
  });

  it("lists each kind of entry with its count, per operation in the user's words", async () => {
    renderWith({
      operations: {
        [DETAIL]: counts({ answers: 1, absorbing: 1, reshaped: { "Entidades[].Datos": 1 } }),
        [TRACKING]: counts({
          answers: 3,
          absorbing: 2,
          unknownFields: { CampoNuevo: 2, "(withheld)": 1 },
          nulls: { "Person[].FaceKeyId": 2 },
          absences: { GuestUrl: 1 },
          reshaped: { "Person[].IsCompleted": 1 },
          unknownValues: { DocumentStatus: { "En Pausa": 2 } },
          timeForms: { "YYYY-MM-DDThh:mm:ss.fffffffZ": 3 },
        }),
        "GET /algo/nuevo": counts({ answers: 1 }),
      },
    });
    await screen.findAllByTestId("drift-operation");
    const [first, second, third] = screen.getAllByTestId("drift-operation") as [HTMLElement, HTMLElement, HTMLElement];
    const cards = [first, second, third];
    // Known operations in their order, then any other route.
    expect(cards.map((c) => c.getAttribute("data-route"))).toEqual([TRACKING, DETAIL, "GET /algo/nuevo"]);
    expect(screen.queryByTestId("drift-clean")).toBeNull();
    const tracking = within(first);
    expect(tracking.getByTestId("drift-answers").textContent).toBe("3");
    expect(tracking.getByTestId("drift-absorbing").textContent).toBe("2");
    expect(tracking.getAllByTestId("drift-unknown-field").map((li) => li.textContent)).toEqual(["CampoNuevo2", "(omitido: podría ser un dato)1"]);
    expect(tracking.getByTestId("drift-null").textContent).toBe("Person[].FaceKeyId2");
    expect(tracking.getByTestId("drift-absent").textContent).toBe("GuestUrl1");
    expect(tracking.getByTestId("drift-reshaped").textContent).toBe("Person[].IsCompleted1");
    expect(tracking.getByTestId("drift-unknown-value").textContent).toBe("DocumentStatus: En Pausa2");
    expect(tracking.getByTestId("drift-time-form").textContent).toBe("YYYY-MM-DDThh:mm:ss.fffffffZ3");
    expect(second.textContent).toContain("Detalle del expediente");
    expect(within(second).getByTestId("drift-reshaped").textContent).toBe("Entidades[].Datos1");
    // A route the desk has no name for shows as itself.
    expect(third.querySelector("h3")?.textContent?.trim()).toBe("GET /algo/nuevo");
  });

  it("exports to a file and says where, or nothing when cancelled", async () => {
    const calls = renderWith({ operations: {} }, "/tmp/kyb-desk-respuestas-del-servicio.json");
    await screen.findByTestId("drift-empty");
    fireEvent.click(screen.getByTestId("export-drift"));
    expect((await screen.findByTestId("drift-saved")).textContent).toBe("Guardado en /tmp/kyb-desk-respuestas-del-servicio.json.");
    expect(calls).toContain(command.export_drift);
  });

  it("shows nothing when the save dialog is cancelled", async () => {
    const cancelled = held<string | null>();
    const calls = renderWith({ operations: {} }, cancelled.promise);
    await screen.findByTestId("drift-empty");
    fireEvent.click(screen.getByTestId("export-drift"));
    await waitFor(() => expect(calls).toContain(command.export_drift));
    // The (empty) answer handed over, and what it changed drawn.
    await cancelled.answer(null);
    expect(screen.queryByTestId("drift-saved")).toBeNull();
    expect(screen.queryByTestId("error-notice")).toBeNull();
  });

  it("says why an export failed", async () => {
    renderWith({ operations: {} }, new Error("disco lleno"));
    await screen.findByTestId("drift-empty");
    fireEvent.click(screen.getByTestId("export-drift"));
    expect((await screen.findByTestId("error-notice")).textContent).toContain("disco lleno");
    expect(screen.queryByTestId("drift-saved")).toBeNull();
  });
});

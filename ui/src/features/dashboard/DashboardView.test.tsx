import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { command } from "../../api/commands";
import type { Dashboard } from "../../bindings/Dashboard";
import type { DashboardQuery } from "../../bindings/DashboardQuery";
import { I18nProvider } from "../../i18n";
import { render } from "../../test/render";
import { DashboardView } from "./DashboardView";

// jsdom has no canvas: the chart (uPlot) is replaced at the component's boundary by one
// that lists what it was given; the figures themselves are read from the tables.
vi.mock("./BarChart", () => ({
  BarChart: (props: { labels: string[]; series: { label: string; values: number[] }[]; testId: string }) => (
    <div data-testid={props.testId} data-labels={props.labels.join("|")} data-series={JSON.stringify(props.series)} />
  ),
}));

afterEach(() => {
  cleanup();
  clearMocks();
});

const FIGURES: Dashboard = {
  decisions: [
    { day: "2026-03-01", analyst: "ana@kyb.mx", count: 2 },
    { day: "2026-03-01", analyst: "beto@kyb.mx", count: 1 },
  ],
  decisionsTotal: 3,
  analysts: ["ana@kyb.mx", "beto@kyb.mx"],
  flows: ["flujo-1", "flujo-2"],
  timeToDecision: { timed: 2, untimed: 1, medianSeconds: 12_000, p90Seconds: null },
  queue: {
    open: 4,
    bands: [
      { band: "today", count: 1 },
      { band: "days1To3", count: 0 },
      { band: "days4To7", count: 2 },
      { band: "older", count: 1 },
      { band: "unknown", count: 0 },
    ],
    overdue: 2,
    dueSoon: 1,
    byRisk: [
      { band: "high", count: 1 },
      { band: "medium", count: 0 },
      { band: "low", count: 1 },
      { band: "clear", count: 1 },
      { band: "unchecked", count: 1 },
    ],
  },
  sla: { within: 1, breached: 1, unmeasured: 1, sharePermille: 500 },
  reasons: {
    rejectedSections: 3,
    withoutReason: 1,
    top: [
      { reason: "Falta la firma", count: 2, catalogued: true },
      { reason: "Documento ilegible", count: 1, catalogued: false },
    ],
  },
};

const EMPTY: Dashboard = {
  ...FIGURES,
  decisions: [],
  decisionsTotal: 0,
  queue: { open: 0, bands: [], overdue: 0, dueSoon: 0, byRisk: [] },
  reasons: { rejectedSections: 0, withoutReason: 0, top: [] },
};

function renderWith(answer: (query: DashboardQuery) => Dashboard) {
  const asked: DashboardQuery[] = [];
  const exported: DashboardQuery[] = [];
  mockIPC((cmd, args) => {
    const query = (args as { query: DashboardQuery }).query;
    if (cmd === command.dashboard) {
      asked.push(query);
      return answer(query);
    }
    if (cmd === command.export_dashboard_csv) {
      exported.push(query);
      return { path: "/tmp/tablero-kyb-desk.csv", rows: 21 };
    }
    throw new Error(cmd);
  });
  render(
    <I18nProvider>
      <DashboardView />
    </I18nProvider>,
  );
  return { asked, exported };
}

describe("the dashboard", () => {
  it("draws each chart and says every figure in words", async () => {
    renderWith(() => FIGURES);
    const decisions = await screen.findByTestId("table-decisions");
    const rows = within(decisions).getAllByRole("row");
    expect(rows.map((r) => r.textContent)).toEqual(["Díaana@kyb.mxbeto@kyb.mxTotal", expect.stringMatching(/213$/)]);
    const chart = screen.getByTestId("chart-decisions");
    expect(JSON.parse(chart.dataset.series ?? "")).toEqual([
      { label: "ana@kyb.mx", values: [3] },
      { label: "beto@kyb.mx", values: [1] },
    ]);
    expect(screen.getByTestId("dashboard-median").textContent).toBe("3 h 20 min");
    expect(screen.getByTestId("dashboard-p90").textContent).toBe("—");
    expect(screen.getByTestId("dashboard-sla-share").textContent).toMatch(/^50\.0\s?%$/);
    expect(screen.getByTestId("dashboard-sla").textContent).toContain("1 en plazo, 1 vencida, 1 sin medir");
    const queue = within(screen.getByTestId("table-queue")).getAllByRole("row");
    expect(queue.map((r) => r.textContent)).toEqual(["AntigüedadExpedientes", "Hoy1", "1–3 días0", "4–7 días2", "Más de 7 días1", "Sin fecha0"]);
    expect(screen.getByTestId("chart-queue").dataset.labels).toBe("Hoy|1–3 días|4–7 días|Más de 7 días|Sin fecha");
    expect(screen.getByTestId("dashboard-queue").textContent).toContain("4 expedientes abiertos · 2 vencidos · 1 por vencer");
    const risk = within(screen.getByTestId("table-risk")).getAllByRole("row");
    expect(risk.map((r) => r.textContent)).toEqual(["RiesgoExpedientes", "Alto1", "Medio0", "Bajo1", "Sin hallazgos1", "Sin revisar1"]);
    expect(screen.getByTestId("dashboard-risk").textContent).toContain("1 de riesgo alto");
    expect(JSON.parse(screen.getByTestId("chart-risk").dataset.series ?? "")).toEqual([{ label: "Expedientes", values: [1, 0, 1, 1, 1] }]);
    const reasons = within(screen.getByTestId("dashboard-reasons")).getAllByRole("listitem");
    expect(reasons.map((r) => r.textContent)).toEqual(["Falta la firma 2del catálogo", "Documento ilegible 1"]);
  });

  it("asks again with the analyst, the flow and the period chosen", async () => {
    const { asked } = renderWith(() => FIGURES);
    await screen.findByTestId("table-decisions");
    expect(asked[0]).toMatchObject({ analyst: null, flow: null });
    fireEvent.change(screen.getByTestId("dashboard-analyst"), { target: { value: "beto@kyb.mx" } });
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ analyst: "beto@kyb.mx" }));
    fireEvent.change(screen.getByTestId("dashboard-flow"), { target: { value: "flujo-2" } });
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ analyst: "beto@kyb.mx", flow: "flujo-2" }));
    fireEvent.change(screen.getByTestId("dashboard-preset"), { target: { value: "all" } });
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ from: null, to: null, flow: "flujo-2" }));
  });

  it("exports the figures on screen as CSV and says where", async () => {
    const { exported } = renderWith(() => FIGURES);
    await screen.findByTestId("table-decisions");
    fireEvent.change(screen.getByTestId("dashboard-analyst"), { target: { value: "ana@kyb.mx" } });
    fireEvent.click(screen.getByTestId("dashboard-export"));
    expect((await screen.findByTestId("dashboard-saved")).textContent).toBe("Guardado en /tmp/tablero-kyb-desk.csv (21 filas).");
    expect(exported).toEqual([expect.objectContaining({ analyst: "ana@kyb.mx" })]);
  });

  it("says so when there is nothing to show, and draws no chart", async () => {
    renderWith(() => EMPTY);
    expect((await screen.findByTestId("dashboard-empty")).textContent).toContain("No hay decisiones");
    expect(screen.queryByTestId("chart-decisions")).toBeNull();
  });
});

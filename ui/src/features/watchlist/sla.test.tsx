// The queue's SLA: a row's words from its clock (the backend's), the order by due time,
// the overview's filter, and a state said by word and sign, not by colour alone.
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SlaBoard } from "../../bindings/SlaBoard";
import type { SlaClock } from "../../bindings/SlaClock";
import { I18nProvider, type Translate, translate } from "../../i18n";
import { render } from "../../test/render";
import { rowKey, sortRows } from "./model";
import { SlaCell, SlaOverview } from "./SlaCell";
import { clocksByRow, dueValue, duration, filterBySla, slaDetail } from "./sla";
import { sizedScreen, watchedFile } from "./testing";

sizedScreen();

const es: Translate = (key, vars) => translate("es-MX", key, vars);
const en: Translate = (key, vars) => translate("en", key, vars);

function clock(state: SlaClock["state"], remainingMinutes: number | null, dueAt: string | null = null): SlaClock {
  return { state, targetMinutes: remainingMinutes === null ? null : 480, elapsedMinutes: 0, remainingMinutes, dueAt };
}

describe("a row's SLA words", () => {
  it("says the time left or over in hours and minutes", () => {
    expect(duration(200, es)).toBe("3 h 20 min");
    expect(duration(120, es)).toBe("2 h");
    expect(duration(45, es)).toBe("45 min");
    const file = watchedFile("AAA010101AA1");
    expect(slaDetail(clock("at_risk", 200), file, es)).toBe("quedan 3 h 20 min");
    expect(slaDetail(clock("breached", -120), file, es)).toBe("hace 2 h");
    expect(slaDetail(clock("breached", 0), file, es)).toBe("hace 0 min");
    expect(slaDetail(clock("breached", -120), file, en)).toBe("2 h ago");
  });

  it("says why a clock is paused, and nothing for one without a target", () => {
    expect(slaDetail(clock("paused", null), watchedFile("A", { statusCategory: "with_user" }), es)).toBe("con el usuario");
    expect(slaDetail(clock("paused", null), watchedFile("A", { statusCategory: "entering" }), es)).toBe("ingresando");
    expect(slaDetail(clock("none", null), watchedFile("A"), es)).toBeNull();
    expect(slaDetail(undefined, watchedFile("A"), es)).toBeNull();
  });

  it("draws the state's word and sign, and a dash without a clock", () => {
    const file = watchedFile("AAA010101AA1");
    render(
      <I18nProvider>
        <SlaCell clock={clock("at_risk", 200, "2025-06-02T23:00:00Z")} file={file} />
        <SlaCell clock={clock("none", null)} file={file} />
      </I18nProvider>,
    );
    const cell = screen.getByTestId("row-sla");
    expect(cell.textContent).toBe("⚠ Por vencerquedan 3 h 20 min");
    expect(cell.dataset.state).toBe("at_risk");
    expect(screen.getByText("—")).toBeTruthy();
  });
});

describe("the order by due time and the overview's filter", () => {
  const late = watchedFile("LATE01010AA1");
  const soon = watchedFile("SOON01010AA1");
  const paused = watchedFile("PAUS01010AA1");
  const board: SlaBoard = {
    clocks: [
      { flowId: soon.flowId, rfc: soon.rfc, clock: clock("breached", -30, "2025-06-02T15:00:00Z") },
      { flowId: late.flowId, rfc: late.rfc, clock: clock("at_risk", 60, "2025-06-02T18:00:00Z") },
      { flowId: paused.flowId, rfc: paused.rfc, clock: clock("paused", null) },
    ],
    breached: 1,
    atRisk: 1,
    newlyAtRisk: [],
    at: "2025-06-02T17:00:00Z",
  };
  const clocks = clocksByRow(board);
  const due = (f: typeof late) => dueValue(clocks.get(rowKey(f)));

  it("puts the most overdue first, files without a due instant last, either way round", () => {
    expect(sortRows([paused, late, soon], { key: "due", descending: false }, due).map((f) => f.rfc)).toEqual([soon.rfc, late.rfc, paused.rfc]);
    expect(sortRows([soon, paused, late], { key: "due", descending: true }, due).map((f) => f.rfc)).toEqual([paused.rfc, late.rfc, soon.rfc]);
  });

  it("filters by vencidos or por vencer, and by nothing", () => {
    expect(filterBySla([late, soon, paused], clocks, "breached")).toEqual([soon]);
    expect(filterBySla([late, soon, paused], clocks, "at_risk")).toEqual([late]);
    expect(filterBySla([late, soon, paused], clocks, null)).toHaveLength(3);
  });

  it("counts vencidos and por vencer in the overview, each a filter that toggles", () => {
    const chosen: (string | null)[] = [];
    render(
      <I18nProvider>
        <SlaOverview board={board} filter="at_risk" onFilter={(f) => chosen.push(f)} />
      </I18nProvider>,
    );
    const breached = screen.getByTestId("overview-sla-breached");
    const atRisk = screen.getByTestId("overview-sla-at_risk");
    expect(breached.textContent).toBe("✕ 1 vencido");
    expect(atRisk.getAttribute("aria-pressed")).toBe("true");
    breached.click();
    atRisk.click();
    expect(chosen).toEqual(["breached", null]);
  });
});

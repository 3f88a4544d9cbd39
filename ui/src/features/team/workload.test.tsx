import { clearMocks } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { command } from "../../api/commands";
import type { AppError } from "../../bindings/AppError";
import type { ReassignPlan } from "../../bindings/ReassignPlan";
import type { SlaBoard } from "../../bindings/SlaBoard";
import type { SlaClock } from "../../bindings/SlaClock";
import type { TeamQueue } from "../../bindings/TeamQueue";
import type { Workload } from "../../bindings/Workload";
import { startWithPreferences } from "../../preferences";
import { QueueBar, takeRefusal } from "./QueueBar";
import { ReassignPanel, selectionOf } from "./Reassign";
import { refusal, shown, team } from "./testing";
import { capOf, instantOf, WorkloadPanel } from "./Workload";

afterEach(() => {
  cleanup();
  clearMocks();
});

const member = (login: string, open: number, cap: number, awayUntil: string | null = null): Workload => ({
  login,
  email: `${login}@kybdesk.mx`,
  role: login === "jefa" ? "supervisor" : "analyst",
  cap,
  awayUntil,
  open,
});

const load = [member("ana", 3, 5), member("beto", 5, 5), member("carla", 0, 15, "2030-01-02T15:00:00Z")];

describe("the workload's units", () => {
  it("reads a typed cap and a typed date-time", () => {
    expect(capOf(" 12 ")).toBe(12);
    expect(capOf("0")).toBeNull();
    expect(capOf("-3")).toBeNull();
    expect(capOf("4.5")).toBeNull();
    expect(capOf("")).toBeNull();
    expect(instantOf("")).toBeNull();
    expect(instantOf("mañana")).toBeNull();
    const at = instantOf("2030-01-02T09:30");
    expect(at).toBe(new Date("2030-01-02T09:30").toISOString());
  });

  it("makes the selection of a member's files or of the files chosen", () => {
    expect(selectionOf("member", "", new Set())).toBeNull();
    expect(selectionOf("member", "beto", new Set(["x"]))).toEqual({ type: "member_files", login: "beto" });
    expect(selectionOf("queue", "beto", new Set())).toBeNull();
    expect(selectionOf("queue", "", new Set(["flujo\u0000AAA010101AA1"]))).toEqual({ type: "files", keys: [{ flowId: "flujo", rfc: "AAA010101AA1" }] });
  });

  it("says why take-next gave nothing at the cap or away, and nothing for other refusals", () => {
    const error = (code: string, details: AppError["details"]): AppError => ({ code, message: "", details, task: null, problems: [] }) as unknown as AppError;
    expect(takeRefusal(error("member_at_cap", { type: "member_at_cap", member: "ana", open: 5, cap: 5 }), "es-MX")).toEqual({
      key: "team.queue.atCap",
      values: { open: 5, cap: 5 },
    });
    expect(takeRefusal(error("member_away", { type: "member_away", member: "ana", until: "2030-01-02T15:00:00Z" }), "es-MX")?.key).toBe("team.queue.away");
    expect(takeRefusal(error("team_unreachable", null), "es-MX")).toBeNull();
  });
});

describe("the workload table", () => {
  it("shows each member's open files against the cap in figures, and who is away until when", async () => {
    team((cmd) => {
      if (cmd === command.team_workload) return load;
      throw new Error(cmd);
    });
    shown(<WorkloadPanel supervisor={false} me="ana" />);
    await waitFor(() => expect(screen.getAllByTestId("workload-member")).toHaveLength(3));
    const rows = screen.getAllByTestId("workload-member");
    expect(within(rows[0] as HTMLElement).getByTestId("workload-load").textContent).toBe("3 de 5");
    expect(within(rows[1] as HTMLElement).getByTestId("workload-load").textContent).toBe("5 de 5");
    expect(within(rows[0] as HTMLElement).getByTestId("workload-away").textContent).toBe("Disponible");
    expect(within(rows[2] as HTMLElement).getByTestId("workload-away").textContent).toMatch(/^No disponible hasta .*2030/);
    // An analyst changes only their own absence, and no cap.
    expect(screen.queryAllByTestId("workload-cap")).toHaveLength(0);
    expect(screen.getAllByTestId("workload-set-away")).toHaveLength(1);
    expect(within(rows[0] as HTMLElement).getByTestId("workload-set-away")).toBeTruthy();
  });

  it("lets a member mark themselves away until a date-time, and clears it", async () => {
    const sent: unknown[] = [];
    let answer = load;
    team((cmd, args) => {
      if (cmd === command.team_workload) return answer;
      if (cmd === command.set_member_away) {
        sent.push(args);
        answer = load.map((m) => (m.login === "ana" ? { ...m, open: 0, awayUntil: (args.until as string | null) ?? null } : m));
        return answer;
      }
      throw new Error(cmd);
    });
    shown(<WorkloadPanel supervisor={false} me="ana" />);
    fireEvent.click(await screen.findByTestId("workload-set-away"));
    const control = screen.getByTestId("workload-until");
    expect(document.activeElement).toBe(control);
    expect((screen.getByTestId("workload-away-save") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(control, { target: { value: "2030-01-02T09:30" } });
    fireEvent.click(screen.getByTestId("workload-away-save"));
    await waitFor(() => expect(sent).toEqual([{ login: "ana", until: new Date("2030-01-02T09:30").toISOString() }]));
    const mine = () => screen.getAllByTestId("workload-member")[0] as HTMLElement;
    await waitFor(() => expect(within(mine()).getByTestId("workload-away").textContent).toMatch(/^No disponible hasta/));
    fireEvent.click(within(mine()).getByTestId("workload-clear-away"));
    await waitFor(() => expect(sent[1]).toEqual({ login: "ana", until: null }));
  });

  it("lets a supervisor set anyone's cap, and shows a refusal", async () => {
    const sent: unknown[] = [];
    team((cmd, args) => {
      if (cmd === command.team_workload) return load;
      if (cmd === command.set_member_cap) {
        sent.push(args);
        return refusal("team_refused", null, "cap out of bounds");
      }
      throw new Error(cmd);
    });
    shown(<WorkloadPanel supervisor me="jefa" />);
    await waitFor(() => expect(screen.getAllByTestId("workload-cap")).toHaveLength(3));
    expect(screen.getAllByTestId("workload-set-away")).toHaveLength(3);
    const beto = screen.getAllByTestId("workload-member")[1] as HTMLElement;
    const save = within(beto).getByTestId("workload-cap-save") as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(within(beto).getByTestId("workload-cap"), { target: { value: "8" } });
    fireEvent.click(save);
    await waitFor(() => expect(sent).toEqual([{ login: "beto", cap: 8 }]));
    await screen.findByRole("alert");
  });
});

describe("each member's overdue files", () => {
  const clock = (state: SlaClock["state"], remainingMinutes: number | null): SlaClock => ({
    state,
    targetMinutes: 480,
    elapsedMinutes: 0,
    remainingMinutes,
    dueAt: null,
  });
  const file = (rfc: string, assignee: string | null) => ({ flowId: "flujo", rfc, status: "En Revisión", documentId: null, assignee });
  // Ana has two overdue (the oldest 12 h 30 min past its target) and one on time; Beto's
  // file has stopped (approved) and the queue's unassigned one is overdue: nobody's.
  const queue: TeamQueue = {
    files: [file("AAA010101AA1", "ana"), file("AAB010101AA2", "ana"), file("AAC010101AA3", "ana"), file("BBB020202BB2", "beto"), file("CCC030303CC3", null)],
    claims: [],
    me: "ana",
    role: "analyst",
  };
  const board: SlaBoard = {
    clocks: [
      { flowId: "flujo", rfc: "AAA010101AA1", clock: clock("breached", -750) },
      { flowId: "flujo", rfc: "AAB010101AA2", clock: clock("breached", -45) },
      { flowId: "flujo", rfc: "AAC010101AA3", clock: clock("on_time", 200) },
      { flowId: "flujo", rfc: "BBB020202BB2", clock: clock("stopped", null) },
      { flowId: "flujo", rfc: "CCC030303CC3", clock: clock("breached", -30) },
    ],
    breached: 3,
    atRisk: 0,
    newlyAtRisk: [],
    at: "2026-11-24T12:00:00Z",
  };

  function loads(answer: (cmd: string) => unknown = () => undefined) {
    team((cmd) => {
      if (cmd === command.team_workload) return load;
      const given = answer(cmd);
      if (given !== undefined) return given;
      if (cmd === command.team_queue) return queue;
      if (cmd === command.sla_board) return board;
      throw new Error(cmd);
    });
    shown(<WorkloadPanel supervisor={false} me="ana" />);
  }
  const overdueOf = (login: string) =>
    (screen.getAllByTestId("workload-member").find((r) => r.dataset.login === login) as HTMLElement).querySelector("[data-testid=workload-overdue]")
      ?.textContent;

  it("counts each member's assigned files whose clock is breached, and says how long ago the oldest was due", async () => {
    loads();
    await waitFor(() => expect(overdueOf("ana")).toBe("2 vencidosel más antiguo, hace 12 h 30 min"));
    expect(overdueOf("beto")).toBe("Ninguno");
    expect(overdueOf("carla")).toBe("Ninguno");
    expect(screen.getByRole("columnheader", { name: "Vencidos" })).toBeTruthy();
  });

  it("says it in English too", async () => {
    startWithPreferences({ language: "en" });
    try {
      loads();
      await waitFor(() => expect(overdueOf("ana")).toBe("2 overduethe oldest, 12 h 30 min ago"));
    } finally {
      startWithPreferences({ language: "es-MX" });
    }
  });

  it("shows a dash, not a zero, while the clocks cannot be read", async () => {
    loads((cmd) => (cmd === command.sla_board ? refusal("storage") : undefined));
    await waitFor(() => expect(screen.getAllByTestId("workload-member")).toHaveLength(3));
    expect(overdueOf("ana")).toBe("—");
  });
});

describe("reassigning in bulk", () => {
  const plan: ReassignPlan = {
    placements: [
      { flowId: "flujo", rfc: "AAA010101AA1", from: "beto", to: "ana" },
      { flowId: "flujo", rfc: "BBB020202BB2", from: "beto", to: "ana" },
    ],
    unplaced: [{ flowId: "flujo", rfc: "CCC030303CC3", from: "beto", reason: "no_capacity" }],
  };
  const queue = { files: [], claims: [], me: "jefa", role: "supervisor" };

  function reassigning(apply: (placements: unknown) => unknown) {
    const calls = { previews: [] as unknown[], applied: [] as unknown[] };
    team(
      (cmd, args) => {
        if (cmd === command.team_workload) return load;
        if (cmd === command.team_queue) return queue;
        if (cmd === command.preview_reassign) {
          calls.previews.push(args);
          return plan;
        }
        if (cmd === command.apply_reassign) {
          calls.applied.push(args.placements);
          return apply(args.placements);
        }
        throw new Error(cmd);
      },
      { role: "supervisor", member: "jefa" },
    );
    shown(<ReassignPanel />);
    return calls;
  }

  async function preview() {
    await waitFor(() => expect(screen.getAllByTestId("reassign-target")).toHaveLength(3));
    fireEvent.change(screen.getByTestId("reassign-member"), { target: { value: "beto" } });
    expect((screen.getByTestId("reassign-preview") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getAllByTestId("reassign-target")[0] as HTMLElement);
    fireEvent.click(screen.getByTestId("reassign-preview"));
    await screen.findByTestId("reassign-plan");
  }

  it("previews who gets what and what has no place, then applies the plan as shown", async () => {
    const calls = reassigning(() => 2);
    await preview();
    expect(calls.previews).toEqual([{ selection: { type: "member_files", login: "beto" }, targets: ["ana"] }]);
    const rows = screen.getAllByTestId("reassign-placement");
    expect(rows.map((r) => r.textContent)).toEqual(["AAA010101AA1betoana", "BBB020202BB2betoana"]);
    expect(screen.getByTestId("reassign-unplaced").textContent).toContain("los miembros elegidos están en su tope");
    // The preview's title takes the focus, so the keyboard continues from it.
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Quién recibe qué"));
    fireEvent.click(screen.getByTestId("reassign-confirm"));
    await waitFor(() => expect(screen.getByTestId("reassign-done").textContent).toBe("2 expedientes reasignados."));
    expect(calls.applied).toEqual([plan.placements]);
    expect(screen.queryByTestId("reassign-plan")).toBeNull();
  });

  it("when the queue moved, says nothing changed and offers a fresh preview instead of the stale plan", async () => {
    const calls = reassigning(() => refusal("plan_changed", { type: "plan_changed", file: "flujo / AAA010101AA1", assignee: "carla" }));
    await preview();
    fireEvent.click(screen.getByTestId("reassign-confirm"));
    await screen.findByTestId("reassign-moved");
    expect(screen.queryByTestId("reassign-plan")).toBeNull();
    expect(screen.queryByTestId("reassign-done")).toBeNull();
    fireEvent.click(screen.getByTestId("reassign-again"));
    await screen.findByTestId("reassign-plan");
    expect(calls.previews).toHaveLength(2);
    expect(screen.queryByTestId("reassign-moved")).toBeNull();
  });

  it("is a form like the app's others: a label over each control and one primary action at a time", async () => {
    reassigning(() => 2);
    await waitFor(() => expect(screen.getAllByTestId("reassign-target")).toHaveLength(3));
    const panel = screen.getByTestId("reassign");
    const whose = within(panel).getByText("De quién");
    expect(whose.tagName).toBe("LABEL");
    expect(whose.className).toBe("field-label");
    expect(within(panel).getByLabelText("De quién")).toBe(screen.getByTestId("reassign-member"));
    for (const legend of panel.querySelectorAll("legend")) expect(legend.className).toBe("field-label");
    const previewButton = screen.getByTestId("reassign-preview") as HTMLButtonElement;
    expect(previewButton.className).toBe("button-primary");
    expect(previewButton.type).toBe("submit");
    expect(previewButton.form?.className).toContain("form");
    await preview();
    // The plan's confirmation is now the primary action.
    expect(previewButton.className).toBe("button-quiet");
    expect(screen.getByTestId("reassign-confirm").className).toBe("button-primary");
  });

  it("forgets a preview when the choice changes", async () => {
    reassigning(() => 2);
    await preview();
    fireEvent.click(screen.getAllByTestId("reassign-target")[1] as HTMLElement);
    expect(screen.queryByTestId("reassign-plan")).toBeNull();
  });
});

describe("take next in a team", () => {
  it("says in words that the analyst is at their cap", async () => {
    team((cmd) => {
      if (cmd === command.take_next) return refusal("member_at_cap", { type: "member_at_cap", member: "ana", open: 5, cap: 5 });
      throw new Error(cmd);
    });
    const errors: AppError[] = [];
    shown(<QueueBar queue={null} filter="all" onFilter={() => undefined} onTaken={() => undefined} onError={(e) => errors.push(e)} />);
    fireEvent.click(screen.getByTestId("take-next"));
    const said = await screen.findByTestId("take-next-refused");
    expect(said.textContent).toContain("tiene 5 expedientes abiertos y su tope es 5");
    expect(errors).toEqual([]);
  });
});

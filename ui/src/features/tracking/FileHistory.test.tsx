// A file's history on its page (issue 32, 4): each change with old → new, who, when and
// its trail entry; an empty history said so; one desk reads its own log.
import { clearMocks } from "@tauri-apps/api/mocks";
import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";

import { command } from "../../api/commands";
import type { HistoryItem } from "../../bindings/HistoryItem";
import { DOC_A, shown, team } from "../team/testing";
import { FileHistory } from "./FileHistory";

afterEach(() => {
  cleanup();
  clearMocks();
});

const item = (over: Partial<HistoryItem>): HistoryItem => ({
  at: "2026-11-24T10:00:00Z",
  who: "ana",
  what: "note",
  old: null,
  new: null,
  seq: null,
  hash: null,
  ...over,
});

describe("the file's history", () => {
  it("shows each change with old → new, who and its trail entry", async () => {
    team((cmd, args) => {
      if (cmd === command.file_history && args.documentId === DOC_A)
        return [
          item({ what: "assignee", who: "sup", old: null, new: "ana", seq: 4, hash: "a1b2c3d4e5f6a7b8c9d0" }),
          item({ what: "claim", old: "ana", new: "beto", seq: 5, hash: "ff" }),
          item({ what: "note", who: "beto", new: "@ana mira el acta" }),
          item({ what: "status", old: "Pendiente", new: "Validado", seq: 6, hash: "ee" }),
        ];
      throw new Error(cmd);
    });
    shown(<FileHistory documentId={DOC_A} />);
    await waitFor(() => expect(screen.getAllByTestId("history-item")).toHaveLength(4));
    const items = screen.getAllByTestId("history-item");
    expect(items.map((i) => i.dataset.what)).toEqual(["assignee", "claim", "note", "status"]);
    expect(items[0]?.textContent).toContain("Asignación");
    expect(items[0]?.querySelector("[data-testid=history-change]")?.textContent).toBe("la cola → ana");
    expect(items[0]?.textContent).toContain("sup");
    expect(items[0]?.querySelector("[data-testid=history-seq]")?.textContent).toBe("Entrada 4 · a1b2c3d4e5f6…");
    expect(items[1]?.querySelector("[data-testid=history-change]")?.textContent).toBe("ana → beto");
    expect(items[2]?.textContent).toContain("@ana mira el acta");
    expect(items[2]?.querySelector("[data-testid=history-seq]")).toBeNull();
    expect(items[3]?.querySelector("[data-testid=history-change]")?.textContent).toBe("Pendiente → Validado");
    expect(screen.getByText("Del registro del equipo: cada cambio con quién y cuándo.")).toBeTruthy();
  });

  it("says when nothing was recorded yet, on one desk from its own log", async () => {
    team(
      (cmd) => {
        if (cmd === command.file_history) return [];
        throw new Error(cmd);
      },
      { configured: false, connected: false },
    );
    shown(<FileHistory documentId={DOC_A} />);
    expect((await screen.findByTestId("history-empty")).textContent).toBe("Sin cambios registrados todavía.");
    expect(screen.getByText("De la bitácora de este escritorio: lo que se hizo aquí con el expediente.")).toBeTruthy();
  });

  it("asks nothing of a team out of reach", async () => {
    const asked: string[] = [];
    team(
      (cmd) => {
        asked.push(cmd);
        return [];
      },
      { connected: false },
    );
    shown(<FileHistory documentId={DOC_A} />);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(asked).not.toContain(command.file_history);
  });
});

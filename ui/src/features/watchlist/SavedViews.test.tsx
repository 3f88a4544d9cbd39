import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { command } from "../../api/commands";
import type { SavedView } from "../../bindings/SavedView";
import { I18nProvider } from "../../i18n";
import { render } from "../../test/render";
import { emptyFilter, type Filter } from "./model";
import { SavedViews } from "./SavedViews";

afterEach(() => {
  cleanup();
  clearMocks();
});

const overdue: Filter = { query: "acme", categories: ["queued"], onlyChanged: false, age: "older", minRisk: "high" };
const hers: SavedView = {
  id: 7,
  name: "Vencidos",
  owner: "ana",
  mine: false,
  shared: true,
  filter: overdue,
  updatedAt: "2026-11-26T10:00:00Z",
};

/** Views shared from another desk after the first read (the test pushes to it). */
let sharedSince: SavedView[] = [];

/** The views over a filter the test can read, with the backend's list in `views`. */
function setUp(team: boolean, views: SavedView[]) {
  let list = views;
  sharedSince = [];
  const sent: { cmd: string; args: unknown }[] = [];
  mockIPC((cmd, args) => {
    sent.push({ cmd, args });
    if (cmd === command.saved_views) return [...list, ...sharedSince];
    if (cmd === command.save_view) {
      const { name, filter, shared } = args as { name: string; filter: Filter; shared: boolean };
      list = [...list, { id: 9, name, owner: team ? "beto" : null, mine: true, shared, filter, updatedAt: "2026-11-26T11:00:00Z" }];
      return list;
    }
    if (cmd === command.share_view) {
      const { id, shared } = args as { id: number; shared: boolean };
      list = list.map((v) => (v.id === id ? { ...v, shared } : v));
      return list;
    }
    if (cmd === command.delete_view) {
      list = list.filter((v) => v.id !== (args as { id: number }).id);
      return list;
    }
    throw new Error(cmd);
  });
  let shown: Filter = emptyFilter;
  function Harness() {
    const [filter, setFilter] = useState<Filter>({ ...emptyFilter, query: "pan" });
    shown = filter;
    return <SavedViews filter={filter} onOpen={setFilter} team={team} />;
  }
  render(
    <I18nProvider>
      <Harness />
    </I18nProvider>,
  );
  return { sent, filter: () => shown };
}

describe("saved views", () => {
  it("opens a view another member shared: its filter becomes the list's", async () => {
    const { filter } = setUp(true, [hers]);
    const select = (await screen.findByTestId("saved-view-select")) as HTMLSelectElement;
    await waitFor(() => expect(select.textContent).toContain("Vencidos (de ana)"));
    fireEvent.change(select, { target: { value: "7" } });
    expect(filter()).toEqual(overdue);
    expect(screen.getByTestId("saved-view-said").textContent).toBe("Vista «Vencidos» abierta.");
    // Another's view: neither shared off nor deleted from here.
    expect(screen.queryByTestId("saved-view-share")).toBeNull();
    expect(screen.queryByTestId("saved-view-delete")).toBeNull();
  });

  it("reads the views again as the chooser gets the focus: one shared since is offered", async () => {
    const { sent } = setUp(true, []);
    const select = (await screen.findByTestId("saved-view-select")) as HTMLSelectElement;
    await waitFor(() => expect(sent.filter((s) => s.cmd === command.saved_views)).toHaveLength(1));
    expect(select.options).toHaveLength(1);
    sharedSince.push(hers);
    fireEvent.focus(select);
    await waitFor(() => expect(select.textContent).toContain("Vencidos (de ana)"));
  });

  it("saves the filter on screen under a name, shared with the team when asked", async () => {
    const { sent } = setUp(true, []);
    fireEvent.click(await screen.findByTestId("saved-view-new"));
    fireEvent.change(screen.getByTestId("saved-view-name"), { target: { value: "Panaderías" } });
    fireEvent.click(screen.getByTestId("saved-view-shared"));
    fireEvent.click(screen.getByTestId("saved-view-save"));
    await screen.findByText("Vista «Panaderías» guardada.");
    expect(sent.find((s) => s.cmd === command.save_view)?.args).toEqual({
      name: "Panaderías",
      filter: { ...emptyFilter, query: "pan" },
      shared: true,
    });
    // Its own: can be unshared and deleted.
    fireEvent.click(screen.getByTestId("saved-view-share"));
    await waitFor(() => expect(sent.some((s) => s.cmd === command.share_view)).toBe(true));
    expect(sent.find((s) => s.cmd === command.share_view)?.args).toEqual({ id: 9, shared: false });
    // The buttons are held while the unsharing is under way: a click then does nothing
    // (on a loaded machine the answer comes after the next line).
    const remove = screen.getByTestId("saved-view-delete") as HTMLButtonElement;
    await waitFor(() => expect(remove.disabled).toBe(false));
    fireEvent.click(remove);
    await waitFor(() => expect((screen.getByTestId("saved-view-select") as HTMLSelectElement).options).toHaveLength(1));
  });

  it("puts the focus in the name's box on «Guardar vista…», and back on the button when the box closes", async () => {
    setUp(false, []);
    const button = await screen.findByTestId("saved-view-new");
    button.focus();
    fireEvent.click(button);
    const box = screen.getByTestId("saved-view-name");
    expect(document.activeElement).toBe(box);
    fireEvent.keyDown(box, { key: "Escape" });
    expect(screen.queryByTestId("saved-view-name")).toBeNull();
    expect(document.activeElement).toBe(screen.getByTestId("saved-view-new"));
  });

  it("on one desk offers no sharing", async () => {
    const { sent } = setUp(false, []);
    fireEvent.click(await screen.findByTestId("saved-view-new"));
    expect(screen.queryByTestId("saved-view-shared")).toBeNull();
    fireEvent.change(screen.getByTestId("saved-view-name"), { target: { value: "Mías" } });
    fireEvent.click(screen.getByTestId("saved-view-save"));
    await screen.findByText("Vista «Mías» guardada.");
    expect(sent.find((s) => s.cmd === command.save_view)?.args).toMatchObject({ shared: false });
    expect(screen.queryByTestId("saved-view-share")).toBeNull();
  });
});

import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { command } from "../../api/commands";
import type { Hit } from "../../bindings/Hit";
import type { ListInfo } from "../../bindings/ListInfo";
import type { Ownership } from "../../bindings/Ownership";
import { I18nProvider } from "../../i18n";
import { render } from "../../test/render";
import { HitActions } from "../evidence/HitActions";
import { OwnershipView } from "../evidence/OwnershipView";
import { RiskListsView } from "./RiskListsView";

// jsdom has no canvas: the ownership picture (uPlot) is replaced by one that lists what it drew.
vi.mock("../evidence/OwnershipChart", () => ({
  OwnershipChart: (props: { owners: { name: string }[]; threshold: number }) => (
    <div data-testid="ownership-chart" data-owners={props.owners.map((o) => o.name).join("|")} data-threshold={props.threshold} />
  ),
}));

afterEach(() => {
  cleanup();
  clearMocks();
});

const SAT: ListInfo = {
  format: "sat69b",
  publisher: "SAT",
  published: "INFORMACIÓN ACTUALIZADA AL 15 DE NOVIEMBRE DE 2026",
  sha256: "ab".repeat(32),
  rows: 12_345,
  importedAt: "2026-12-01T10:00:00Z",
  importedBy: "ana@kybdesk.mx",
  origin: { kind: "files", names: ["Listado_Completo_69-B.csv"] },
  version: 2,
};

describe("the risk lists screen", () => {
  it("downloads a list from the address the policy names, showing each stage as it goes", async () => {
    const sent: { channel: { onmessage: (p: unknown) => void } | null } = { channel: null };
    let finish: (value: unknown) => void = () => {};
    mockIPC((cmd, args) => {
      if (cmd === command.risk_lists) {
        return { lists: [], sources: [{ name: "SAT 69-B", format: "sat69b", url: "https://sat.example/69b.csv", aliasesUrl: null }] };
      }
      if (cmd === command.import_list_from) {
        sent.channel = (args as { onProgress: { onmessage: (p: unknown) => void } }).onProgress;
        return new Promise((resolve) => {
          finish = resolve;
        });
      }
      throw new Error(`unexpected ${cmd}`);
    });
    render(
      <I18nProvider>
        <RiskListsView />
      </I18nProvider>,
    );
    const download = await screen.findByTestId("download-sat69b");
    expect(download.textContent).toBe("Descargar");
    expect(download.getAttribute("aria-label")).toBe("Descargar de SAT 69-B");
    expect(download.getAttribute("title")).toBe("SAT 69-B · https://sat.example/69b.csv");
    expect(screen.queryByTestId("download-ofac_sdn")).toBeNull();
    fireEvent.click(download);
    await waitFor(() => expect(sent.channel).not.toBeNull());
    sent.channel?.onmessage({ stage: "downloading", done: 0, total: 0 });
    const bar = await screen.findByTestId("import-progress");
    expect(bar.textContent).toBe("Descargando la lista…");
    expect(bar.querySelector("progress")?.hasAttribute("value")).toBe(false);
    sent.channel?.onmessage({ stage: "rescreening", done: 3, total: 4 });
    await waitFor(() => expect(screen.getByTestId("import-progress").textContent).toBe("Revisando de nuevo los expedientes seguidos… 75 %"));
    expect(screen.getByTestId("import-progress").querySelector("progress")?.getAttribute("value")).toBe("75");
    finish({ info: { ...SAT, origin: { kind: "address", url: "https://sat.example/69b.csv" } }, rescreened: 4, newHits: [] });
    await screen.findByTestId("list-imported");
    expect(screen.queryByTestId("import-progress")).toBeNull();
  });

  it("shows each list's provenance and imports a new version, telling the new hits", async () => {
    let lists: ListInfo[] = [];
    const asked: unknown[] = [];
    mockIPC((cmd, args) => {
      if (cmd === command.risk_lists) return { lists, sources: [] };
      if (cmd === command.import_list) {
        asked.push((args as { format: string }).format);
        lists = [SAT];
        return { info: SAT, rescreened: 3, newHits: [{ documentId: "d-1", company: "Acme", party: "Juan Pérez", row: "PEGJ750101AB8", score: 100 }] };
      }
      throw new Error(`unexpected ${cmd}`);
    });
    render(
      <I18nProvider>
        <RiskListsView />
      </I18nProvider>,
    );
    const row = await screen.findByText("SAT 69-B (operaciones simuladas)");
    expect(row.closest("tr")?.textContent).toContain("No importada");
    fireEvent.click(screen.getByTestId("import-sat69b"));
    expect((await screen.findByTestId("list-imported")).textContent).toContain("12,345 filas, versión 2");
    expect(screen.getByTestId("list-imported").textContent).toContain("3 expedientes seguidos revisados de nuevo; 1 coincidencia nueva.");
    expect(screen.getByTestId("new-hits").textContent).toContain("Acme: Juan Pérez en la fila PEGJ750101AB8 (100 %).");
    expect(asked).toEqual(["sat69b"]);
    expect(screen.queryByTestId("download-sat69b")).toBeNull();
    await screen.findByText(/INFORMACIÓN ACTUALIZADA/);
    expect(screen.getByText(`${"ab".repeat(6)}…`).getAttribute("title")).toBe("ab".repeat(32));
  });

  it("says what is wrong with a refused file, and that nothing was imported", async () => {
    mockIPC((cmd) => {
      if (cmd === command.risk_lists) return { lists: [], sources: [] };
      if (cmd === command.import_list) {
        throw { code: "list_unreadable", message: "cut", details: { type: "list_unreadable", problem: "truncated", line: 7 }, task: null, problems: [] };
      }
      throw new Error(`unexpected ${cmd}`);
    });
    render(
      <I18nProvider>
        <RiskListsView />
      </I18nProvider>,
    );
    fireEvent.click(await screen.findByTestId("import-ofac_sdn"));
    const notice = await screen.findByTestId("error-notice");
    expect(notice.textContent).toContain("El archivo está incompleto: termina antes de su final (línea 7). No se importó nada.");
    expect(notice.textContent).toContain("La lista anterior sigue vigente.");
  });
});

const HIT: Hit = {
  list: "ofac_sdn",
  listVersion: 1,
  row: "23456",
  listedName: "OROZCO VALDÉS, Ramón",
  listStatus: "SDNTK",
  score: 93,
  matchedOn: "name",
  party: "Ramón Orozco Valdez",
  partyRfc: null,
  roles: ["shareholder", "representative"],
  partyKey: "name:orozco ramon valdez",
  disposition: null,
};

describe("a hit in the review", () => {
  it("is disposed of as a false positive only with a reason, which is sent with the hit's row", async () => {
    const sent: unknown[] = [];
    mockIPC((cmd, args) => {
      if (cmd === command.dispose_hit) {
        sent.push(args);
        return {};
      }
      throw new Error(`unexpected ${cmd}`);
    });
    render(
      <I18nProvider>
        <HitActions hit={HIT} documentId="d-1" />
      </I18nProvider>,
    );
    expect(screen.getByTestId("hit").textContent).toContain(
      "Ramón Orozco Valdez (accionista, representante) en OFAC SDN: «OROZCO VALDÉS, Ramón» (fila 23456), 93 % parecido.",
    );
    fireEvent.click(screen.getByTestId("hit-false-positive"));
    expect((screen.getByTestId("hit-confirm") as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId("hit-reason"), { target: { value: "Otra fecha de nacimiento" } });
    fireEvent.click(screen.getByTestId("hit-confirm"));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      request: {
        documentId: "d-1",
        list: "ofac_sdn",
        row: "23456",
        partyKey: "name:orozco ramon valdez",
        party: "Ramón Orozco Valdez",
        verdict: "false_positive",
        reason: "Otra fecha de nacimiento",
      },
    });
  });

  it("shows a disposition already made instead of the buttons, and no buttons in the evidence window", () => {
    mockIPC(() => {
      throw new Error("nothing is called");
    });
    const { unmount } = render(
      <I18nProvider>
        <HitActions
          hit={{
            ...HIT,
            disposition: {
              list: "ofac_sdn",
              row: "23456",
              partyKey: HIT.partyKey,
              verdict: "true_match",
              reason: "Mismo CURP",
              by: "ana@kybdesk.mx",
              at: "2026-12-01T10:00:00Z",
              documentId: "d-1",
            },
          }}
          documentId="d-1"
        />
      </I18nProvider>,
    );
    expect(screen.getByTestId("hit-disposition").textContent).toContain("Coincidencia verdadera, por ana@kybdesk.mx: Mismo CURP");
    expect(screen.queryByTestId("hit-false-positive")).toBeNull();
    unmount();
    render(
      <I18nProvider>
        <HitActions hit={HIT} documentId={undefined} />
      </I18nProvider>,
    );
    expect(screen.queryByTestId("hit-false-positive")).toBeNull();
  });
});

describe("the deed's owners", () => {
  it("are a table with the controllers and the company marked, the picture beside it, and the officers", async () => {
    const ownership: Ownership = {
      document: 2,
      owners: [
        { name: "Gloria Hernández García", rfc: "HEGG560427AB3", percent: 70, fixed: 35_000, variable: 35_000, total: 70_000, company: false, controls: true },
        { name: "Inversiones Fantasma SA de CV", rfc: "IFA150301AB4", percent: 30, fixed: 30_000, variable: 0, total: 30_000, company: true, controls: true },
      ],
      totalPercent: 100,
      thresholdPercent: 25,
      administrators: [{ name: "Gloria Hernández García", rfc: "HEGG560427AB3", role: "Administrador Único" }],
      oversight: [{ name: "Luis Ruiz", rfc: null, role: "Comisario" }],
    };
    render(
      <I18nProvider>
        <OwnershipView ownership={ownership} />
      </I18nProvider>,
    );
    const rows = screen.getAllByTestId("owner");
    expect(rows[1]?.getAttribute("data-company")).toBe("true");
    expect(rows[1]?.textContent).toContain("Persona moral");
    expect(rows[0]?.textContent).toContain("Beneficiario controlador");
    expect(screen.getByTestId("owners-table").textContent).toContain("Beneficiario controlador: 25 % o más (política)");
    expect((await screen.findByTestId("ownership-chart")).getAttribute("data-owners")).toBe("Gloria Hernández García|Inversiones Fantasma SA de CV");
    expect(screen.getByTestId("officers").textContent).toContain("Comisario: Luis Ruiz sin RFC");
  });
});

import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { command } from "../../api/commands";
import type { AuditEntries } from "../../bindings/AuditEntries";
import type { AuditEntry } from "../../bindings/AuditEntry";
import type { AuditTarget } from "../../bindings/AuditTarget";
import type { ChainReport } from "../../bindings/ChainReport";
import type { OperationRoute } from "../../bindings/OperationRoute";
import type { Outcome } from "../../bindings/Outcome";
import type { OutcomeCode } from "../../bindings/OutcomeCode";
import * as sparse from "../../bindings/sparse";
import { I18nProvider } from "../../i18n";
import { GivenInfo } from "../../test/appInfo";
import { render } from "../../test/render";
import { AuditView } from "./AuditView";

afterEach(() => {
  cleanup();
  clearMocks();
});

const entry = (seq: number, operation: string, outcome: AuditEntry["outcome"], completes?: number): AuditEntry => ({
  hash: `h${seq}`,
  seq,
  atUtc: `2026-11-2${seq}T15:00:00Z`,
  profile: "Demo",
  agentEmail: "ana@kybdesk.mx",
  operation,
  target: "VD-00000006",
  subject: { kind: "folio", folio: "VD-00000006" },
  summary: "",
  outcome,
  prevHash: `h${seq - 1}`,
  ...(completes === undefined ? {} : { completes }),
});
const intent: Outcome = { ok: false, code: "intent", message: null };
const ok: Outcome = { ok: true, code: null, message: null };

/** The routes the backend gives in the app's info. */
const ROUTES: OperationRoute[] = [
  { operation: "create_file", route: "POST /expedientes/nuevo" },
  { operation: "resend_verification", route: "POST /verificaciones/{folio}/reenviar" },
  { operation: "cancel_verification", route: "POST /verificaciones/{folio}/cancelar" },
];

function renderWith(read: AuditEntries, chain: ChainReport, routes: OperationRoute[] = ROUTES) {
  const calls: [string, unknown][] = [];
  mockIPC((cmd, args) => {
    calls.push([cmd, args]);
    if (cmd === command.audit_entries) return read;
    if (cmd === command.verify_audit) return chain;
    throw new Error(cmd);
  });
  render(
    <I18nProvider>
      <GivenInfo operations={routes}>
        <AuditView />
      </GivenInfo>
    </I18nProvider>,
  );
  return calls;
}

describe("the audit log", () => {
  it("marks an intent without a result as outcome unknown, and names desk events", async () => {
    const read: AuditEntries = {
      unreadable: 0,
      entries: [
        entry(1, "POST /verificaciones/{folio}/reenviar", intent),
        entry(2, "POST /verificaciones/{folio}/reenviar", ok, 1),
        entry(3, "POST /verificaciones/{folio}/cancelar", intent),
        entry(4, "desk: key-origin-confirmed", ok),
        entry(5, "desk: something-new", ok),
      ],
      // The backend's word on which intents have no result.
      unresolved: [3],
    };
    renderWith(read, { entries: 5, unreadable: 0, breaks: [], anchor: { state: "matches" } });
    const rows = await screen.findAllByTestId("audit-row");
    // Newest first.
    const bySeq = (seq: number) => rows.find((r) => r.firstElementChild?.textContent === String(seq))!;
    expect(within(bySeq(1)).getByTestId("audit-intent").textContent).toBe("Intención de envío");
    expect(within(bySeq(1)).queryByTestId("audit-unknown")).toBeNull();
    expect(bySeq(2).textContent).toContain("Completa la N.º 1");
    expect(within(bySeq(3)).getByTestId("audit-unknown").textContent).toBe("Resultado desconocido");
    expect(bySeq(4).textContent).toContain("API Key confirmada para la nueva dirección");
    expect(bySeq(5).textContent).toContain("desk: something-new");
    expect(bySeq(5).textContent).not.toMatch(/undefined|null/);
    expect(screen.getByTestId("chain-badge").textContent).toBe("Cadena íntegra (5 entradas)");
    expect(screen.queryByTestId("chain-summary")).toBeNull();
  });

  it("lists every break, the unreadable lines and the anchor in words", async () => {
    renderWith(
      { unreadable: 2, entries: [entry(1, "POST /expedientes/nuevo", ok)], unresolved: [] },
      {
        entries: 7,
        unreadable: 2,
        breaks: [
          { line: 3, problem: { kind: "modified" } },
          { line: 6, problem: { kind: "missing", after: 4, next: 6 } },
        ],
        anchor: { state: "truncated", anchoredSeq: 9, lastSeq: 7 },
      },
    );
    const summary = await screen.findByTestId("chain-summary");
    expect(screen.getByTestId("chain-badge").textContent).toBe("Cadena alterada desde la línea 3");
    const breaks = within(summary)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(breaks).toEqual(["Línea 3: la entrada fue modificada", "Línea 6: faltan entradas: después de la 4 sigue la 6"]);
    expect(screen.getByTestId("chain-badge").title).toBe("la entrada fue modificada");
    expect(screen.getByTestId("chain-unreadable").textContent).toBe("2 líneas ilegibles no se cuentan.");
    expect(screen.getByTestId("chain-anchor").textContent).toBe("Faltan entradas al final: el llavero registra hasta la N.º 9 y el archivo llega a la 7.");
    expect(screen.getByTestId("audit-count").textContent).toContain("2 líneas ilegibles no se muestran");
  });

  it("words each failed outcome by its code, and shows a code of a newer version as written", async () => {
    // A newer version's code reaches the window as the text it was written as.
    const newer: OutcomeCode = JSON.parse('"a_newer_code"');
    renderWith(
      {
        unreadable: 0,
        entries: [
          entry(1, "POST /verificaciones/{folio}/reenviar", { ok: false, code: "state_conflict", message: "Estatus no permite reenvío" }),
          entry(2, "desk: audit-recovered", { ok: false, code: "torn_line", message: null }),
          entry(3, "POST /verificaciones/{folio}/cancelar", { ok: false, code: newer, message: null }),
        ],
        unresolved: [],
      },
      { entries: 3, unreadable: 0, breaks: [], anchor: { state: "matches" } },
    );
    const failed = (await screen.findAllByTestId("audit-failed")).map((chip) => chip.textContent);
    // Newest first.
    expect(failed).toEqual(["a_newer_code", "Última línea incompleta apartada", "El estatus actual no permite esta operación."]);
    expect(screen.getAllByTestId("audit-failed")[2]!.title).toBe("Estatus no permite reenvío");
  });

  it("says when the keyring's anchor cannot vouch for the log, though no hash breaks", async () => {
    renderWith(
      { unreadable: 0, entries: [entry(1, "POST /expedientes/nuevo", ok)], unresolved: [] },
      { entries: 1, unreadable: 0, breaks: [], anchor: { state: "unavailable", reason: "sin Secret Service" } },
    );
    expect((await screen.findByTestId("chain-anchor")).textContent).toBe("No se pudo leer el ancla en el llavero: sin Secret Service");
    expect(screen.getByTestId("chain-badge").textContent).toBe("Cadena sin confirmar (1 entrada)");
  });

  it("names each operation by the route the app's info gives it, and shows any other as written", async () => {
    // An edited log can hold any text as an operation, a name of Object's own included.
    const read: AuditEntries = {
      unreadable: 0,
      entries: [
        entry(1, "POST /v2/expedientes/nuevo", ok),
        entry(2, "POST /expedientes/nuevo", ok),
        entry(3, "constructor", ok),
        entry(4, "__proto__", ok),
        entry(5, "toString", ok),
        entry(6, "desk: key-replaced", ok),
      ],
      unresolved: [],
    };
    renderWith(read, { entries: 6, unreadable: 0, breaks: [], anchor: { state: "matches" } }, [
      { operation: "create_file", route: "POST /v2/expedientes/nuevo" },
    ]);
    const rows = await screen.findAllByTestId("audit-row");
    const operation = (seq: number) => rows.find((r) => r.firstElementChild?.textContent === String(seq))!.children[2]!.textContent;
    expect(operation(1)).toBe("Crear expediente");
    expect(operation(2)).toBe("POST /expedientes/nuevo");
    expect([operation(3), operation(4), operation(5)]).toEqual(["constructor", "__proto__", "toString"]);
    expect(operation(6)).toBe("API Key reemplazada");
  });
});

describe("the audit log in the user's words", () => {
  const DOC = "2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10";
  const OTHER = "9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
  const PERSON = "5a4e3c2b-1d0f-4e9a-8b7c-6d5e4f3a2b1c";
  /** An entry with what the backend says it is about. */
  const at = (seq: number, operation: string, target: string, subject: AuditTarget, atUtc: string, outcome: Outcome = ok): AuditEntry => ({
    ...entry(seq, operation, outcome),
    target,
    subject,
    atUtc,
  });
  const read: AuditEntries = {
    unreadable: 0,
    unresolved: [],
    entries: [
      at(1, "POST /verificaciones/{folio}/reenviar", "VD-00000006", { kind: "folio", folio: "VD-00000006" }, "2026-11-10T15:00:00Z"),
      at(2, "POST /expedientes/solicitar-correccion", DOC, { kind: "file", documentId: DOC }, "2026-11-20T15:00:00Z", {
        ok: false,
        code: "validation",
        message: "Error de validacion",
      }),
      at(3, "POST /enrollment/v1/url", `${OTHER} / ${PERSON}`, { kind: "person", documentId: OTHER, personId: PERSON }, "2026-11-22T15:00:00Z"),
      at(4, "POST /expedientes/nuevo", "flujo / PLC150301AB2", { kind: "new_file", flowId: "flujo", company: "PLC150301AB2" }, "2026-11-22T16:00:00Z", intent),
      at(
        5,
        "POST /expedientes/informacion-complementaria",
        `${DOC} / flujo-extra-0001`,
        { kind: "added_flow", documentId: DOC, flowId: "flujo-extra-0001" },
        "2026-11-22T17:00:00Z",
        intent,
      ),
    ],
  };
  const routes: OperationRoute[] = [
    ...ROUTES,
    { operation: "correction", route: "POST /expedientes/solicitar-correccion" },
    { operation: "enrollment_link", route: "POST /enrollment/v1/url" },
    { operation: "complementary_info", route: "POST /expedientes/informacion-complementaria" },
  ];
  const chain: ChainReport = { entries: 3, unreadable: 0, breaks: [], anchor: { state: "matches" } };

  function show(onOpenFile: (flowId: string, rfc: string) => void, onOpenFolio: (folio: string) => void) {
    mockIPC((cmd) => {
      if (cmd === command.audit_entries) return read;
      if (cmd === command.verify_audit) return chain;
      if (cmd === command.watchlist)
        return [{ ...sparse.watchedFile, flowId: "flujo", rfc: "PLE150301AB2", documentId: DOC, companyName: "Panificadora La Espiga" }];
      throw new Error(cmd);
    });
    render(
      <I18nProvider>
        <GivenInfo operations={routes}>
          <AuditView onOpenFile={onOpenFile} onOpenFolio={onOpenFolio} />
        </GivenInfo>
      </I18nProvider>,
    );
  }

  it("names each entry's file or verification and opens it; an id it cannot name is shown short, whole in its title", async () => {
    const opened: string[] = [];
    show(
      (flowId, rfc) => opened.push(`file ${flowId} ${rfc}`),
      (folio) => opened.push(`folio ${folio}`),
    );
    await screen.findAllByTestId("audit-row");
    const links = await screen.findAllByTestId("audit-open");
    // Newest first: the complementary intent, the new file by its RFC, the correction, the resend.
    expect(links.map((l) => l.textContent)).toEqual(["Panificadora La Espiga", "RFC PLC150301AB2", "Panificadora La Espiga", "VD-00000006"]);
    for (const link of links) fireEvent.click(link);
    expect(opened).toEqual(["file flujo PLE150301AB2", "file flujo PLC150301AB2", "file flujo PLE150301AB2", "folio VD-00000006"]);
    expect(screen.getByTitle(`${DOC} / flujo-extra-0001`).textContent).toBe("Panificadora La Espigaflujo flujo-ex…");
    const unknown = screen.getByTitle(`${OTHER} / ${PERSON}`);
    expect(unknown.textContent).toBe("9b8a7c6d…persona 5a4e3c2b…");
    // The failure's code is worded, never the raw code.
    const failed = screen.getByTestId("audit-failed");
    expect(failed.textContent).not.toBe("validation");
    expect(failed.textContent?.length).toBeGreaterThan(0);
  });

  it("filters by days typed in the user's language's order", async () => {
    show(
      () => undefined,
      () => undefined,
    );
    await screen.findAllByTestId("audit-row");
    fireEvent.change(screen.getByTestId("audit-from"), { target: { value: "15/11/2026" } });
    expect(screen.getAllByPlaceholderText("dd/mm/aaaa")).toHaveLength(2);
    expect(screen.getAllByTestId("audit-row")).toHaveLength(4);
    fireEvent.change(screen.getByTestId("audit-to"), { target: { value: "21/11/2026" } });
    expect(screen.getAllByTestId("audit-row")).toHaveLength(1);
    // Half a day filters nothing, and says so once the field is left.
    fireEvent.change(screen.getByTestId("audit-to"), { target: { value: "21/11" } });
    fireEvent.blur(screen.getByTestId("audit-to"));
    expect(screen.getAllByTestId("audit-row")).toHaveLength(4);
    expect(screen.getByText("No es una fecha")).toBeTruthy();
  });
});

import { describe, expect, it } from "vitest";

import type { AuditEntry } from "../../bindings/AuditEntry";
import type { OperationRoute } from "../../bindings/OperationRoute";
import { localDay } from "../../words/format";
import { anchorMessage, applyFilter, noFilter, operationLabel, operationsIn, subjectOf } from "./model";

const entry = (seq: number, operation: string, target: string, atUtc: string): AuditEntry => ({
  hash: "h",
  seq,
  atUtc,
  profile: "Demo",
  agentEmail: "a@b.mx",
  operation,
  target,
  subject: { kind: "other", text: target },
  summary: "",
  outcome: { ok: true, code: null, message: null },
  prevHash: "p",
});

const log = [
  entry(1, "POST /expedientes/nuevo", "9d1b6a52-aaaa-4000-8000-000000000001", "2026-11-20T15:00:00Z"),
  entry(2, "POST /verificaciones/{folio}/reenviar", "VD-00000006", "2026-11-21T15:00:00Z"),
  entry(3, "POST /verificaciones/{folio}/reenviar", "VD-00000002", "2026-11-22T15:00:00Z"),
];

describe("the audit log's filters", () => {
  it("filter by operation, by a part of the target, and by local day", () => {
    expect(applyFilter(log, noFilter)).toHaveLength(3);
    expect(applyFilter(log, { ...noFilter, operation: "POST /verificaciones/{folio}/reenviar" }).map((e) => e.seq)).toEqual([2, 3]);
    expect(applyFilter(log, { ...noFilter, target: "vd-00000006" }).map((e) => e.seq)).toEqual([2]);
    const day = localDay("2026-11-21T15:00:00Z");
    expect(applyFilter(log, { ...noFilter, from: day, to: day }).map((e) => e.seq)).toEqual([2]);
    expect(applyFilter(log, { ...noFilter, from: localDay("2026-11-21T15:00:00Z") }).map((e) => e.seq)).toEqual([2, 3]);
  });

  it("lists the operations present once, and names the state-changing ones", () => {
    expect(operationsIn(log)).toEqual(["POST /expedientes/nuevo", "POST /verificaciones/{folio}/reenviar"]);
    const routes: OperationRoute[] = [{ operation: "cancel_verification", route: "POST /verificaciones/{folio}/cancelar" }];
    expect(operationLabel("POST /verificaciones/{folio}/cancelar", routes)).toBe("op.cancel");
    expect(operationLabel("POST /verificaciones/{folio}/cancelar", [])).toBeNull();
    expect(operationLabel("desk: key-replaced", [])).toBe("op.desk.keyReplaced");
    expect(operationLabel("GET /algo", routes)).toBeNull();
    expect(operationLabel("hasOwnProperty", routes)).toBeNull();
  });
});

describe("intents and the anchor", () => {
  it("names each anchor state, with its numbers", () => {
    expect(anchorMessage({ state: "matches" })).toMatchObject({ key: "audit.anchor.matches", ok: true });
    expect(anchorMessage({ state: "missing" }).ok).toBe(false);
    expect(anchorMessage({ state: "unreadable" })).toEqual({ key: "audit.anchor.unreadable", vars: {}, ok: false });
    expect(anchorMessage({ state: "behind", anchoredSeq: 4, lastSeq: 6 })).toEqual({ key: "audit.anchor.behind", vars: { anchored: 4, last: 6 }, ok: false });
    expect(anchorMessage({ state: "rewritten", seq: 2 })).toEqual({ key: "audit.anchor.rewritten", vars: { seq: 2 }, ok: false });
    expect(operationLabel("desk: audit-tamper-detected", [])).toBe("op.desk.auditTamperDetected");
    expect(operationLabel("desk: unheard-of", [])).toBeNull();
  });
});

describe("what an entry is about", () => {
  it("follows the typed target the backend gives, never the text", () => {
    const about = (subject: AuditEntry["subject"]) => subjectOf({ subject });
    const DOC = "2f1d0c1e-5b0a-4c7e-9d55-7d2b3b1a9e10";
    expect(about({ kind: "folio", folio: "VD-1" })).toEqual({ kind: "folio", folio: "VD-1" });
    expect(about({ kind: "file", documentId: DOC })).toEqual({ kind: "file", documentId: DOC, person: null, flow: null });
    expect(about({ kind: "person", documentId: DOC, personId: "p-7" })).toEqual({ kind: "file", documentId: DOC, person: "p-7", flow: null });
    // A flow whose id holds " / " stays whole: nothing splits the text any more.
    expect(about({ kind: "added_flow", documentId: DOC, flowId: "flujo / b" })).toEqual({ kind: "file", documentId: DOC, person: null, flow: "flujo / b" });
    expect(about({ kind: "new_file", flowId: "flujo", company: "PLE150301AB2" })).toEqual({ kind: "newFile", flowId: "flujo", rfc: "PLE150301AB2" });
    expect(about({ kind: "profile", profileId: "perfil" })).toEqual({ kind: "none" });
    expect(about({ kind: "other", text: "a / b" })).toEqual({ kind: "none" });
  });
});

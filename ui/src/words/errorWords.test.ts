// The error words read an error's facts by name, whatever order the desk filled them in.
import { describe, expect, it } from "vitest";

import type { AppError } from "../bindings/AppError";
import type { Details } from "../bindings/Details";
import { type MessageKey, translate, type Vars } from "../i18n";
import { detailLines, errorWords } from "./errorWords";

const t = (key: MessageKey, vars?: Vars) => translate("en", key, vars);
const error = (code: AppError["code"], details: Details | null): AppError => ({ code, message: "", details, task: null, problems: [] });

describe("an error's named facts", () => {
  it("says who holds a claim and since when, from the holder and since fields", () => {
    const since = "2026-11-24T10:32:00Z";
    const words = errorWords(error("claimed_by_other", { type: "claimed_by_other", holder: "beto@kybdesk.mx", since, until: "2026-11-24T10:47:00Z" }), t);
    expect(words.title).toBe(`beto@kybdesk.mx has been reviewing this file since ${new Date(since).toLocaleString()}.`);
    expect(words.details).toEqual([]);
  });

  it("falls back to the code's own words when a claim names no holder", () => {
    const words = errorWords(error("claimed_by_other", { type: "claimed_by_other", holder: "", since: "", until: "" }), t);
    expect(words.title).toBe(t("error.claimed_by_other"));
  });

  it("says which origin a key was given for, or that none was recorded", () => {
    const recorded = errorWords(
      error("key_origin_changed", { type: "key_origin_changed", recorded: "https://viejo.example.mx:443", now: "https://kyb.example.mx:443" }),
      t,
    );
    expect(recorded.title).toContain("https://viejo.example.mx:443");
    expect(recorded.title).toContain("https://kyb.example.mx:443");
    const none = errorWords(error("key_origin_changed", { type: "key_origin_changed", recorded: null, now: "https://kyb.example.mx:443" }), t);
    expect(none.title).toContain(t("error.originNotRecorded"));
  });

  it("lists the facts no title spells out, each as it came", () => {
    expect(errorWords(error("server", { type: "http", status: 502 }), t).details).toEqual(["HTTP 502"]);
    expect(detailLines({ type: "validation", flow: "Viejo (flujo-que-no-existe)", unread: ["El campo Canal no se reconoce"] })).toEqual([
      "Viejo (flujo-que-no-existe)",
      "El campo Canal no se reconoce",
    ]);
    expect(detailLines({ type: "approval_changed", action: "resend", folio: "F-1", requester: "ana" })).toEqual(["resend", "F-1", "ana"]);
    expect(detailLines({ type: "too_large", bytes: 4 * 1024 * 1024 })).toEqual(["4 MiB"]);
    expect(detailLines({ type: "redirected", origin: "", status: 302 })).toEqual(["HTTP 302"]);
    expect(detailLines(null)).toEqual([]);
  });
});

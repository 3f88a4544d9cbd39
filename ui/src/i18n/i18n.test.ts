import { describe, expect, it } from "vitest";

import { type MessageKey, messages } from ".";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the two languages", () => {
  it("fill the same placeholders in every message", () => {
    const keys = Object.keys(messages["es-MX"]) as MessageKey[];
    const mismatched = keys.filter((key) => placeholders(messages["es-MX"][key]).join() !== placeholders(messages.en[key]).join());
    expect(mismatched).toEqual([]);
  });

  it("leave no message empty", () => {
    for (const locale of ["es-MX", "en"] as const) {
      const empty = Object.entries(messages[locale]).filter(([, text]) => !text.trim());
      expect(empty).toEqual([]);
    }
  });
});

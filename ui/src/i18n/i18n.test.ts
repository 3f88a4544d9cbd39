import { describe, expect, it } from "vitest";

import { dashboardMessages } from "./dashboard";
import { en } from "./en";
import { esMX } from "./es-MX";
import { evidenceMessages } from "./evidence";
import { screenMessages } from "./screens/screenWords";

/** The core's messages, each language a chunk of its own in the app. */
const messages = { "es-MX": esMX, en };

/** Every bundle of messages: the core's, the screens' (loaded with any screen but the first),
 * the evidence's (loaded with the review's screens) and the dashboard's (loaded with its screen). */
const bundles = [messages, screenMessages, evidenceMessages, dashboardMessages] as const;

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the two languages", () => {
  it("fill the same placeholders in every message", () => {
    for (const bundle of bundles) {
      const english: Record<string, string> = bundle.en;
      const mismatched = Object.entries(bundle["es-MX"])
        .filter(([key, spanish]) => placeholders(spanish).join() !== placeholders(english[key] ?? "").join())
        .map(([key]) => key);
      expect(mismatched).toEqual([]);
    }
  });

  it("leave no message empty", () => {
    for (const bundle of bundles) {
      for (const locale of ["es-MX", "en"] as const) {
        const empty = Object.entries(bundle[locale]).filter(([, text]) => !text.trim());
        expect(empty).toEqual([]);
      }
    }
  });

  it("keep each key in one bundle", () => {
    const core = new Set(Object.keys(messages["es-MX"]));
    expect(Object.keys(evidenceMessages["es-MX"]).filter((key) => core.has(key))).toEqual([]);
    expect(Object.keys(dashboardMessages["es-MX"]).filter((key) => core.has(key))).toEqual([]);
    const screens = new Set(Object.keys(screenMessages["es-MX"]));
    expect(Object.keys(evidenceMessages["es-MX"]).filter((key) => screens.has(key))).toEqual([]);
    expect(Object.keys(dashboardMessages["es-MX"]).filter((key) => screens.has(key))).toEqual([]);
  });
});

describe("the message keys", () => {
  // Every key is chosen from a typed table or written out, so a renamed or missing
  // message is a compile error, never a key made of text and forced into the type.
  const sources = import.meta.glob<string>(["../**/*.{ts,tsx}", "!../bindings/**"], { query: "?raw", import: "default", eager: true });

  it("are never a cast", () => {
    const cast = ["as", "MessageKey"].join(" ");
    const casting = Object.entries(sources)
      .filter(([, text]) => text.includes(cast))
      .map(([path]) => path);
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect(casting).toEqual([]);
  });
});

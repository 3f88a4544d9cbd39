import { describe, expect, it } from "vitest";

import { esMX } from "./es-MX";
import { screensEsMX } from "./screens/es-MX";

// The first paint's scripts are main.tsx and what it imports, statically, all the way down
// (the build's entry chunk and its preloads); their words must be the core's, loaded before
// the first render. A word only the screens' chunk holds would show as its key there.
const sources = import.meta.glob<string>(["../**/*.{ts,tsx}", "!../**/*.test.{ts,tsx}", "!../bindings/**"], {
  query: "?raw",
  import: "default",
  eager: true,
});

/** `spec` imported from `from`, as a key of `sources` (or null: a package, a stylesheet). */
function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const parts = from.split("/").slice(0, -1);
  for (const part of spec.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== ".") parts.push(part);
  }
  const base = parts.join("/");
  return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`, base].find((path) => path in sources) ?? null;
}

/** Every module main.tsx loads before its first render: static imports, not types, not `import()`. */
function firstPaintModules(): Set<string> {
  const seen = new Set<string>();
  const todo = ["../main.tsx"];
  for (let file = todo.pop(); file !== undefined; file = todo.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, spec] of (sources[file] ?? "").matchAll(/^(?:import|export)\s+(?!type\s)(?:[^"';]*?\sfrom\s+)?"([^"]+)";/gms)) {
      const next = spec === undefined ? null : resolve(file, spec);
      if (next) todo.push(next);
    }
  }
  return seen;
}

describe("the first paint's words", () => {
  const modules = firstPaintModules();
  const scripts = [...modules].filter((path) => !path.startsWith("./"));

  it("are found by following main.tsx's imports", () => {
    expect(modules.has("../App.tsx")).toBe(true);
    expect(modules.has("../features/watchlist/WatchlistView.tsx")).toBe(true);
    // The screens are lazily loaded: not among them.
    expect(modules.has("../features/team/TeamView.tsx")).toBe(false);
  });

  it("leave out what draws nothing before a user's action or a team's event (their chunks come after it)", () => {
    expect(modules.has("../features/watchlist/BulkBar.tsx")).toBe(false);
    expect(modules.has("../features/team/MentionNotices.tsx")).toBe(false);
  });

  it("leave the screens' words out of the first paint's scripts", () => {
    expect([...modules].filter((path) => path.startsWith("./screens/") || path === "./es-MX.ts" || path === "./en.ts")).toEqual([]);
  });

  it("are all core words: no script of the first paint uses a word of the screens'", () => {
    const screenKeys = Object.keys(screensEsMX);
    const used = scripts.flatMap((path) => {
      const text = sources[path] ?? "";
      // A key chosen by a value (t(`watch.${kind}`)) may be any key with that prefix.
      const prefixes = [...text.matchAll(/t\(`([\w.]+)\$\{/g)].map((m) => m[1] ?? "");
      return screenKeys.filter((key) => text.includes(`"${key}"`) || prefixes.some((prefix) => key.startsWith(prefix))).map((key) => `${path}: ${key}`);
    });
    expect(used).toEqual([]);
  });

  it("hold no key twice", () => {
    const core = new Set(Object.keys(esMX));
    expect(Object.keys(screensEsMX).filter((key) => core.has(key))).toEqual([]);
  });
});

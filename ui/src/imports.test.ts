// No module of the window imports itself back, by any road: every import counts (a type's
// as much as a value's, a lazy `import()` as much as a static one), for a circle is one
// to read and to change whatever it carries. Read from the sources as they are, with
// node's fs and TypeScript's own scan of a file's imports.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const SRC = dirname(fileURLToPath(import.meta.url));
const EXTENSIONS = [".ts", ".tsx"];

/** Every .ts/.tsx file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return EXTENSIONS.some((ext) => name.endsWith(ext)) ? [path] : [];
  });
}

/** The source file a relative import names, or null (a stylesheet, a package, a file
 * outside the sources). */
function resolved(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const base = resolve(dirname(from), specifier.split("?")[0] ?? "");
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => join(base, `index${ext}`))];
  return candidates.find((path) => EXTENSIONS.some((ext) => path.endsWith(ext)) && existsSync(path) && statSync(path).isFile()) ?? null;
}

/** Each source file and the source files it imports. */
function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sources(root)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = importedFiles.map((imported) => resolved(file, imported.fileName)).filter((path): path is string => path !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** One circle of each knot of modules that import one another, as the files on it, the
 * first again at its end; none when the graph has none. */
function circles(graph: Map<string, string[]>): string[][] {
  // Tarjan's strongly connected components, without recursion.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const knots: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; edge: number };
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++] as string;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(to) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) === index.get(frame.node)) {
        const knot: string[] = [];
        let member: string;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          knot.push(member);
        } while (member !== frame.node);
        const selfImport = (graph.get(frame.node) ?? []).includes(frame.node);
        if (knot.length > 1 || selfImport) knots.push(knot);
      }
    }
  }
  return knots.map((knot) => circleWithin(graph, new Set(knot)));
}

/** A shortest way round from the knot's first file back to it, inside the knot. */
function circleWithin(graph: Map<string, string[]>, knot: Set<string>): string[] {
  const first = [...knot].sort()[0] as string;
  const cameFrom = new Map<string, string>();
  const queue = [first];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const to of graph.get(node) ?? []) {
      if (!knot.has(to)) continue;
      if (to === first) {
        const way = [first];
        for (let at: string | undefined = node; at !== undefined && at !== first; at = cameFrom.get(at)) way.splice(1, 0, at);
        return [...way, first];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [first, first];
}

describe("the window's modules", () => {
  it("import no circle", () => {
    const found = circles(importGraph(SRC)).map((circle) => circle.map((file) => relative(SRC, file)).join(" → "));
    expect(found, `import circles in ui/src:\n${found.join("\n")}`).toEqual([]);
  });
});

describe("the circle check", () => {
  const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

  it("names a circle through lazy and type imports alike, and passes a graph without one", () => {
    expect(circles(graph({ a: ["b"], b: ["c"], c: ["a"], d: ["a"] }))).toEqual([["a", "b", "c", "a"]]);
    expect(circles(graph({ a: ["a"] }))).toEqual([["a", "a"]]);
    expect(circles(graph({ a: ["b", "c"], b: ["c"], c: [] }))).toEqual([]);
  });

  it("reads every kind of import in a file", () => {
    const { importedFiles } = ts.preProcessFile(
      ['import type { A } from "./a";', 'import "./b";', 'export { C } from "./c";', 'const d = () => import("./d");', "// import x from './comment';"].join(
        "\n",
      ),
      true,
      true,
    );
    expect(importedFiles.map((f) => f.fileName)).toEqual(["./a", "./b", "./c", "./d"]);
  });
});

import { describe, expect, it } from "vitest";
import { command } from "./commands";

// Every source file of the UI, as text (this test's own aside).
const sources = import.meta.glob<string>(["/src/**/*.ts", "/src/**/*.tsx", "!/src/bindings/**", "!/src/api/commands.ts", "!/src/api/commandNames.test.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});

describe("command names", () => {
  it("are written only in the generated client: the UI and its tests' IPC mocks use `command`", () => {
    const names = Object.keys(command);
    // A `case` names a command in an IPC mock's switch; in the app, a view or an operation.
    const mocks = (file: string) => /\.test\.tsx?$|testing\.tsx$|\/src\/test\//.test(file);
    const written = Object.entries(sources).flatMap(([file, text]) =>
      [...text.matchAll(/\b(?:cmd|command)\s*(?:===|!==|:)\s*"(\w+)"|case\s+"(\w+)":|invoke(?:<[^>]*>)?\(\s*"(\w+)"/g)]
        .map((match) => match[1] ?? (mocks(file) ? match[2] : undefined) ?? match[3] ?? "")
        .filter((name) => names.includes(name))
        .map((name) => `${file}: "${name}"`),
    );
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    expect(written).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";

import { jsonFault } from "./jsonPlace";

describe("where a JSON text stops being JSON", () => {
  it("finds nothing wrong in JSON, blanks and escapes included", () => {
    for (const text of ['{"a": 1}', ' [1, -2.5e3, true, false, null, "x\\n\\u00e9"] ', '{"a": {"b": []}, "c": ""}', "0", '"texto"']) {
      expect(jsonFault(text)).toBeNull();
      expect(() => JSON.parse(text)).not.toThrow();
    }
  });

  it("gives the line and column of the first character that cannot be there", () => {
    expect(jsonFault('{"sucursal": }')).toEqual({ kind: "at", line: 1, column: 14 });
    expect(jsonFault('{\n  "a": 1,\n  "b": 2,\n}')).toEqual({ kind: "at", line: 4, column: 1 });
    expect(jsonFault("{'a': 1}")).toEqual({ kind: "at", line: 1, column: 2 });
    expect(jsonFault('{"a": 1} x')).toEqual({ kind: "at", line: 1, column: 10 });
    expect(jsonFault('{"a": tru}')).toEqual({ kind: "at", line: 1, column: 10 });
    expect(jsonFault('{"a": 01}')).toEqual({ kind: "at", line: 1, column: 8 });
  });

  it("says a text that stops too soon ends before it is complete", () => {
    for (const text of ["{", '{"canal": ', '{"a": [1, 2', '{"a": "sin cerrar']) {
      expect(jsonFault(text)).toEqual({ kind: "end" });
      expect(() => JSON.parse(text)).toThrow();
    }
  });
});

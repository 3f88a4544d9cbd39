// Where a JSON text stops being JSON, found by the desk itself: the engines' messages are
// in English and differ (WebKit, the app's engine on Linux, names no position at all), so
// the form says where in the user's language from this instead. Only syntax is judged
// here; `JSON.parse` still reads the value.

/** Where the text first fails: `end` when it stops before it is complete, otherwise the
 * line and column (from 1) of the first character that cannot be there. */
export type JsonFault = { kind: "end" } | { kind: "at"; line: number; column: number };

class Stop {
  constructor(readonly at: number) {}
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX = /^[0-9a-fA-F]{4}$/;

/** The first fault of a JSON text, or null when it is JSON. */
export function jsonFault(text: string): JsonFault | null {
  let i = 0;
  const fail = (): never => {
    throw new Stop(i);
  };
  const blanks = () => {
    while (i < text.length && " \t\n\r".includes(text.charAt(i))) i++;
  };
  const expect = (c: string) => {
    if (text.charAt(i) !== c) fail();
    i++;
  };
  const word = (w: string) => {
    for (const c of w) expect(c);
  };
  const string = () => {
    expect('"');
    while (i < text.length) {
      const c = text.charAt(i);
      if (c === '"') {
        i++;
        return;
      }
      if (c === "\\") {
        i++;
        if (text.charAt(i) === "u") {
          i++;
          if (!HEX.test(text.slice(i, i + 4))) fail();
          i += 4;
        } else if ('"\\/bfnrt'.includes(text.charAt(i)) && i < text.length) {
          i++;
        } else {
          fail();
        }
      } else if (c < " ") {
        fail();
      } else {
        i++;
      }
    }
    fail();
  };
  const value = () => {
    blanks();
    const c = text.charAt(i);
    if (c === "{")
      return members("}", () => {
        blanks();
        string();
        blanks();
        expect(":");
        value();
      });
    if (c === "[") return members("]", value);
    if (c === '"') return string();
    if (c === "t") return word("true");
    if (c === "f") return word("false");
    if (c === "n") return word("null");
    NUMBER.lastIndex = i;
    if (!NUMBER.test(text)) fail();
    i = NUMBER.lastIndex;
  };
  const members = (close: string, member: () => void) => {
    i++;
    blanks();
    if (text.charAt(i) === close) {
      i++;
      return;
    }
    for (;;) {
      member();
      blanks();
      if (text.charAt(i) === ",") {
        i++;
        continue;
      }
      expect(close);
      return;
    }
  };
  try {
    value();
    blanks();
    if (i < text.length) fail();
    return null;
  } catch (stop) {
    if (!(stop instanceof Stop)) throw stop;
    return place(text, stop.at);
  }
}

function place(text: string, at: number): JsonFault {
  if (at >= text.length) return { kind: "end" };
  const before = text.slice(0, at);
  const line = before.split("\n").length;
  const column = at - before.lastIndexOf("\n");
  return { kind: "at", line, column };
}

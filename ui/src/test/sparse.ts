// For tests only: what a screen drawn from a sparse answer (ui/src/bindings/sparse.ts,
// every value the service may leave out missing) must never show. One place, so every
// screen's sparse test asks the same.
import { expect, onTestFinished, vi } from "vitest";

/** Words a missing value turns into when it is written as it is. */
const LEAKS = /\bnull\b|\bundefined\b|\bNaN\b|\[object Object\]/;

/** Attributes people read (tooltips, screen readers, pictures' text). */
const READ_ATTRIBUTES = ["title", "aria-label", "alt", "placeholder"];

/** Elements that hold a value under a label: each must show something ("—" at least). */
const VALUE_HOLDERS = "dd, td, th, [role=cell], li, .chip, h1, h2, h3, h4, strong, code";

/** What may stand in for text: a control, a picture, a drawing. */
const NOT_TEXT = "button, input, select, textarea, img, svg";

export interface ShownOptions {
  /** A selector for elements that are blank on purpose (an unmarked column). */
  blankAllowed?: string;
}

/** Starts watching React's warnings for the current test (two children with one key,
 * NaN written into the page…); `expectShown` then fails on any of them. */
export function watchSparse(): { expectShown: (root?: Element, options?: ShownOptions) => void } {
  const errors = vi.spyOn(console, "error");
  onTestFinished(() => errors.mockRestore());
  return {
    expectShown(root = document.body, options = {}) {
      const warnings = errors.mock.calls.map((args) => args.map(String).join(" ")).filter((text) => /key|NaN/.test(text));
      expect(warnings, "React warned while drawing a sparse answer").toEqual([]);
      expectShown(root, options);
    },
  };
}

/** Checks what `root` shows: no "null", "undefined", "NaN" or "[object Object]" in its
 * text or in the attributes people read, and no labelled value left blank. The raw JSON
 * views (`pre.json`) are left out: there `null` is the answer's own word. */
export function expectShown(root: Element = document.body, options: ShownOptions = {}): void {
  const page = root.cloneNode(true) as Element;
  for (const raw of page.querySelectorAll("pre.json")) raw.remove();

  // Text node by text node: beside its label a value's text is one word with the label's.
  const leaked: string[] = [];
  const walker = page.ownerDocument.createTreeWalker(page, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!LEAKS.test(node.nodeValue ?? "")) continue;
    const label = node.parentElement?.previousElementSibling?.textContent?.trim();
    leaked.push(label ? `${label}: ${node.nodeValue}` : `${node.nodeValue}`);
  }
  expect(leaked, "a missing value leaks into the text").toEqual([]);

  const attributes = [...page.querySelectorAll("*")].flatMap((element) =>
    READ_ATTRIBUTES.map((name) => element.getAttribute(name)).filter((value): value is string => value !== null && LEAKS.test(value)),
  );
  expect(attributes, "a missing value leaks into an attribute").toEqual([]);

  const blank = [...page.querySelectorAll(VALUE_HOLDERS)].filter(
    (element) => !(element.textContent ?? "").trim() && !element.querySelector(NOT_TEXT) && !(options.blankAllowed && element.matches(options.blankAllowed)),
  );
  expect(blank.map(describe), "a labelled value is blank").toEqual([]);
}

/** An element as a failure names it: its tag, classes, test id, and what precedes it. */
function describe(element: Element): string {
  const classes = element.classList.length ? `.${[...element.classList].join(".")}` : "";
  const id = element.getAttribute("data-testid");
  const label = element.previousElementSibling?.textContent?.trim();
  return `<${element.tagName.toLowerCase()}${classes}${id ? ` data-testid=${id}` : ""}>${label ? ` after "${label}"` : ""}`;
}

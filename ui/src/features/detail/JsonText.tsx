import { useMemo } from "react";

/** Lines per block of the raw JSON. */
const LINES_PER_BLOCK = 100;

/** The detail as the service's JSON, indented. The large example's text runs to some
 * 13,000 lines: it is cut into blocks of lines that are laid out only near the screen
 * (content-visibility), each sized by its lines until then. All of it stays in the
 * page, to select, copy, find and read (nothing in it is clicked, which WebKitGTK's
 * WebDriver could not do in a block it skipped). */
export function JsonText({ value }: { value: unknown }) {
  const blocks = useMemo(() => {
    const lines = JSON.stringify(value, null, 2).split("\n");
    const cut: { start: number; text: string; lines: number }[] = [];
    for (let start = 0; start < lines.length; start += LINES_PER_BLOCK) {
      const block = lines.slice(start, start + LINES_PER_BLOCK);
      // Each block but the last ends its last line, so the blocks read as one text.
      const last = start + LINES_PER_BLOCK >= lines.length;
      cut.push({ start, text: block.join("\n") + (last ? "" : "\n"), lines: block.length });
    }
    return cut;
  }, [value]);
  return (
    <pre className="json">
      {blocks.map((block) => (
        <span key={block.start} className="json-block" style={{ containIntrinsicBlockSize: `auto ${block.lines * JSON_LINE_HEIGHT}em` }}>
          {block.text}
        </span>
      ))}
    </pre>
  );
}

/** The JSON's line height in ems, as detail.css sets it on `.json`. */
const JSON_LINE_HEIGHT = 1.5;

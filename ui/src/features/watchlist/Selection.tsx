// The selection's checkboxes: one per row, with its own accessible name, and one in the
// header for every row the filter lets through.
import { type KeyboardEvent, type MouseEvent, useEffect, useRef } from "react";

import type { WatchedFile } from "../../bindings/WatchedFile";
import { useI18n } from "../../i18n";
import { headerState, isSelected, noSelection, range, type Selection, selectAll, toggle } from "./selection";

export interface SelectionColumn {
  selection: Selection;
  onChange: (selection: Selection) => void;
}

/** A row's checkbox. Space toggles it (Shift+Space: the range from the last row
 * toggled), and so does a click (Shift+click: the range). The keyboard is handled on
 * its key, not through the click a browser makes of Space, whose Shift key WebKit does
 * not always carry. */
export function RowCheck({ file, rows, column }: { file: WatchedFile; rows: readonly WatchedFile[]; column: SelectionColumn }) {
  const { t } = useI18n();
  const apply = (shift: boolean) => column.onChange((shift ? range : toggle)(column.selection, file, rows));
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== " ") return;
    event.preventDefault();
    apply(event.shiftKey);
  };
  const onClick = (event: MouseEvent<HTMLInputElement>) => {
    // A click the browser made of a key press (detail 0) was handled on the key.
    if (event.detail === 0) {
      event.preventDefault();
      return;
    }
    apply(event.shiftKey);
  };
  const name = file.companyName?.trim() || file.rfc;
  return (
    <input
      type="checkbox"
      className="row-check"
      checked={isSelected(column.selection, file)}
      onChange={() => {
        // Changed by onClick and onKeyDown, which know about Shift.
      }}
      onClick={onClick}
      onKeyDown={onKeyDown}
      aria-label={t("bulk.selectRow", { name, rfc: file.rfc })}
      data-testid="row-check"
    />
  );
}

/** The header's checkbox: ticks every row the filter lets through, or clears all. */
export function HeaderCheck({ rows, column }: { rows: readonly WatchedFile[]; column: SelectionColumn }) {
  const { t } = useI18n();
  const state = headerState(column.selection, rows);
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = state === "some";
  }, [state]);
  return (
    <input
      ref={box}
      type="checkbox"
      className="row-check"
      checked={state === "all"}
      disabled={rows.length === 0}
      onChange={() => column.onChange(state === "all" ? noSelection : selectAll())}
      aria-label={t("bulk.selectAll")}
      data-testid="select-all"
    />
  );
}

// The watchlist's selection for bulk actions, as a pure model (Vitest checks it
// directly). Rows are told apart by rowKey. A selection acts only on the rows the
// current filter shows: a row picked and then filtered out is neither counted nor
// acted on, so an action never reaches a file the analyst cannot see in the list.
//
// "Every row matching the filter" is a mode of its own (`all`), not a copy of the keys:
// it follows the filter and the list as they change, and a list of 10,000 files is not
// copied into a set at each keystroke.
import type { SelectedFile } from "../../bindings/SelectedFile";
import type { WatchedFile } from "../../bindings/WatchedFile";
import { rowKey } from "./model";

export interface Selection {
  /** Every row the filter lets through. */
  all: boolean;
  /** The rows picked one by one (unused while `all`). */
  keys: ReadonlySet<string>;
  /** The row a Shift range starts from: the last one toggled. */
  anchor: string | null;
}

export const noSelection: Selection = { all: false, keys: new Set(), anchor: null };

/** The rows selected among `rows`, in their order. */
export function selectedRows(selection: Selection, rows: readonly WatchedFile[]): WatchedFile[] {
  if (selection.all) return [...rows];
  if (selection.keys.size === 0) return [];
  return rows.filter((file) => selection.keys.has(rowKey(file)));
}

/** How many of `rows` are selected (without building the list). */
export function selectedCount(selection: Selection, rows: readonly WatchedFile[]): number {
  if (selection.all) return rows.length;
  if (selection.keys.size === 0) return 0;
  let n = 0;
  for (const file of rows) if (selection.keys.has(rowKey(file))) n += 1;
  return n;
}

export function isSelected(selection: Selection, file: WatchedFile): boolean {
  return selection.all || selection.keys.has(rowKey(file));
}

/** The keys of `rows` the selection covers, as a set one can change. */
function explicit(selection: Selection, rows: readonly WatchedFile[]): Set<string> {
  return selection.all ? new Set(rows.map(rowKey)) : new Set(selection.keys);
}

/** One row in or out; it becomes the anchor of a later Shift range. */
export function toggle(selection: Selection, file: WatchedFile, rows: readonly WatchedFile[]): Selection {
  const key = rowKey(file);
  const keys = explicit(selection, rows);
  if (keys.has(key)) keys.delete(key);
  else keys.add(key);
  return { all: false, keys, anchor: key };
}

/** Shift+click or Shift+Space: the rows from the anchor to `file`, in the list's
 * order, take the state `file` takes (in when it was out, out when it was in), as in a
 * file manager. Without an anchor still shown, a plain toggle. */
export function range(selection: Selection, file: WatchedFile, rows: readonly WatchedFile[]): Selection {
  const to = rows.indexOf(file);
  const from = selection.anchor === null ? -1 : rows.findIndex((f) => rowKey(f) === selection.anchor);
  if (to < 0 || from < 0) return toggle(selection, file, rows);
  const on = !isSelected(selection, file);
  const keys = explicit(selection, rows);
  for (const f of rows.slice(Math.min(from, to), Math.max(from, to) + 1)) {
    if (on) keys.add(rowKey(f));
    else keys.delete(rowKey(f));
  }
  return { all: false, keys, anchor: rowKey(file) };
}

export function selectAll(): Selection {
  return { all: true, keys: new Set(), anchor: null };
}

/** The header checkbox's state over the rows shown. */
export function headerState(selection: Selection, rows: readonly WatchedFile[]): "all" | "some" | "none" {
  const n = selectedCount(selection, rows);
  if (n === 0) return "none";
  return n === rows.length ? "all" : "some";
}

/** What the backend takes: each selected row's FlowID and RFC. */
export function asSelectedFiles(files: readonly WatchedFile[]): SelectedFile[] {
  return files.map((f) => ({ flowId: f.flowId, rfc: f.rfc }));
}

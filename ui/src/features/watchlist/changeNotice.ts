// What an automatic refresh found, told by an OS notification while the window is out of
// sight: how many followed files changed. The backend shows it only then (minimised,
// hidden); data already on screen is never notified.
import * as commands from "../../api/commands";
import type { WatchedFile } from "../../bindings/WatchedFile";
import type { Translate } from "../../i18n";
import { rowKey } from "./model";

/** How many files followed before and after a refresh changed in it (their data's
 * fingerprint moved); a file added or dropped meanwhile is not counted. */
export function changedBy(before: WatchedFile[], after: WatchedFile[]): number {
  const was = new Map(before.map((f) => [rowKey(f), f.fingerprint]));
  return after.filter((f) => was.has(rowKey(f)) && f.fingerprint !== null && was.get(rowKey(f)) !== f.fingerprint).length;
}

export function changeText(count: number, t: Translate): string {
  return count === 1 ? t("notice.changed.one") : t("notice.changed.other", { n: count });
}

/** Tells the OS how many files an automatic refresh changed, if any and if the window
 * is out of sight; a notification that cannot be shown costs nothing but itself. */
export async function noticeChanges(before: WatchedFile[], after: WatchedFile[], t: Translate): Promise<boolean> {
  const count = changedBy(before, after);
  if (count === 0) return false;
  return commands.notifyIfHidden(changeText(count, t), document.visibilityState === "hidden").catch(() => false);
}

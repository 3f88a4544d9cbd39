import type { BulkKey } from "./es-MX";

// The watchlist's selection and its bulk actions: its words in English, typed by the
// Spanish keys.
export const bulkEn: Record<BulkKey, string> = {
  "bulk.label": "Actions on the selection",
  "bulk.selectRow": "Select {name} ({rfc})",
  "bulk.selectAll": "Select every row matching the filter",
  "bulk.count.one": "1 selected",
  "bulk.count.other": "{n} selected",
  "bulk.countAll": "{n} selected (all matching the filter), {shown} in view",
  "bulk.working": "Working… {done} of {total}",
  "bulk.member": "Assign to",
  "bulk.chooseMember": "Choose a member…",
  "bulk.assign": "Assign",
  "bulk.toQueue": "Back to the queue",
  "bulk.refresh": "Refresh",
  "bulk.export": "Export CSV",
  "bulk.unfollow": "Unfollow",
  "bulk.clear": "Clear selection",
  "bulk.refreshed": "Refreshed: {done}. Failed: {failed}.",
  "bulk.assigned": "Assigned: {done}. Not assigned: {failed}.",
  "bulk.unassigned": "Back in the queue: {done}. Not returned: {failed}.",
  "bulk.exported": "{n} files exported to {path}.",
  "bulk.failed.one": "One file could not be processed; it stays selected:",
  "bulk.failed.other": "{n} files could not be processed; they stay selected:",
  "bulk.failedMore": "…and {n} more.",
  "bulk.notFollowed": "no longer followed",
  "bulk.removed.one": "You unfollowed 1 file.",
  "bulk.removed.other": "You unfollowed {n} files.",
  "bulk.confirmTitle": "Unfollow {n} files?",
  "bulk.confirmBody": "They leave your watchlist with what you knew of them. You can undo it right after.",
  "bulk.confirmUnfollow": "Unfollow {n}",
};

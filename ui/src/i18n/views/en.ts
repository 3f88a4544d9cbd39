import type { ViewsKey } from "./es-MX";

// The watchlist's saved views: its words in English, typed by the Spanish keys.
export const viewsEn: Record<ViewsKey, string> = {
  "views.label": "Saved views",
  "views.none": "Choose a view…",
  "views.mine": "Mine",
  "views.team": "The team's",
  "views.by": "{name} (by {owner})",
  "views.save": "Save view…",
  "views.name": "View name",
  "views.share": "Share with the team",
  "views.confirm": "Save",
  "views.cancel": "Cancel",
  "views.shareOn": "Share",
  "views.shareOff": "Stop sharing",
  "views.delete": "Delete view",
  "views.saved": "View “{name}” saved.",
  "views.opened": "View “{name}” opened.",
  "views.shared": "shared",
  "views.unread": "The saved views could not be read.",
};

import type { ShortcutsKey } from "./es-MX";

// The keyboard shortcuts: its words in English, typed by the Spanish keys.
export const shortcutsEn: Record<ShortcutsKey, string> = {
  "keys.evidenceWindow": "Open the evidence in another window (another monitor)",
  "keys.viewer": "Document viewer (with the focus in it)",
  "keys.viewerPages": "Previous and next page",
  "keys.viewerEnds": "First and last page",
  "keys.viewerZoom": "Zoom in and out",
  "keys.viewerFit": "Fit the width or the whole page",
  "keys.everywhere": "On any screen",
  "keys.quickOpen": "Open a followed file",
  "keys.help": "Show or hide these shortcuts",
  "keys.watchlist": "Watchlist",
  "keys.search": "Search the list",
  "keys.detail": "File detail",
  "keys.tabs": "Switch tabs (5: JSON)",
  "keys.photos": "Photos: zoom in, zoom out, original size, rotate, previous and next",
  "keys.review": "Section review",
  "keys.move": "Next or previous section",
  "keys.accept": "Accept the section and go on to the next undecided one",
  "keys.entity": "Choose the section's entity by its number (two digits in a row from the 10th on)",
  "keys.nextFinding": "Go to the next section with findings in its evidence",
  "keys.reasons": "Ready-made rejection reasons (Ctrl+M also inside the comment)",
  "keys.reject": "Reject the section and write the comment",
  "keys.preview": "Preview what will be sent",
  "keys.leaveField": "Leave the field, staying on its section",
  "keys.close": "Close",
};

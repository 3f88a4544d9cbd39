import type { MentionsKey } from "./es-MX";

// Mentions in notes: its words in English, typed by the Spanish keys.
export const mentionsEn: Record<MentionsKey, string> = {
  "mentions.notice": "{author} mentioned you on {file}:",
  "mentions.open": "Open file",
  "mentions.dismiss": "Close notice",
  "mentions.region": "Mentions",
  "mentions.members": "Members you can mention",
  "mentions.hint": "Type @ to mention a team member.",
};

import type { ReviewFirstKey } from "./first.es-MX";

// The words of review/en.ts that the first screen shows, in English, typed by the Spanish keys.
export const reviewFirstEn: Record<ReviewFirstKey, string> = {
  "review.entity": "Entity",
  "review.general": "General message for the user",
  "result.section": "Section",
  "result.verdict": "Decision",
};

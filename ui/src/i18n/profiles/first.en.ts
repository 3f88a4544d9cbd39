import type { ProfilesFirstKey } from "./first.es-MX";

// The words of profiles/en.ts that the first screen shows, in English, typed by the Spanish keys.
export const profilesFirstEn: Record<ProfilesFirstKey, string> = {
  "policy.fixed": "Set by your company’s policy",
  "policy.refused": "Your company’s policy ({path}) is not valid{where}: {detail}. Until IT fixes it, no Workspace can send changes and the demo is off.",
  "policy.refusedLine": " (line {line}, column {column})",
  "policy.ignored": "{path} was ignored: it does not belong to the system administrator (root), or others can change it.",
  "policy.autoRefresh": "Your company asks for a refresh at least every {n} min.",
};

import type { AuditFirstKey } from "./first.es-MX";

// The words of audit/en.ts that the first screen shows, in English, typed by the Spanish keys.
export const auditFirstEn: Record<AuditFirstKey, string> = {
  "audit.intent": "Intent to send",
  "audit.mark.torn_line": "Incomplete last line set aside",
  "audit.mark.anchor_mismatch": "The keyring's anchor does not match",
};

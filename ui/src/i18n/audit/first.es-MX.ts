// The words of audit/es-MX.ts that the first screen shows (its scripts use them), in Spanish (es-MX),
// among the core messages (../es-MX.ts), loaded before the first paint; the others load with the screens.
export const auditFirstEsMX = {
  "audit.intent": "Intención de envío",
  "audit.mark.torn_line": "Última línea incompleta apartada",
  "audit.mark.anchor_mismatch": "El ancla del llavero no coincide",
};

export type AuditFirstKey = keyof typeof auditFirstEsMX;

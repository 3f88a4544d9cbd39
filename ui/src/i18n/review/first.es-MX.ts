// The words of review/es-MX.ts that the first screen shows (its scripts use them), in Spanish (es-MX),
// among the core messages (../es-MX.ts), loaded before the first paint; the others load with the screens.
export const reviewFirstEsMX = {
  "review.entity": "Entidad",
  "review.general": "Mensaje general para el usuario",
  "result.section": "Sección",
  "result.verdict": "Decisión",
};

export type ReviewFirstKey = keyof typeof reviewFirstEsMX;

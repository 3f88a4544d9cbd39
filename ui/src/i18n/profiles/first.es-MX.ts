// The words of profiles/es-MX.ts that the first screen shows (its scripts use them), in Spanish (es-MX),
// among the core messages (../es-MX.ts), loaded before the first paint; the others load with the screens.
export const profilesFirstEsMX = {
  "policy.fixed": "Fijado por la política de su empresa",
  "policy.refused":
    "La política de su empresa ({path}) no es válida{where}: {detail}. Mientras TI no la corrija, ningún Workspace puede enviar cambios y la demostración está desactivada.",
  "policy.refusedLine": " (línea {line}, columna {column})",
  "policy.ignored": "Se ignoró {path}: no pertenece al administrador del sistema (root) o otros pueden modificarla.",
  "policy.autoRefresh": "Su empresa pide actualizar al menos cada {n} min.",
};

export type ProfilesFirstKey = keyof typeof profilesFirstEsMX;

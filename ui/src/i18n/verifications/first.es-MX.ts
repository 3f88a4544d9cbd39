// The words of verifications/es-MX.ts that the first screen shows (its scripts use them), in Spanish (es-MX),
// among the core messages (../es-MX.ts), loaded before the first paint; the others load with the screens.
export const verificationsFirstEsMX = {
  // Verifications and audit
  "ver.status.NoIniciado": "No iniciada",
  "ver.status.Enviado": "Enviada",
  "ver.status.Abierto": "Abierta",
  "ver.status.Iniciado": "Iniciada",
  "ver.status.Completado": "Completada",
  "ver.status.Expirado": "Vencida",
  "ver.status.Rechazado": "Cancelada",
  "ver.status.SuspendidaPorRiesgo": "Suspendida por riesgo",
  "ver.verdict.Pendiente": "Pendiente",
  "ver.verdict.Aprobada": "Aprobada",
  "ver.verdict.Rechazada": "Rechazada",
  "ver.verdict.Reposicion": "Repetir la captura",
  "ver.verdict.none": "Sin veredicto: se canceló",
  "ver.noResend.NoIniciado": "No se reenvía: aún no se ha enviado ningún enlace.",
  "ver.noResend.Completado": "No se reenvía: ya se completó; se resuelve con su veredicto.",
  "ver.noResend.Rechazado": "No se reenvía: está cancelada.",
  "ver.noResend.SuspendidaPorRiesgo": "No se reenvía: está suspendida por señales de riesgo en la ubicación; revíselas antes de decidir.",
  "ver.noResend.other": "El reenvío solo se admite en una verificación enviada, abierta, iniciada o vencida (estatus: {status}).",
  "ver.noCancel.Completado": "No se cancela: ya se completó; se resuelve con su veredicto.",
  "ver.noCancel.Expirado": "No se cancela: ya venció y no hay nada en curso; un reenvío la abre de nuevo.",
  "ver.noCancel.Rechazado": "Ya está cancelada.",
  "ver.neither.Completado": "No se reenvía ni se cancela: ya se completó; se resuelve con su veredicto.",
  "ver.neither.Rechazado": "No se reenvía ni se cancela: está cancelada.",
  "ver.neither.other":
    "No se reenvía ni se cancela (estatus: {status}): el reenvío se admite en una verificación enviada, abierta, iniciada o vencida, y solo se cancela una en curso.",
  "ver.noCancel.other": "Solo se cancela una verificación en curso (estatus: {status}).",
  "ver.folio": "Folio",
};

export type VerificationsFirstKey = keyof typeof verificationsFirstEsMX;

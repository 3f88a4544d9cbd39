import type { VerificationsFirstKey } from "./first.es-MX";

// The words of verifications/en.ts that the first screen shows, in English, typed by the Spanish keys.
export const verificationsFirstEn: Record<VerificationsFirstKey, string> = {
  // Verifications and audit
  "ver.status.NoIniciado": "Not started",
  "ver.status.Enviado": "Sent",
  "ver.status.Abierto": "Opened",
  "ver.status.Iniciado": "Started",
  "ver.status.Completado": "Completed",
  "ver.status.Expirado": "Expired",
  "ver.status.Rechazado": "Cancelled",
  "ver.status.SuspendidaPorRiesgo": "Suspended for risk",
  "ver.verdict.Pendiente": "Pending",
  "ver.verdict.Aprobada": "Approved",
  "ver.verdict.Rechazada": "Rejected",
  "ver.verdict.Reposicion": "Repeat the capture",
  "ver.verdict.none": "No verdict: it was cancelled",
  "ver.noResend.NoIniciado": "Not resent: no link has been sent yet.",
  "ver.noResend.Completado": "Not resent: it is completed; its verdict settles it.",
  "ver.noResend.Rechazado": "Not resent: it is cancelled.",
  "ver.noResend.SuspendidaPorRiesgo": "Not resent: it is suspended for risk signals in its location; review them before deciding.",
  "ver.noResend.other": "A resend is accepted only for a verification sent, opened, started or expired (status: {status}).",
  "ver.noCancel.Completado": "Not cancelled: it is completed; its verdict settles it.",
  "ver.noCancel.Expirado": "Not cancelled: it expired and nothing is in progress; a resend opens it again.",
  "ver.noCancel.Rechazado": "It is cancelled already.",
  "ver.neither.Completado": "Neither resent nor cancelled: it is completed; its verdict settles it.",
  "ver.neither.Rechazado": "Neither resent nor cancelled: it is cancelled.",
  "ver.neither.other":
    "Neither resent nor cancelled (status: {status}): a resend is accepted for a verification sent, opened, started or expired, and only one in progress is cancelled.",
  "ver.noCancel.other": "Only a verification in progress is cancelled (status: {status}).",
  "ver.folio": "Folio",
};

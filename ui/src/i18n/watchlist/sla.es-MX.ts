// The SLA of the followed files: the queue's column, the overview's counts,
// the notice of a file about to breach and the policy's form, in Spanish (es-MX).
// Their keys are the type the English must match (./sla.en.ts).
export const slaEsMX = {
  "sla.column": "Plazo",
  "sla.onTime": "A tiempo",
  "sla.atRisk": "Por vencer",
  "sla.breached": "Vencido",
  "sla.paused": "En pausa",
  "sla.stopped": "Resuelto",
  "sla.left": "quedan {time}",
  "sla.over": "hace {time}",
  "sla.pausedWithUser": "con el usuario",
  "sla.pausedEntering": "ingresando",
  "sla.noTarget": "Sin meta para este estatus",
  "sla.hours": "{h} h",
  "sla.hoursMinutes": "{h} h {m} min",
  "sla.minutes": "{m} min",
  "sla.dueTitle": "Vence {when} (en horas hábiles)",
  "sla.overview": "Plazos",
  "sla.overviewBreached": "{n:vencido|vencidos}",
  "sla.overviewAtRisk": "por vencer",
  "sla.notice.one": "Un expediente tuyo está por vencer: {files}.",
  "sla.notice.other": "{n} expedientes tuyos están por vencer: {files}.",
  "sla.notice.show": "Ver los que están por vencer",
  "sla.notice.dismiss": "Cerrar el aviso",
};

export type SlaKey = keyof typeof slaEsMX;

// The SLA of the followed files in English; the keys are the Spanish ones (./sla.es-MX.ts).
import type { SlaKey } from "./sla.es-MX";

export const slaEn: Record<SlaKey, string> = {
  "sla.column": "Due",
  "sla.onTime": "On time",
  "sla.atRisk": "About to breach",
  "sla.breached": "Breached",
  "sla.paused": "Paused",
  "sla.stopped": "Resolved",
  "sla.left": "{time} left",
  "sla.over": "{time} ago",
  "sla.pausedWithUser": "with the user",
  "sla.pausedEntering": "being entered",
  "sla.noTarget": "No target for this status",
  "sla.hours": "{h} h",
  "sla.hoursMinutes": "{h} h {m} min",
  "sla.minutes": "{m} min",
  "sla.dueTitle": "Due {when} (in business hours)",
  "sla.overview": "Due",
  "sla.overviewBreached": "breached",
  "sla.overviewAtRisk": "about to breach",
  "sla.notice.one": "One of your files is about to breach: {files}.",
  "sla.notice.other": "{n} of your files are about to breach: {files}.",
  "sla.notice.show": "Show those about to breach",
  "sla.notice.dismiss": "Dismiss",
};

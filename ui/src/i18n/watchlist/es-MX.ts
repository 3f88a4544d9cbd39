// The watchlist: its rows, overview, status categories and automatic refresh: its words in Spanish (es-MX), among the core messages (../es-MX.ts).
// Their keys are the type the English must match (./en.ts).
import { slaEsMX } from "./sla.es-MX";

export const watchlistEsMX = {
  ...slaEsMX,
  "watch.export": "Exportar CSV",
  "watch.exported": "Lista guardada en {path} ({n} {n:expediente|expedientes}).",
  "category.entering": "Ingresado",
  "category.queued": "Pendiente",
  "category.in_review": "En Revisión",
  "category.with_user": "Corrección por el Usuario",
  "category.enrolling": "Enrolamiento Iniciado",
  "category.enrollment_failed": "Enrolamiento Fallido",
  "category.approved": "Aceptado",
  "category.closed": "Finalizado",
  "category.unknown": "Otro estatus",
  // Status overview
  "overview.title": "Resumen de los expedientes seguidos",
  "overview.byStatus": "Por estatus",
  "overview.byAge": "Último cambio",
  "overview.today": "hoy",
  "overview.days1to3": "hace 1 a 3 días",
  "overview.days4to7": "hace 4 a 7 días",
  "overview.older": "hace más de 7 días",
  "overview.unknown": "sin fecha",
  // Watchlist rows
  "watch.sectionsAccepted": "{accepted} de {total} aceptadas",
  "watch.rejected.one": "1 rechazada",
  "watch.rejected.other": "{n} rechazadas",
  "watch.pending.one": "1 por decidir",
  "watch.pending.other": "{n} por decidir",
  "watch.sectionsTitle": "{accepted} aceptadas, {rejected} rechazadas y {pending} por decidir, de {total}",
  "watch.gone": "Ya no lo encuentra",
  "watch.goneTitle": "El servicio respondió que no encuentra este expediente ({when}); se muestran sus últimos datos conocidos.",
  "watch.askedAgo": "consultado {ago}",
  "watch.noCompany": "Sin datos de la empresa",
  "watch.openRfc": "Abrir el expediente {rfc}",
  "watch.unwatchFile": "Dejar de seguir {name} ({rfc})",
  "watch.flowTitle": "{label} (flujo {flowId})",
  "watch.already": "Ya sigue el expediente {rfc}.",
  "watch.showIt": "Mostrarlo",
  "watch.removed": "Dejó de seguir el expediente {rfc}.",
  "watch.unknown": "El servicio no conoce el RFC {rfc} en el flujo {flow}; se seguirá consultando en cada actualización.",
  "watch.undo": "Deshacer",
  "watch.restored": "Volvió a seguir el expediente {rfc}.",
  // The search's hint, short enough for the box in a team's filters line at 1280 px; the whole of it in its title.
  "watch.search": "RFC, empresa o ID  ( / )",
  "auto.label": "Actualización automática",
  "auto.off": "Sin actualización automática",
  "auto.every": "Actualizar cada {n} min",
  "auto.next": "Próxima: {time}",
};

export type WatchlistKey = keyof typeof watchlistEsMX;

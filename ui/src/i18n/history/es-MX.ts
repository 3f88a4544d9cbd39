// A file's history on its page: its words in Spanish (es-MX), the source of the keys.
export const historyEsMX = {
  "history.title": "Historial del expediente",
  "history.teamSource": "Del registro del equipo: cada cambio con quién y cuándo.",
  "history.localSource": "De la bitácora de este escritorio: lo que se hizo aquí con el expediente.",
  "history.none": "Sin cambios registrados todavía.",
  "history.loading": "Leyendo el historial…",
  "history.what.assignee": "Asignación",
  "history.what.status": "Estatus",
  "history.what.claim": "Reclamo",
  "history.what.note": "Nota",
  "history.what.decision": "Decisión",
  "history.what.approval": "Aprobación",
  "history.queue": "la cola",
  "history.entry": "Entrada {seq}",
  "history.hash": "Huella (SHA-256) de la entrada",
};

export type HistoryKey = keyof typeof historyEsMX;

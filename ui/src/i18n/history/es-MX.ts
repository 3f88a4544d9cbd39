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
  "history.what.approval": "Reconocimiento de hallazgos",
  "history.what.complementary": "Información complementaria",
  "history.what.enrollmentLink": "Enlace de enrolamiento",
  "history.queue": "la cola",
  "history.entry": "Entrada {seq}",
  "history.hash": "Huella (SHA-256) de la entrada",
  "history.acknowledged": "Hallazgos de riesgo alto reconocidos antes de aceptar",
  "history.notify.yes": "Se pidió al servicio avisar al usuario.",
  "history.notify.no": "No se pidió al servicio avisar al usuario.",
  "history.reasons": "Motivos de rechazo:",
  "history.complementary": "Secciones añadidas del flujo {flow}.",
  "history.enrollmentLink": "Para la persona {person}.",
  "history.enrollmentRecord": "Para la persona {person}; registro {record}.",
};

export type HistoryKey = keyof typeof historyEsMX;

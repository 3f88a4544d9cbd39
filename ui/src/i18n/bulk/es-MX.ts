// The watchlist's selection and its bulk actions: its words in Spanish (es-MX), the
// source of the keys.
export const bulkEsMX = {
  "bulk.label": "Acciones sobre la selección",
  "bulk.selectRow": "Seleccionar {name} ({rfc})",
  "bulk.selectAll": "Seleccionar todos los que coinciden con el filtro",
  "bulk.count.one": "1 seleccionado",
  "bulk.count.other": "{n} seleccionados",
  "bulk.countAll": "{n} seleccionados (todos los que coinciden con el filtro), {shown} a la vista",
  "bulk.working": "Trabajando… {done} de {total}",
  "bulk.member": "Asignar a",
  "bulk.chooseMember": "Elegir integrante…",
  "bulk.assign": "Asignar",
  "bulk.toQueue": "Devolver a la cola",
  "bulk.refresh": "Actualizar",
  "bulk.export": "Exportar CSV",
  "bulk.unfollow": "Dejar de seguir",
  "bulk.clear": "Quitar selección",
  "bulk.refreshed": "Actualizados: {done}. Con falla: {failed}.",
  "bulk.assigned": "Asignados: {done}. No asignados: {failed}.",
  "bulk.unassigned": "Devueltos a la cola: {done}. No devueltos: {failed}.",
  "bulk.exported": "{n} expedientes exportados a {path}.",
  "bulk.failed.one": "Un expediente no se pudo procesar; sigue seleccionado:",
  "bulk.failed.other": "{n} expedientes no se pudieron procesar; siguen seleccionados:",
  "bulk.failedMore": "…y {n} más.",
  "bulk.notFollowed": "ya no está en tu seguimiento",
  "bulk.removed.one": "Dejaste de seguir 1 expediente.",
  "bulk.removed.other": "Dejaste de seguir {n} expedientes.",
  "bulk.confirmTitle": "¿Dejar de seguir {n} expedientes?",
  "bulk.confirmBody": "Saldrán de tu seguimiento con lo que sabías de ellos. Podrás deshacerlo justo después.",
  "bulk.confirmUnfollow": "Dejar de seguir {n}",
};

export type BulkKey = keyof typeof bulkEsMX;

// The watchlist's saved views: its words in Spanish (es-MX), the source of the keys.
export const viewsEsMX = {
  "views.label": "Vistas guardadas",
  "views.none": "Elegir una vista…",
  "views.mine": "Mías",
  "views.team": "Del equipo",
  "views.by": "{name} (de {owner})",
  "views.save": "Guardar vista…",
  "views.name": "Nombre de la vista",
  "views.share": "Compartir con el equipo",
  "views.confirm": "Guardar",
  "views.cancel": "Cancelar",
  "views.shareOn": "Compartir",
  "views.shareOff": "Dejar de compartir",
  "views.delete": "Eliminar vista",
  "views.saved": "Vista «{name}» guardada.",
  "views.opened": "Vista «{name}» abierta.",
  "views.shared": "compartida",
  "views.unread": "No se pudieron leer las vistas guardadas.",
};

export type ViewsKey = keyof typeof viewsEsMX;

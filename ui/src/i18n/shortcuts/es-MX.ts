// The keyboard shortcuts: its words in Spanish (es-MX), among the screens' words (../screens/es-MX.ts; those of the first screen in ./first.es-MX.ts).
// Their keys are the type the English must match (./en.ts).
export const shortcutsEsMX = {
  "keys.toViewer": "Ir al documento de la sección y volver",
  "keys.readingWidth": "Evidencia a ancho de lectura",
  "keys.evidenceWindow": "Abrir la evidencia en otra ventana (otro monitor)",
  "keys.viewer": "Visor de documentos (con el foco en él)",
  "keys.viewerPages": "Página anterior y siguiente",
  "keys.viewerEnds": "Primera y última página",
  "keys.viewerZoom": "Acercar y alejar",
  "keys.viewerFit": "Ajustar al ancho o a la página completa",
  "keys.everywhere": "En cualquier pantalla",
  "keys.quickOpen": "Abrir un expediente en seguimiento",
  "keys.help": "Mostrar u ocultar estos atajos",
  "keys.watchlist": "Seguimiento",
  "keys.search": "Buscar en la lista",
  "keys.detail": "Detalle del expediente",
  "keys.tabs": "Cambiar de pestaña (5: JSON)",
  "keys.photos": "Fotos: acercar, alejar, tamaño original, girar, anterior y siguiente",
  "keys.review": "Revisión de secciones",
  "keys.move": "Sección siguiente o anterior",
  "keys.accept": "Aceptar la sección y pasar a la siguiente por decidir",
  "keys.entity": "Elegir la entidad de la sección por su número (dos cifras seguidas para la 10 en adelante)",
  "keys.nextFinding": "Ir a la siguiente sección con hallazgos en su evidencia",
  "keys.reasons": "Motivos de rechazo ya escritos; en una sección sin decidir, la rechaza primero (Ctrl+M también dentro del comentario)",
  "keys.reject": "Rechazar la sección y escribir el comentario",
  "keys.preview": "Vista previa de lo que se enviará",
  "keys.leaveField": "Salir del campo, sin dejar su sección",
  "keys.close": "Cerrar",
};

export type ShortcutsKey = keyof typeof shortcutsEsMX;

// The about screen: its words in Spanish (es-MX), among the core messages (../es-MX.ts).
// Their keys are the type the English must match (./en.ts).
export const aboutEsMX = {
  "about.title": "Acerca del servicio",
  "about.intro":
    "KYB Desk cuenta lo que tuvo que tolerar en las respuestas del servicio: campos que la especificación no menciona, valores fuera de sus catálogos, valores que faltaron y las formas de las fechas. Solo guarda nombres de campos (nunca las claves de un mapa libre), los valores de los catálogos de la especificación y formas de fecha; cualquier otro valor queda como un resumen (sha256:…), nunca como dato personal. Exporte el archivo y envíelo a quien mantiene KYB Desk.",
  "about.reload": "Actualizar",
  "about.export": "Exportar",
  "about.saved": "Guardado en {path}.",
  "about.empty": "Aún no se ha leído ninguna respuesta del servicio.",
  "about.emptyHint": "Las cuentas aparecen aquí en cuanto el escritorio lea una respuesta (un seguimiento, un detalle, una verificación).",
  "about.clean": "Todas las respuestas leídas coincidieron con la especificación.",
  "about.opClean": "Sin diferencias con la especificación.",
  "about.answers": "Respuestas leídas",
  "about.absorbing": "Respuestas con algo distinto de la especificación",
  "about.unknownFields": "Campos desconocidos",
  "about.nulls": "Vacíos (null) donde la especificación da un valor",
  "about.absences": "Ausentes donde la especificación da un valor",
  "about.reshaped": "Valores de otro tipo (p. ej., un número escrito como texto)",
  "about.unknownValues": "Valores fuera de catálogo",
  "about.timeForms": "Formas de fecha y hora",
  "about.withheld": "(omitido: podría ser un dato)",
  "about.more": "(los demás, contados juntos)",
};

export type AboutKey = keyof typeof aboutEsMX;

// The words of newfile/es-MX.ts that the first screen shows (its scripts use them), in Spanish (es-MX),
// among the core messages (../es-MX.ts), loaded before the first paint; the others load with the screens.
export const newFileFirstEsMX = {
  // Forms in the user's words
  "new.externalId": "Referencia externa",
  "new.clientId": "Identificador del cliente",
  "new.flow": "Flujo (FlowID)",
  "new.company": "Razón social",
  "new.include": "Incluir secciones",
  "new.exclude": "Excluir secciones",
  "new.clientName": "Nombre del cliente",
  "new.contactEmail": "Correo de contacto",
  "new.contactPhone": "Teléfono de contacto",
};

export type NewFileFirstKey = keyof typeof newFileFirstEsMX;

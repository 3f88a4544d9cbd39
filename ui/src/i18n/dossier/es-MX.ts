// The auditor's dossier of a file: its words in Spanish (es-MX), among the screens' words
// (../screens/es-MX.ts). Their keys are the type the English must match (./en.ts).
export const dossierEsMX = {
  "dossier.export": "Exportar para auditoría",
  "dossier.withDocuments": "Incluir los documentos (cada uno con su SHA-256)",
  "dossier.busy": "Preparando…",
  "dossier.progress": "Preparando el expediente para auditoría: se leen el expediente, sus documentos y la bitácora. Puede tardar unos segundos.",
  "dossier.saved": "Expediente para auditoría guardado en {path}. Documentos: {documents}; entradas de la bitácora: {entries}.",
  "dossier.digest": "Huella registrada en la bitácora (SHA-256 de SHA256SUMS): {digest}",
};

export type DossierKey = keyof typeof dossierEsMX;

import type { DossierKey } from "./es-MX";

// The auditor's dossier of a file: its words in English, typed by the Spanish keys.
export const dossierEn: Record<DossierKey, string> = {
  "dossier.export": "Export for audit",
  "dossier.withDocuments": "Include the documents (each with its SHA-256)",
  "dossier.busy": "Preparing…",
  "dossier.progress": "Preparing the file's audit dossier: reading the file, its documents and the audit log. This may take a few seconds.",
  "dossier.saved": "Audit dossier saved to {path}. Documents: {documents}; audit log entries: {entries}.",
  "dossier.digest": "Digest recorded in the audit log (SHA-256 of SHA256SUMS): {digest}",
};

import type { NewFileFirstKey } from "./first.es-MX";

// The words of newfile/en.ts that the first screen shows, in English, typed by the Spanish keys.
export const newFileFirstEn: Record<NewFileFirstKey, string> = {
  // Forms in the user's words
  "new.externalId": "External reference",
  "new.clientId": "Client id",
  "new.flow": "Flow (FlowID)",
  "new.company": "Company name",
  "new.include": "Include sections",
  "new.exclude": "Exclude sections",
  "new.clientName": "Client name",
  "new.contactEmail": "Contact e-mail",
  "new.contactPhone": "Contact phone",
};

import type { AboutKey } from "./es-MX";

// The about screen: its words in English, typed by the Spanish keys.
export const aboutEn: Record<AboutKey, string> = {
  "about.title": "About the service",
  "about.intro":
    "KYB Desk counts what it had to tolerate in the service's answers: fields the spec does not list, values outside its catalogues, missing values, and the forms of dates. It keeps only field names (never the keys of a free-form map), the values of the spec's catalogues and date forms; any other value is kept as a digest (sha256:…), never as personal data. Export the file and send it to whoever maintains KYB Desk.",
  "about.reload": "Refresh",
  "about.export": "Export",
  "about.saved": "Saved to {path}.",
  "about.empty": "No answer from the service has been read yet.",
  "about.emptyHint": "Counts appear here as soon as the desk reads an answer (a tracking, a detail, a verification).",
  "about.clean": "Every answer read matched the spec.",
  "about.opClean": "No differences from the spec.",
  "about.answers": "Answers read",
  "about.absorbing": "Answers with something other than the spec",
  "about.unknownFields": "Unknown fields",
  "about.nulls": "Empty (null) where the spec gives a value",
  "about.absences": "Absent where the spec gives a value",
  "about.reshaped": "Values of another type (e.g. a number written as text)",
  "about.unknownValues": "Values outside the catalogue",
  "about.timeForms": "Date and time forms",
  "about.withheld": "(withheld: could be data)",
  "about.more": "(the rest, counted together)",
};

import type { HistoryKey } from "./es-MX";

// A file's history on its page: its words in English, typed by the Spanish keys.
export const historyEn: Record<HistoryKey, string> = {
  "history.title": "File history",
  "history.teamSource": "From the team's trail: each change with who and when.",
  "history.localSource": "From this desk's audit log: what was done here with the file.",
  "history.none": "No changes recorded yet.",
  "history.loading": "Reading the history…",
  "history.what.assignee": "Assignment",
  "history.what.status": "Status",
  "history.what.claim": "Claim",
  "history.what.note": "Note",
  "history.what.decision": "Decision",
  "history.what.approval": "Findings acknowledged",
  "history.what.complementary": "Complementary information",
  "history.what.enrollmentLink": "Enrollment link",
  "history.queue": "the queue",
  "history.entry": "Entry {seq}",
  "history.hash": "Fingerprint (SHA-256) of the entry",
  "history.acknowledged": "High-risk findings acknowledged before accepting",
  "history.notify.yes": "The service was asked to notify the user.",
  "history.notify.no": "The service was not asked to notify the user.",
  "history.reasons": "Rejection reasons:",
  "history.complementary": "Sections added from flow {flow}.",
  "history.enrollmentLink": "For person {person}.",
  "history.enrollmentRecord": "For person {person}; record {record}.",
};

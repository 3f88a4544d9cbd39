import type { EnrollmentKey } from "./es-MX";

// The enrollment links screen: its words in English, typed by the Spanish keys.
export const enrollmentEn: Record<EnrollmentKey, string> = {
  "enroll.column": "Enrollment link",
  "enroll.generate": "Generate link",
  "enroll.notAllowed": "The service does not allow a link for this person for now.",
  "enroll.notAllowedBecause": "The service does not allow a link for this person for now: {reason}",
  "enroll.completed": "This person has completed their enrollment already: no other link is needed.",
  "enroll.notSaid": "The service did not say whether this person may enroll: refresh the tracking later.",
  "enroll.noPersonId": "The service gave no id for this person: no link can be generated for them.",
  "enroll.title": "Biometric enrollment link",
  "enroll.for": "For {name}. Share it with that person only: whoever has it can enroll.",
  "enroll.qr": "QR code of {name}'s link",
  "enroll.record": "Record {id}",
  "enroll.noUrl": "The service confirmed the record but sent no link. Check the tracking before asking for another.",
  "enroll.issuedTitle": "Links issued from KYB Desk",
  "enroll.noneIssued": "No link has been generated for this file yet.",
  "enroll.when": "When",
  "enroll.agent": "Agent",
  "enroll.outcome": "Outcome",
  "enroll.issued": "Issued",
  "enroll.unknown":
    "Whether {name}'s link was generated is unknown. Before generating another, check the issued links below and, in the tracking (refresh it), the person's enrollment status.",
};

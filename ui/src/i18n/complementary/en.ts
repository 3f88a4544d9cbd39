import type { ComplementaryKey } from "./es-MX";

// The complementary information screen: its words in English, typed by the Spanish keys.
export const complementaryEn: Record<ComplementaryKey, string> = {
  "comp.open": "Add sections from another flow",
  "comp.title": "Complementary information",
  "comp.intro": "The chosen flow's sections the file does not have yet are added; the ones it has stay as they are.",
  "comp.message": "Message for the user (optional)",
  "comp.notify": "Notify the user by e-mail and SMS (when contact data exists)",
  "comp.send": "Add sections",
  "comp.added": "{n} {n:section was|sections were} added:",
  "comp.nothing": "Nothing was missing: the file already had every section of that flow.",
  "comp.unknown":
    "Whether the sections were added, or the user notified, is unknown: the answer never came. Check the sections in the tracking before sending again: sending again adds no section twice (only missing ones are added), but may notify the user again.",
  "comp.reread": "See the refreshed tracking",
  "comp.sendAgain": "Send again (may notify again)",
  "comp.mismatch":
    "The flow's person type does not match the file's: a natural person's file gets no legal-entity sections, nor the other way round. Choose a flow of the same type.",
  "comp.form": "Dynamic form {id}…",
  "comp.moral": "legal entities",
  "comp.fisica": "natural persons",
  "comp.onlyType": "Only flows for {type} are offered, like the file.",
  "comp.noneOfType": "None of the profile's flows is for {type}, like the file: type the FlowID of one that is.",
  "comp.typeUnknown":
    "The file's flow is not in the profile, so its person type is not known: every flow is offered, and the service refuses one of the other type.",
};

// Registers the evidence's words when a screen that shows them loads (this module is
// imported for its effect by those screens, all of them lazily loaded chunks).
import { addMessages } from "../messages";
import { evidenceEn } from "./en";
import { evidenceEsMX } from "./es-MX";

export const evidenceMessages = { "es-MX": evidenceEsMX, en: evidenceEn };

addMessages(evidenceMessages);

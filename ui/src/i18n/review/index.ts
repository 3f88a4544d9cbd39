// Registers the review's words when a screen that shows them loads (this module is
// imported for its effect by those screens, all of them lazily loaded chunks).
import { addMessages } from "..";
import { reviewEn } from "./en";
import { reviewEsMX } from "./es-MX";

export const reviewMessages = { "es-MX": reviewEsMX, en: reviewEn };

addMessages(reviewMessages);

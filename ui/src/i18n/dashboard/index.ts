// Registers the dashboard's words when its screen loads (imported for its effect by the
// screen, a lazily loaded chunk).
import { addMessages } from "../messages";
import { dashboardEn } from "./en";
import { dashboardEsMX } from "./es-MX";

export const dashboardMessages = { "es-MX": dashboardEsMX, en: dashboardEn };

addMessages(dashboardMessages);

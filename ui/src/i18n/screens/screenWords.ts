// Registers the screens' words: every lazily loaded screen is fetched with this chunk
// (`withScreenWords`, in App.tsx and main.tsx) and shows once both are here. Both
// languages: a switch finds them loaded.
import { addMessages } from "../messages";
import { screensEn } from "./en";
import { screensEsMX } from "./es-MX";

export const screenMessages = { "es-MX": screensEsMX, en: screensEn };

addMessages(screenMessages);

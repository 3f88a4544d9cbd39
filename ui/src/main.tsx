// First of all: the first screen's data is asked for while the rest of the script runs.
import { askEarly } from "./api/early";

askEarly();

import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

// First, so the shared rules come before every screen's own (the screens import theirs).
import "./styles.css";
import { App } from "./App";
import { I18nProvider } from "./i18n";
import { applyTheme, storedChoice } from "./theme";

// Before the first paint, so a dark system never flashes a light window.
applyTheme(storedChoice());

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <I18nProvider>
      <App />
    </I18nProvider>
  </StrictMode>,
);

// First of all: the first screen's data is asked for while the rest of the script runs
// (not in the evidence window, which shows no screen of its own).
import { askEarly } from "./api/early";
import { loadPreferences, preferences } from "./preferences";

const evidenceWindow = window.location.hash === "#evidence";
if (!evidenceWindow) askEarly();
// The data folder's language and theme, for the first paint: nothing is drawn before
// they are known (one fast read of what the app holds), so no frame shows the wrong ones.
const preferencesRead = loadPreferences();

import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";

// First, so the shared rules come before every screen's own (the screens import theirs).
import "./styles.css";
import "./blocks.css";
import { App } from "./App";
import { newQueryClient } from "./api/queries";
import { I18nProvider, loadLocale, withScreenWords } from "./i18n";
import { exposeCounts } from "./perf";
import { applyTheme, storedChoice } from "./theme";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// The evidence window (a second monitor) is its own chunk: the main window never loads it.
const evidenceScreen = withScreenWords({ EvidenceWindow: () => import("./features/evidence/EvidenceWindow") });
const EvidenceWindow = lazy(() => evidenceScreen.EvidenceWindow().then((m) => ({ default: m.EvidenceWindow })));

// The one client of the window: every backend read goes through it (api/queries.ts).
const queryClient = newQueryClient();
exposeCounts(() => queryClient.getQueryCache().getAll().length);

// The window's language's words, asked for once the language is known: the first frame
// draws words, never keys (this read overlaps the first screen's, asked for above).
const wordsRead = preferencesRead.then(() => loadLocale(preferences().language)).catch(() => undefined);

wordsRead.then(() => {
  // Before the first paint, so a dark window never flashes light (nor the reverse).
  applyTheme(storedChoice());
  document.documentElement.lang = preferences().language;
  render(root);
});

function render(root: HTMLElement) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <I18nProvider>
          {evidenceWindow ? (
            <Suspense fallback={null}>
              <EvidenceWindow />
            </Suspense>
          ) : (
            <App />
          )}
        </I18nProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}

import { readFileSync } from "node:fs";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";

/** Where the app serves pdf.js's image decoders (the viewer's `DECODERS_PATH`, its `wasmUrl`). */
const PDFJS_DECODERS_PATH = "pdfjs-decoders/";

/** pdf.js's decoders for CCITT fax and JBIG2 (scanned black-and-white pages) and JPEG 2000,
 * in their JavaScript form: the viewer sets `useWasm: false`, so the .wasm files (and
 * quickjs, a script engine the viewer never runs) are not shipped. Their licences go along. */
const PDFJS_DECODERS = [
  "jbig2_nowasm_fallback.js",
  "openjpeg_nowasm_fallback.js",
  "LICENSE_JBIG2",
  "LICENSE_OPENJPEG",
  "LICENSE_PDFJS_JBIG2",
  "LICENSE_PDFJS_OPENJPEG",
];

/** The decoders as app files under their own names (pdf.js asks for `${wasmUrl}<name>`,
 * so they cannot be hashed): emitted into the build, and served by the dev server. */
function pdfjsDecoders(): Plugin {
  const read = (name: string) => readFileSync(new URL(`./node_modules/pdfjs-dist/wasm/${name}`, import.meta.url));
  const type = (name: string) => (name.endsWith(".js") ? "text/javascript" : "text/plain");
  return {
    name: "kyb-pdfjs-decoders",
    configureServer(server) {
      server.middlewares.use(`/${PDFJS_DECODERS_PATH}`, (request, response, next) => {
        const name = request.url?.slice(1).split("?")[0] ?? "";
        if (!PDFJS_DECODERS.includes(name)) return next();
        response.setHeader("Content-Type", type(name));
        response.end(read(name));
      });
    },
    generateBundle() {
      for (const name of PDFJS_DECODERS) {
        this.emitFile({ type: "asset", fileName: `${PDFJS_DECODERS_PATH}${name}`, source: read(name) });
      }
    },
  };
}

// The UI is served by Tauri from ui/dist in every build but `make dev`, which uses
// this dev server on a fixed port (see src-tauri/tauri.dev.conf.json).
export default defineConfig({
  plugins: [react(), pdfjsDecoders()],
  clearScreen: false,
  server: { port: 5173, strictPort: true },
  build: {
    target: "safari16",
    // No inline scripts or remote assets: the CSP allows only 'self'.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
  test: {
    environment: "jsdom",
    include: ["src/**/*.test.{ts,tsx}"],
    // Tests wait for what a user sees with generous limits (a loaded 2-core machine
    // takes seconds for a first render); a test's own limit must not be shorter than
    // its waits, or it fails for the machine's sake, not the code's.
    testTimeout: 30_000,
    setupFiles: ["src/test/setup.ts"],
  },
});

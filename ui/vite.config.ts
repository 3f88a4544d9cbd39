import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// The UI is served by Tauri from ui/dist in every build but `make dev`, which uses
// this dev server on a fixed port (see src-tauri/tauri.dev.conf.json).
export default defineConfig({
  plugins: [react()],
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
  },
});

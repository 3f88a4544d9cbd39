// The one place the UI meets Tauri: every other module calls these functions, so the
// UI can be tested with a mocked IPC and never depends on window internals.
import { invoke } from "@tauri-apps/api/core";

import type { AppInfo } from "../bindings/AppInfo";

export function appInfo(): Promise<AppInfo> {
  return invoke<AppInfo>("app_info");
}

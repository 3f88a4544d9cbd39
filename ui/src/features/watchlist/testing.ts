// For tests only: a followed file as the backend sends it, never refreshed (the sparse
// answer generated from the Rust model), with whatever a test sets.
import { clearMocks } from "@tauri-apps/api/mocks";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import type { Profile } from "../../bindings/Profile";
import * as sparse from "../../bindings/sparse";
import type { WatchedFile } from "../../bindings/WatchedFile";
import { sizedElements } from "../../test/sized";

export function watchedFile(rfc: string, over: Partial<WatchedFile> = {}): WatchedFile {
  return { ...sparse.watchedFile, rfc, ...over };
}

/** The profile the watchlist's tests work in: one flow of legal persons. */
export const testProfile: Profile = {
  id: "p1",
  name: "Pruebas",
  environment: { kind: "sandbox" },
  workspaceId: "w",
  agentEmail: "a@b.mx",
  flows: [{ flowId: sparse.watchedFile.flowId, label: "Morales", personType: "Moral" }],
};

/** jsdom lays nothing out: elements get a size for the file's tests, so the virtualised
 * table has rows to show; and each test's screen and IPC mocks go after it. */
export function sizedScreen() {
  sizedElements();
  afterEach(() => {
    cleanup();
    clearMocks();
  });
}

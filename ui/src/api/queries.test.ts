import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { command } from "./commands";
import { FILE_KEPT_MS, newQueryClient, queries } from "./queries";

describe("a file's answers over a working day", () => {
  afterEach(() => {
    clearMocks();
    vi.useRealTimers();
  });

  it("leave the cache a minute after their screen closed, not TanStack's five", async () => {
    vi.useFakeTimers();
    mockIPC((cmd) => {
      if (cmd === command.file_detail) return { documentId: "D1" };
      if (cmd === command.detail_changes) return null;
      if (cmd === command.issued_links || cmd === command.file_history) return [];
    });
    const client = newQueryClient();
    // Each read shown by a screen, then the screen closed (no observer left).
    await client.fetchQuery(queries.detail("D1"));
    await client.fetchQuery(queries.issuedLinks("D1"));
    await client.fetchQuery(queries.fileHistory("D1"));
    const kept = 3;
    expect(client.getQueryCache().getAll()).toHaveLength(kept);
    await vi.advanceTimersByTimeAsync(FILE_KEPT_MS - 1_000);
    expect(client.getQueryCache().getAll()).toHaveLength(kept);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });
});

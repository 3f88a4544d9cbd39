import { clearMocks, mockIPC } from "@tauri-apps/api/mocks";
import { afterEach, describe, expect, it, vi } from "vitest";
import { command } from "../../api/commands";
import { type Translate, translate } from "../../i18n";
import { changedBy, changeText, noticeChanges } from "./changeNotice";
import { watchedFile } from "./testing";

const t: Translate = (key, vars) => translate("es-MX", key, vars);

afterEach(() => {
  clearMocks();
  vi.restoreAllMocks();
});

describe("the notice of an automatic refresh", () => {
  const before = [
    watchedFile("AAA010101AA1", { fingerprint: "a" }),
    watchedFile("BBB020202BB2", { fingerprint: "b" }),
    watchedFile("CCC030303CC3", { fingerprint: null }),
  ];

  it("counts the files whose data moved in the refresh, not those added, dropped or still unanswered", () => {
    const after = [
      watchedFile("AAA010101AA1", { fingerprint: "a2" }),
      watchedFile("BBB020202BB2", { fingerprint: "b" }),
      watchedFile("CCC030303CC3", { fingerprint: "c" }),
      watchedFile("DDD040404DD4", { fingerprint: "d" }),
    ];
    expect(changedBy(before, after)).toBe(2);
    expect(changedBy(before, before)).toBe(0);
    expect(changeText(1, t)).toBe("1 expediente seguido cambió.");
    expect(changeText(3, t)).toBe("3 expedientes seguidos cambiaron.");
  });

  it("asks the backend to notify, saying whether the page is hidden, and asks nothing when nothing changed", async () => {
    const asked: unknown[] = [];
    mockIPC((cmd, args) => {
      if (cmd !== command.notify_if_hidden) throw new Error(cmd);
      asked.push(args);
      return true;
    });
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    expect(await noticeChanges(before, before, t)).toBe(false);
    expect(asked).toEqual([]);
    const after = [watchedFile("AAA010101AA1", { fingerprint: "a2" }), before[1], before[2]].filter((f) => f !== undefined);
    expect(await noticeChanges(before, after, t)).toBe(true);
    expect(asked).toEqual([{ body: "1 expediente seguido cambió.", pageHidden: true }]);
  });

  it("costs nothing when the notification cannot be shown", async () => {
    mockIPC(() => {
      throw { code: "storage", message: "no notification daemon", details: [], task: "notify", problems: [] };
    });
    const after = [watchedFile("AAA010101AA1", { fingerprint: "a2" })];
    expect(await noticeChanges(before, after, t)).toBe(false);
  });
});

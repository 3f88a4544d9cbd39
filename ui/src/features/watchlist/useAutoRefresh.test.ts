import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { startWithPreferences } from "../../preferences";
import { newestRefresh, storeAutoRefresh, storedAutoRefresh, useAutoRefresh } from "./useAutoRefresh";

const MINUTE = 60_000;
let visibility: DocumentVisibilityState = "visible";

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-11-22T10:00:00Z"));
  visibility = "visible";
  vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event("visibilitychange"));
}

describe("the automatic refresh", () => {
  it("plans nothing when off or before the list is known", () => {
    const refresh = vi.fn();
    const off = renderHook(() => useAutoRefresh(0, Date.now(), refresh));
    const unknown = renderHook(() => useAutoRefresh(5, null, refresh));
    act(() => vi.advanceTimersByTime(120 * MINUTE));
    expect(refresh).not.toHaveBeenCalled();
    expect(off.result.current).toBeNull();
    expect(unknown.result.current).toBeNull();
  });

  it("refreshes the chosen minutes after the last refresh began, and plans again after each", () => {
    const refresh = vi.fn();
    let last = Date.now();
    const hook = renderHook(({ start }) => useAutoRefresh(5, start, refresh), { initialProps: { start: last } });
    expect(hook.result.current).toBe(last + 5 * MINUTE);
    act(() => vi.advanceTimersByTime(5 * MINUTE - 1));
    expect(refresh).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(refresh).toHaveBeenCalledTimes(1);
    last = Date.now();
    hook.rerender({ start: last });
    act(() => vi.advanceTimersByTime(5 * MINUTE));
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it("refreshes at once a list whose newest answer is older than the interval", () => {
    const refresh = vi.fn();
    renderHook(() => useAutoRefresh(15, Date.now() - 60 * MINUTE, refresh));
    act(() => vi.advanceTimersByTime(0));
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("runs while the window is hidden too (what it finds is then notified), once", () => {
    const refresh = vi.fn();
    renderHook(() => useAutoRefresh(5, Date.now(), refresh));
    setVisibility("hidden");
    act(() => vi.advanceTimersByTime(5 * MINUTE));
    expect(refresh).toHaveBeenCalledTimes(1);
    act(() => setVisibility("visible"));
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("stops when the screen closes", () => {
    const refresh = vi.fn();
    const hook = renderHook(() => useAutoRefresh(5, Date.now(), refresh));
    hook.unmount();
    act(() => vi.advanceTimersByTime(10 * MINUTE));
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe("the automatic refresh's setting", () => {
  it("is kept per profile, and only the intervals offered are read back", () => {
    expect(storedAutoRefresh("p1")).toBe(0);
    storeAutoRefresh("p1", 15);
    expect(storedAutoRefresh("p1")).toBe(15);
    expect(storedAutoRefresh("p2")).toBe(0);
    // An interval not offered (another version's) reads as off.
    startWithPreferences({ autoRefresh: { p1: 15, p2: 7 } });
    expect(storedAutoRefresh("p2")).toBe(0);
    storeAutoRefresh("p1", 0);
    expect(storedAutoRefresh("p1")).toBe(0);
    expect(storedAutoRefresh("p2")).toBe(0);
  });

  it("starts from the newest answer in the list, or at once when none was ever refreshed", () => {
    expect(newestRefresh(["2026-11-22T09:00:00Z", null, "2026-11-22T09:30:00Z", "not a time"])).toBe(Date.parse("2026-11-22T09:30:00Z"));
    expect(newestRefresh([null, null])).toBe(0);
  });
});

import { type ReactNode, useEffect, useState } from "react";

import { afterNextPaint } from "../perf";

/** How many of `total` items to draw: `first` at once, then `step` more after each
 * frame is painted, until all are. */
export function useGrowing(total: number, first: number, step: number): number {
  const [shown, setShown] = useState(first);
  useEffect(() => {
    if (shown >= total) return;
    let live = true;
    afterNextPaint(() => live && setShown((n) => n + step));
    return () => {
      live = false;
    };
  }, [shown, total, step]);
  return Math.min(shown, total);
}

/**
 * A long list drawn over a few frames: its first screen at once, the rest `step` items
 * a frame. Every item is in the page within a moment, laid out like any other, so it is
 * found, read and clicked as usual (content-visibility would leave items far down
 * unclickable by WebDriver in WebKitGTK; a virtual list would leave them out). Items
 * already drawn are not drawn again if they are memoised components.
 */
export function Growing<T>({ items, first, step, children }: { items: T[]; first: number; step: number; children: (item: T, index: number) => ReactNode }) {
  const shown = useGrowing(items.length, first, step);
  return <>{items.slice(0, shown).map(children)}</>;
}

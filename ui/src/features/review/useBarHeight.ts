import { useLayoutEffect, useRef } from "react";

/** The review's sticky bar's height (one line or two, by the window's width), kept in
 * its page's `--review-bar-height`, for the evidence pane to stick below it and the
 * rows to scroll into view below it. */
export function useBarHeight() {
  const bar = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = bar.current;
    const page = element?.parentElement;
    if (!element || !page) return;
    const measure = () => page.style.setProperty("--review-bar-height", `${Math.ceil(element.getBoundingClientRect().height)}px`);
    measure();
    const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => observer?.disconnect();
  }, []);
  return bar;
}

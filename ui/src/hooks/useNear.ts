import { type RefObject, useEffect, useState } from "react";

/** The nearest ancestor that scrolls `element`, the root to watch it against; null for
 * the window. */
function scroller(element: Element): Element | null {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const { overflowY } = getComputedStyle(parent);
    if (overflowY === "auto" || overflowY === "scroll") return parent;
  }
  return null;
}

/** Whether the element at `ref` has come within a screen's height of what its scroller
 * shows; once it has, it stays true (what was fetched for it is kept while it is
 * mounted). Without IntersectionObserver, true at once. */
export function useNear(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === "undefined");
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      root: scroller(element),
      rootMargin: "100% 0px",
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}

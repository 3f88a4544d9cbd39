import { type RefObject, useEffect } from "react";

/** Each time `key` changes (a screen or a mode opens), the keyboard focus goes to the
 * first title (h2) inside `container`, so Tab goes on from there and a screen reader
 * says where the analyst is; unless the focus already is inside `container` (the new
 * screen placed it itself, as the review does). */
export function useFocusTitle(container: RefObject<HTMLElement | null>, key: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key is a screen or mode opening, when the title takes the focus.
  useEffect(() => {
    const focused = document.activeElement;
    if (focused && focused !== document.body && container.current?.contains(focused)) return;
    const title = container.current?.querySelector<HTMLElement>("h2");
    if (!title) return;
    title.tabIndex = -1;
    title.focus({ preventScroll: true });
  }, [container, key]);
}

import { type RefObject, useEffect } from "react";

/** Each time `key` changes (a screen or a mode opens), the keyboard focus goes to the
 * first title (h2) inside `container`, so Tab goes on from there and a screen reader
 * says where the analyst is; unless the focus already is inside `container` (the new
 * screen placed it itself, as the review does). */
export function useFocusTitle(container: RefObject<HTMLElement | null>, key: string) {
  useFocusNeverLost(container);
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

/** How long a control that went away leaves the focus to whoever moves it on purpose
 * (a dialog that gives it back to its opener) before the title takes it. */
export const LOST_FOCUS_MS = 60;

/** When the focused control goes away with what drew it (a loading state replaced by
 * the screen, a form replaced by its result, a row removed, the navigation drawn again
 * while a screen's code loads), the focus would fall to the page and Tab would start
 * again from the top: the title (h2) in `container` takes it instead, unless something
 * else took it meanwhile. */
function useFocusNeverLost(container: RefObject<HTMLElement | null>) {
  useEffect(() => {
    // The container may be drawn after this runs (the app's first screens have none).
    let last: Element | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onFocusIn = (event: FocusEvent) => {
      last = event.target instanceof Element ? event.target : null;
    };
    // The control last focused went away or was disabled (the page lets go of its focus
    // a moment later, in its own time); lost once the focus is on nothing.
    const gone = () => last !== null && (!last.isConnected || last.matches(":disabled"));
    const lost = () => {
      const now = document.activeElement;
      return gone() && (now === null || now === document.body);
    };
    const observer = new MutationObserver(() => {
      if (!gone() || timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        if (!lost()) return;
        const title = container.current?.querySelector<HTMLElement>("h2");
        if (!title) return;
        title.tabIndex = -1;
        title.focus({ preventScroll: true });
      }, LOST_FOCUS_MS);
    });
    document.addEventListener("focusin", onFocusIn);
    // A button disabled by what it did (a verification cancelled) changes no child.
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["disabled"] });
    return () => {
      document.removeEventListener("focusin", onFocusIn);
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [container]);
}

import { type RefObject, useEffect, useRef, useState } from "react";

/** The controls Tab stops at inside a dialog. */
const TABBABLE = "button:not([disabled]), a[href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";

/** A modal dialog's focus, as a keyboard user needs it (WCAG 2.4.3, 2.1.2): Tab and
 * Shift+Tab go round the dialog's own controls and never reach the page behind it;
 * Escape calls `onEscape` (when given); on closing, the focus goes back to the control
 * that had it when the dialog opened (the one that opened it), when that is still there
 * to take it; else to `fallback`'s first control, so it is never lost to the page. The
 * first focus inside is the dialog's own choice (autoFocus, or its safe button). */
export function useDialogFocus(dialog: RefObject<HTMLElement | null>, options: { onEscape?: () => void; fallback?: () => HTMLElement | null } = {}) {
  // Read at each key and at closing: a caller's new functions at each render do not
  // open the dialog again.
  const latest = useRef(options);
  latest.current = options;
  useEffect(() => {
    // Shift as its own key too: a Tab's event does not always say Shift is held.
    let shift = false;
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key === "Shift") shift = false;
    };
    // A focus that got out anyway (a control of the page behind) comes back in.
    const onFocusIn = (event: FocusEvent) => {
      const box = dialog.current;
      if (!box || !(event.target instanceof Node) || box.contains(event.target)) return;
      box.querySelector<HTMLElement>(TABBABLE)?.focus();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Shift") shift = true;
      const box = dialog.current;
      if (!box) return;
      const onEscape = latest.current.onEscape;
      if (event.key === "Escape" && onEscape) {
        event.preventDefault();
        onEscape();
        return;
      }
      if (event.key !== "Tab") return;
      const stops = [...box.querySelectorAll<HTMLElement>(TABBABLE)];
      const first = stops[0];
      const last = stops[stops.length - 1];
      if (!first || !last) return;
      const at = document.activeElement;
      const inside = at instanceof Node && box.contains(at);
      const back = event.shiftKey || shift;
      if (back && (at === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!back && (at === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    window.addEventListener("keyup", onKeyUp);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("keyup", onKeyUp);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [dialog]);
  // The opener, read at the first render: by the first effect an autoFocus inside the
  // dialog has taken the focus already.
  const [before] = useState(() => document.activeElement);
  useEffect(() => {
    return () => {
      // Only when the focus went with the dialog: a dialog closed by moving elsewhere
      // (a click on another control) leaves the focus there.
      const now = document.activeElement;
      if (now && now !== document.body && now.isConnected) return;
      if (before instanceof HTMLElement && before.isConnected && !before.matches(":disabled")) {
        before.focus();
        return;
      }
      latest.current.fallback?.()?.focus();
    };
  }, [before]);
}

import { type RefObject, useEffect } from "react";

/** An overlay's focus: on `target` while it is open, then back where it was when it
 * closes (unless that element went away with the screen it was on). */
export function useFocusWhileOpen(target: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const before = document.activeElement;
    target.current?.focus();
    return () => {
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, [target]);
}

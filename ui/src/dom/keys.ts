/** Whether a key press goes to a text field (where letters are text, not shortcuts). */
export function isTyping(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest("textarea, select, input:not([type=checkbox])") !== null;
}

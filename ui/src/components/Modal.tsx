// A modal dialog on the platform's own `<dialog>` and `showModal()`: the page behind it is
// inert (Tab never leaves the dialog, a click or a screen reader never reaches the page),
// and Escape asks the dialog to cancel. It is open for as long as it is rendered: the
// screen that shows it decides when it closes.
import { type KeyboardEventHandler, type ReactNode, type RefObject, useLayoutEffect, useRef } from "react";

/** The screen's title: where the focus goes when nothing else can take it (the opener
 * was disabled or went away with what the dialog did), so Tab goes on from the screen. */
function screenTitle(): HTMLElement | null {
  const title = document.querySelector<HTMLElement>("main h2");
  if (title) title.tabIndex = -1;
  return title;
}

export function Modal(props: {
  /** The control the focus starts on: the safe choice. Focused before the first frame is
   * drawn, and drawn with its ring (a dialog shows any focus, `blocks.css`). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Escape, unless the dialog is busy (then Escape does nothing). */
  onCancel: () => void;
  busy?: boolean;
  /** A click beside the box (on the backdrop) cancels too. */
  closeOnBackdrop?: boolean;
  /** Where the focus goes on closing when the control that opened the dialog is gone. */
  fallback?: () => HTMLElement | null;
  role?: "dialog" | "alertdialog";
  className?: string;
  label?: string;
  labelledBy?: string;
  describedBy?: string;
  testId?: string;
  /** Keys inside the dialog, first: a dialog over a screen with keys of its own stops
   * them here. */
  onKeyDown?: KeyboardEventHandler<HTMLDialogElement>;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Read when Escape comes: a caller's new function at each render does not reopen it.
  const latest = useRef(props);
  latest.current = props;
  // While rendered, the dialog is open: a close the page did not ask for is undone.
  const shown = useRef(false);
  useLayoutEffect(() => {
    const box = dialog.current;
    if (!box) return;
    const opener = document.activeElement;
    if (!box.open) box.showModal();
    shown.current = true;
    (latest.current.initialFocus?.current ?? box).focus();
    return () => {
      shown.current = false;
      if (box.open) box.close();
      // The platform gives the focus back to the opener on close(); where the opener
      // went away with what the dialog changed, the caller says where it goes.
      const now = document.activeElement;
      if (now && now !== document.body && now.isConnected && !box.contains(now)) return;
      if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected && !opener.matches(":disabled")) opener.focus();
      else (latest.current.fallback ?? screenTitle)()?.focus({ preventScroll: true });
    };
  }, []);
  return (
    <dialog
      ref={dialog}
      // The dialog itself takes the focus only when it has no safe choice to start on.
      tabIndex={-1}
      className={`dialog${props.className ? ` ${props.className}` : ""}`}
      role={props.role === "alertdialog" ? "alertdialog" : undefined}
      aria-label={props.label}
      aria-labelledby={props.labelledBy}
      aria-describedby={props.describedBy}
      aria-modal="true"
      onCancel={(event) => {
        event.preventDefault();
        if (!latest.current.busy) latest.current.onCancel();
      }}
      // Some engines close a modal dialog on a second Escape whatever the page says (the
      // cancel event may be refused only once per user activation): a busy dialog opens
      // again, and any other asks its screen to close it, so what is drawn is what is open.
      onClose={(event) => {
        const box = event.currentTarget;
        if (!shown.current || box.open) return;
        if (latest.current.busy) box.showModal();
        else latest.current.onCancel();
      }}
      // A click on the backdrop lands on the dialog itself, outside its box; from the
      // keyboard, Escape does the same.
      onClick={(event) => {
        const box = event.currentTarget.getBoundingClientRect();
        const outside = event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
        if (props.closeOnBackdrop && event.target === event.currentTarget && outside && !latest.current.busy) latest.current.onCancel();
      }}
      onKeyDown={props.onKeyDown}
      data-testid={props.testId}
    >
      {props.children}
    </dialog>
  );
}

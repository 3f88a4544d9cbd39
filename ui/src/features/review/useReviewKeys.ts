import { useCallback, useEffect, useRef, useState } from "react";

import type { Draft } from "../../bindings/Draft";
import type { Entity } from "../../bindings/Entity";
import type { Verdict } from "../../bindings/Verdict";
import { isTyping } from "../../dom/keys";
import { chooseEntity, decide } from "./model";

export interface ReviewKeys {
  /** The index of the current section. */
  current: number;
  /** Makes a section current without moving focus or scrolling (a click, a focus). */
  setCurrent: (index: number) => void;
  /** Makes a section current, and focus and scrolling follow it. */
  moveTo: (index: number) => void;
  /** Focus goes back to the current section once the review is being edited again. */
  focusCurrent: () => void;
  /** Moves on from a section just decided, as `a` does. */
  moveOn: (index: number) => void;
  /** Decides the section at `index`; rejecting it puts the cursor in its comment. */
  decideAt: (index: number, verdict: Verdict) => void;
  /** Opens the preview, or moves to the first section with a problem. */
  openPreview: () => void;
  rowRef: (index: number) => (node: HTMLLIElement | null) => void;
  commentRef: (index: number) => (node: HTMLTextAreaElement | null) => void;
  reasonRef: (index: number) => (node: HTMLInputElement | null) => void;
  /** Puts the cursor in a section's comment (after a reason was chosen). */
  focusComment: (index: number) => void;
}

/** Digits typed within this long of each other make one number: "1" then "2" is the
 * 12th entity. */
export const DIGITS_MS = 800;

/** The review's keyboard: the current section, where focus goes, and the keys that act on
 * them while the decisions are being edited. j/k (or the arrows) move, n moves to the
 * next section with findings, a accepts and moves on to the next undecided section (a
 * section with high findings asks first: `gateAccept`), r rejects and opens the comment,
 * m (Ctrl+M from inside the comment) opens a rejected section's ready-made reasons (an
 * undecided section is rejected first),
 * digits choose the section's entity by its number (two typed quickly for the 10th and
 * on), v moves the focus to the section's document and back, Ctrl+Enter previews; inside a text field only Ctrl+Enter, Ctrl+M and Escape act
 * (Escape leaves the field for its own section, so the next key still acts on the
 * section just written about). */
export function useReviewKeys(props: {
  draft: Draft;
  /** Changes the draft. */
  change: (next: (draft: Draft) => Draft) => void;
  /** Whether the decisions are being edited (no preview open, no answer shown). */
  editing: boolean;
  /** Opens the preview; gives the index of a section to move to when it could not. */
  openPreview: () => Promise<number | null>;
  /** The entities the section at an index may name, in the order its list shows them. */
  entityChoices: (index: number) => (Entity & { Id: string })[];
  /** Whether the section at an index may be accepted now; when not, the caller asks
   * (its high findings need an acknowledgement) and accepts it itself. */
  gateAccept?: (index: number) => boolean;
  /** Whether the section at an index has findings, for n. */
  hasFindings?: (index: number) => boolean;
  /** The current section's evidence pane, for v. */
  evidence?: () => HTMLElement | null;
}): ReviewKeys {
  const { draft, change, editing, openPreview: open, entityChoices } = props;
  const gateAccept = props.gateAccept ?? (() => true);
  const hasFindings = props.hasFindings ?? (() => false);
  const digits = useRef<{ text: string; at: number }>({ text: "", at: 0 });
  const [current, setCurrent] = useState(0);
  const rows = useRef<(HTMLLIElement | null)[]>([]);
  const comments = useRef<(HTMLTextAreaElement | null)[]>([]);
  const reasons = useRef<(HTMLInputElement | null)[]>([]);
  /** Where the cursor goes after the render that shows a rejected section's fields. */
  const focusComment = useRef<{ index: number; to: "comment" | "reasons" } | null>(null);
  /** Set by keyboard moves (and on opening): focus and scroll follow the current row. */
  const moved = useRef(true);

  const moveTo = useCallback((index: number) => {
    moved.current = true;
    setCurrent(index);
  }, []);
  const focusCurrent = useCallback(() => {
    moved.current = true;
  }, []);

  const openPreview = useCallback(() => {
    void open().then((problem) => {
      if (problem !== null) moveTo(problem);
    });
  }, [open, moveTo]);

  const decideAt = useCallback(
    (index: number, verdict: Verdict) => {
      const section = draft.decisions[index]?.seccion;
      if (section === undefined) return;
      change((d) => decide(d, section, verdict));
      if (verdict === "Rechazada") focusComment.current = { index, to: "comment" };
    },
    [change, draft.decisions],
  );
  /** The next section to decide after `index`: the next undecided one (from the top
   * again past the last), else the next section. */
  const nextAfter = useCallback(
    (index: number) => {
      const undecided = (i: number) => i !== index && draft.decisions[i]?.estatus === null;
      const later = draft.decisions.findIndex((_, i) => i > index && undecided(i));
      const earlier = draft.decisions.findIndex((_, i) => i < index && undecided(i));
      if (later >= 0) return later;
      if (earlier >= 0) return earlier;
      return Math.min(index + 1, draft.decisions.length - 1);
    },
    [draft.decisions],
  );

  // After j/k (and on opening) focus and scrolling follow the current section; a click
  // only makes its section current, so nothing moves under the pointer.
  useEffect(() => {
    if (!editing || !moved.current) return;
    moved.current = false;
    const row = rows.current[current];
    if (row && !row.contains(document.activeElement)) row.focus();
    row?.scrollIntoView?.({ block: "nearest" });
  }, [current, editing]);
  // After the render that shows a rejected section's comment, the cursor goes into it
  // (or into its reasons, when the rejection began with m).
  useEffect(() => {
    const pending = focusComment.current;
    if (pending === null) return;
    // The whole section comes into view (its reasons, comment and counter), not only the
    // field: a rejected section near the window's foot kept its counter below the fold.
    (pending.to === "comment" ? comments : reasons).current[pending.index]?.focus({ preventScroll: true });
    rows.current[pending.index]?.scrollIntoView?.({ block: "nearest" });
    focusComment.current = null;
  });

  useEffect(() => {
    if (!editing) return;
    const onKey = (event: KeyboardEvent) => {
      const plain = !event.ctrlKey && !event.metaKey && !event.altKey;
      // In the evidence, its viewer's keys act (page, zoom, rotate), and v goes back to
      // the section: a review key there would change the section under the document.
      // A part of the page with keys of its own (the team's notes) keeps them.
      if (event.target instanceof Element && event.target.closest("[data-keys-own]")) return;
      const pane = props.evidence?.();
      if (pane && event.target instanceof Node && pane.contains(event.target)) {
        if ((event.key === "v" || event.key === "Escape") && plain && !isTyping(event.target)) {
          event.preventDefault();
          rows.current[current]?.focus();
        }
        return;
      }
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        openPreview();
        return;
      }
      const reasonsKey = event.key.toLowerCase() === "m" && (event.ctrlKey || event.metaKey) && !event.altKey;
      if (reasonsKey) {
        // The ready-made reasons of a rejected section, from anywhere in the review.
        const picker = reasons.current[current];
        if (!picker) return;
        event.preventDefault();
        picker.focus();
        return;
      }
      if (isTyping(event.target)) {
        if (event.key === "Escape") rows.current[current]?.focus();
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const last = draft.decisions.length - 1;
      switch (event.key) {
        case "j":
        case "ArrowDown":
          moved.current = true;
          setCurrent((i) => Math.min(i + 1, last));
          break;
        case "k":
        case "ArrowUp":
          moved.current = true;
          setCurrent((i) => Math.max(i - 1, 0));
          break;
        case "a":
          if (!gateAccept(current)) break;
          decideAt(current, "Aceptada");
          moveTo(nextAfter(current));
          break;
        case "n": {
          // The next section with findings, from the top again past the last.
          const count = draft.decisions.length;
          for (let step = 1; step <= count; step += 1) {
            const index = (current + step) % count;
            if (hasFindings(index)) {
              moveTo(index);
              break;
            }
          }
          break;
        }
        case "r":
          decideAt(current, "Rechazada");
          break;
        case "v": {
          // The current section's document, to page and zoom with its own keys; the
          // section stays current, so the evidence stays on it.
          if (!pane) return;
          const viewer = pane.querySelector<HTMLElement>(".pdf-stage, .evidence-image") ?? pane;
          viewer.focus();
          viewer.scrollIntoView?.({ block: "nearest" });
          break;
        }
        case "m": {
          // The ready-made reasons of a rejected section; an undecided one is rejected
          // first, with its reasons open.
          const picker = reasons.current[current];
          if (picker) picker.focus();
          else if (draft.decisions[current]?.estatus === null) {
            decideAt(current, "Rechazada");
            focusComment.current = { index: current, to: "reasons" };
          } else return;
          break;
        }
        default: {
          // Digits: the section's entity by its number in the list; a second digit
          // typed quickly makes a two-digit number when the list is that long.
          if (event.key.length !== 1 || event.key < "0" || event.key > "9") return;
          const choices = entityChoices(current);
          const now = Date.now();
          const joined = now - digits.current.at < DIGITS_MS ? digits.current.text + event.key : event.key;
          const text = Number(joined) >= 1 && Number(joined) <= choices.length ? joined : event.key;
          digits.current = { text, at: now };
          const chosen = choices[Number(text) - 1];
          const section = draft.decisions[current]?.seccion;
          if (!chosen || section === undefined) return;
          change((d) => chooseEntity(d, section, chosen));
        }
      }
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [editing, current, draft.decisions, decideAt, openPreview, moveTo, nextAfter, entityChoices, change, gateAccept, hasFindings, props.evidence]);

  const rowRef = useCallback(
    (index: number) => (node: HTMLLIElement | null) => {
      rows.current[index] = node;
    },
    [],
  );
  const commentRef = useCallback(
    (index: number) => (node: HTMLTextAreaElement | null) => {
      comments.current[index] = node;
    },
    [],
  );

  const reasonRef = useCallback(
    (index: number) => (node: HTMLInputElement | null) => {
      reasons.current[index] = node;
    },
    [],
  );
  const focusCommentAt = useCallback((index: number) => {
    focusComment.current = { index, to: "comment" };
  }, []);

  const moveOn = useCallback((index: number) => moveTo(nextAfter(index)), [moveTo, nextAfter]);

  return { current, setCurrent, moveTo, focusCurrent, moveOn, decideAt, openPreview, rowRef, commentRef, reasonRef, focusComment: focusCommentAt };
}

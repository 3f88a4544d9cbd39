import { useCallback, useEffect, useRef, useState } from "react";

import type { Draft } from "../../bindings/Draft";
import type { Entity } from "../../bindings/Entity";
import type { Verdict } from "../../bindings/Verdict";
import { isTyping } from "../../ui/keys";
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
  /** Decides the section at `index`; rejecting it puts the cursor in its comment. */
  decideAt: (index: number, verdict: Verdict) => void;
  /** Opens the preview, or moves to the first section with a problem. */
  openPreview: () => void;
  rowRef: (index: number) => (node: HTMLLIElement | null) => void;
  commentRef: (index: number) => (node: HTMLTextAreaElement | null) => void;
  reasonRef: (index: number) => (node: HTMLSelectElement | null) => void;
  /** Puts the cursor in a section's comment (after a reason was chosen). */
  focusComment: (index: number) => void;
}

/** The review's keyboard: the current section, where focus goes, and the keys that act on
 * them while the decisions are being edited. j/k (or the arrows) move, a accepts and moves
 * on to the next undecided section, r rejects and opens the comment, m opens a rejected
 * section's ready-made reasons, 1–9 choose the
 * section's entity, Ctrl+Enter previews; inside a text field only Ctrl+Enter and Escape act
 * (Escape leaves a written comment for the next undecided section, an empty one for its
 * own section). */
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
}): ReviewKeys {
  const { draft, change, editing, openPreview: open, entityChoices } = props;
  const [current, setCurrent] = useState(0);
  const rows = useRef<(HTMLLIElement | null)[]>([]);
  const comments = useRef<(HTMLTextAreaElement | null)[]>([]);
  const reasons = useRef<(HTMLSelectElement | null)[]>([]);
  const focusComment = useRef<number | null>(null);
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
      if (verdict === "Rechazada") focusComment.current = index;
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
  // After the render that shows a rejected section's comment, the cursor goes into it.
  useEffect(() => {
    if (focusComment.current === null) return;
    comments.current[focusComment.current]?.focus();
    focusComment.current = null;
  });

  useEffect(() => {
    if (!editing) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        openPreview();
        return;
      }
      if (isTyping(event.target)) {
        if (event.key === "Escape") {
          const written = comments.current[current] === event.target && (draft.decisions[current]?.comentario.trim() ?? "") !== "";
          if (written) moveTo(nextAfter(current));
          else rows.current[current]?.focus();
        }
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
          decideAt(current, "Aceptada");
          moveTo(nextAfter(current));
          break;
        case "r":
          decideAt(current, "Rechazada");
          break;
        case "m": {
          // The ready-made reasons of a rejected section.
          const picker = reasons.current[current];
          if (!picker) return;
          picker.focus();
          break;
        }
        default: {
          // 1–9: the section's entity by its number in the list.
          const digit = event.key.length === 1 && event.key >= "1" && event.key <= "9";
          const chosen = digit ? entityChoices(current)[Number(event.key) - 1] : undefined;
          const section = draft.decisions[current]?.seccion;
          if (!chosen || section === undefined) return;
          change((d) => chooseEntity(d, section, chosen));
        }
      }
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [editing, current, draft.decisions, decideAt, openPreview, moveTo, nextAfter, entityChoices, change]);

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
    (index: number) => (node: HTMLSelectElement | null) => {
      reasons.current[index] = node;
    },
    [],
  );
  const focusCommentAt = useCallback((index: number) => {
    focusComment.current = index;
  }, []);

  return { current, setCurrent, moveTo, focusCurrent, decideAt, openPreview, rowRef, commentRef, reasonRef, focusComment: focusCommentAt };
}

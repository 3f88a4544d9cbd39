// The team's notes on the file, in the review: a supervisor's "@beto ¿lo rechazamos?"
// is read where the decision is made, and answered there. The bar says how many there
// are and takes the analyst to them (the panel sits below the decisions).
import { useQuery } from "@tanstack/react-query";

import { queries } from "../../api/queries";
import { useI18n } from "../../i18n";
import { NotesPanel } from "../team/NotesPanel";
import { useConnectedTeam, useTeam } from "../team/TeamContext";

const NOTES_ID = "review-notes";

/** In the review's bar: the notes' count, a link to them. Nothing outside a team. */
export function ReviewNotesLink({ documentId }: { documentId: string }) {
  const { t } = useI18n();
  const connected = useConnectedTeam() !== null;
  const { status } = useTeam();
  const notes = useQuery({ ...queries.notes(documentId), enabled: connected });
  if (!status?.configured) return null;
  // Out of reach and never read: no count to give.
  const count = notes.data?.length;
  return (
    <a
      href={`#${NOTES_ID}`}
      className={count ? "chip chip-warn review-notes-link" : "chip review-notes-link"}
      onClick={(event) => {
        event.preventDefault();
        const panel = document.getElementById(NOTES_ID);
        panel?.scrollIntoView?.({ block: "nearest" });
        panel?.querySelector<HTMLElement>("textarea")?.focus();
      }}
      data-testid="review-notes-link"
    >
      {count === undefined ? t("review.notesUnread") : t("review.notes", { n: count })}
    </a>
  );
}

/** Whether the notes panel shows what it will: the notes read, or none to read (no team,
 * or one out of reach, whose panel says so). */
export function useNotesShown(documentId: string): boolean {
  const connected = useConnectedTeam() !== null;
  const notes = useQuery({ ...queries.notes(documentId), enabled: connected });
  return !connected || notes.data !== undefined || notes.error !== null;
}

/** Below the decisions: the notes, and the box to add one. */
export function ReviewNotes({ documentId }: { documentId: string }) {
  return (
    // Its keys are its own: the review's shortcuts (Ctrl+Enter, Escape) wait.
    <div id={NOTES_ID} className="review-notes" data-keys-own="">
      <NotesPanel documentId={documentId} />
    </div>
  );
}

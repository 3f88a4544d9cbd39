// A file's internal notes: shared with the team, never sent to the service. A note
// that cannot be saved stays in its box.
import { useState } from "react";

import * as backend from "../../api/backend";
import type { AppError } from "../../bindings/AppError";
import { useI18n } from "../../i18n";
import { ErrorNotice } from "../../ui/ErrorNotice";
import { useConnectedTeam, useTeamData } from "./TeamContext";
import { clock } from "./words";

export const NOTE_MAX = 2000;

export function NotesPanel({ documentId }: { documentId: string }) {
  const team = useConnectedTeam();
  if (!team) return null;
  return <Notes documentId={documentId} />;
}

function Notes({ documentId }: { documentId: string }) {
  const { t, locale } = useI18n();
  const notes = useTeamData(() => backend.fileNotes(documentId), documentId);
  const [body, setBody] = useState("");
  const [error, setError] = useState<AppError | null>(null);
  const [saving, setSaving] = useState(false);
  const add = () => {
    setSaving(true);
    backend
      .addNote(documentId, body)
      .then(
        () => {
          setBody("");
          setError(null);
          notes.reload();
        },
        (e: AppError) => setError(e),
      )
      .finally(() => setSaving(false));
  };
  return (
    <section className="card team-notes" aria-labelledby="notes-title" data-testid="team-notes">
      <h3 id="notes-title">{t("team.notes.title")}</h3>
      <p className="muted small">{t("team.notes.private")}</p>
      {notes.error && <ErrorNotice error={notes.error} />}
      {notes.value?.length === 0 && <p className="muted">{t("team.notes.none")}</p>}
      <ol className="notes">
        {notes.value?.map((note) => (
          <li key={note.id} data-testid="team-note">
            <span className="muted small">
              {note.member} · {clock(note.at, locale)}
            </span>
            <p>{note.body}</p>
          </li>
        ))}
      </ol>
      {error && <ErrorNotice error={error} onDismiss={() => setError(null)} />}
      <form
        className="row"
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <textarea
          className="input grow"
          rows={2}
          maxLength={NOTE_MAX}
          aria-label={t("team.notes.new")}
          placeholder={t("team.notes.new")}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          data-testid="note-body"
        />
        <button type="submit" className="button" disabled={saving || !body.trim()} data-testid="note-add">
          {t("team.notes.add")}
        </button>
      </form>
    </section>
  );
}

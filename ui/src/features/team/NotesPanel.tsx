// A file's internal notes: shared with the team, never sent to the service. A note
// that cannot be saved stays in its box. While the team is out of reach the panel
// stays: the notes as last read, and the box keeps what is typed (also across the
// panel closing, for this window's session); the user saves it once the team is back,
// nothing is sent on its own.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";

import * as backend from "../../api/backend";
import { keys, queries } from "../../api/queries";
import type { AppError } from "../../bindings/AppError";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useI18n } from "../../i18n";
import { useTeam } from "./TeamContext";
import { clock } from "./words";
import "./team.css";

export const NOTE_MAX = 2000;

/** Where a note being typed is kept while its panel is closed. */
export const typedNoteKey = (documentId: string) => `kyb-desk.note.${documentId.toLowerCase()}`;

function readTyped(documentId: string): string {
  try {
    return sessionStorage.getItem(typedNoteKey(documentId)) ?? "";
  } catch {
    return "";
  }
}

function keepTyped(documentId: string, body: string) {
  try {
    if (body) sessionStorage.setItem(typedNoteKey(documentId), body);
    else sessionStorage.removeItem(typedNoteKey(documentId));
  } catch {
    // Kept on screen all the same; only a closed panel would lose it.
  }
}

export function NotesPanel({ documentId }: { documentId: string }) {
  const { status } = useTeam();
  if (!status?.configured) return null;
  return <Notes key={documentId} documentId={documentId} connected={status.connected} />;
}

function Notes({ documentId, connected }: { documentId: string; connected: boolean }) {
  const { t, locale } = useI18n();
  // While the team is out of reach nothing is asked: the notes stay as last read.
  const notes = useQuery({ ...queries.notes(documentId), enabled: connected });
  const queryClient = useQueryClient();
  const [body, setBody] = useState(() => readTyped(documentId));
  const [error, setError] = useState<AppError | null>(null);
  const [saving, setSaving] = useState(false);
  // Typed while the team was away: said once it is back, so the user saves it.
  const [typedOffline, setTypedOffline] = useState(false);
  useEffect(() => keepTyped(documentId, body), [documentId, body]);
  const add = () => {
    setSaving(true);
    backend
      .addNote(documentId, body)
      .then(
        () => {
          setBody("");
          setError(null);
          setTypedOffline(false);
          void queryClient.invalidateQueries({ queryKey: keys.notes(documentId) });
        },
        (e: AppError) => setError(e),
      )
      .finally(() => setSaving(false));
  };
  return (
    <section className="card team-notes" aria-labelledby="notes-title" data-testid="team-notes">
      <h3 id="notes-title">{t("team.notes.title")}</h3>
      <p className="muted small">{t("team.notes.private")}</p>
      {!connected && (
        <p className="notice notice-warn" role="status" data-testid="notes-offline">
          {t("team.notes.offline")}
        </p>
      )}
      {connected && typedOffline && body.trim() && (
        <p className="notice" role="status" data-testid="notes-kept">
          {t("team.notes.kept")}
        </p>
      )}
      {connected && notes.error && <ErrorNotice error={notes.error} />}
      {notes.data?.length === 0 && <p className="muted">{t("team.notes.none")}</p>}
      {notes.data === undefined && !connected && <p className="muted">{t("team.notes.unread")}</p>}
      <ol className="notes">
        {notes.data?.map((note) => (
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
          if (connected) add();
        }}
      >
        <textarea
          className="input grow"
          rows={2}
          maxLength={NOTE_MAX}
          aria-label={t("team.notes.new")}
          placeholder={t("team.notes.new")}
          value={body}
          onChange={(e) => {
            setBody(e.target.value);
            if (!connected) setTypedOffline(true);
          }}
          data-testid="note-body"
        />
        <button type="submit" className="button" disabled={saving || !connected || !body.trim()} data-testid="note-add">
          {t("team.notes.add")}
        </button>
      </form>
    </section>
  );
}

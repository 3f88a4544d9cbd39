// A file's internal notes: shared with the team, never sent to the service. A note
// that cannot be saved stays in its box. While the team is out of reach the panel
// stays: the notes as last read, and the box keeps what is typed (also across the
// panel closing, for this window's session); the user saves it once the team is back,
// nothing is sent on its own. Typing "@" offers the team's members (arrows, Enter or
// Tab to pick, Escape to close); a member named so is told (the database decides who).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";

import * as commands from "../../api/commands";
import { keys, queries } from "../../api/queries";
import type { AppError } from "../../bindings/AppError";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useI18n } from "../../i18n";
import { noteParts, offered, picked, typedMention } from "./mentions";
import { useTeam } from "./TeamContext";
import { clock } from "./words";
import { newKey } from "./writeKey";
import "./team.css";

export const NOTE_MAX = 2000;

/** Where a note being typed is kept while its panel is closed. */
export const typedNoteKey = (documentId: string) => `kyb-desk.note.${documentId.toLowerCase()}`;
/** Where the key of the text last pressed Add with is kept, beside the text: the same
 * text pressed again (its answer lost, the note perhaps written), even after the panel
 * was closed, is the same note to the team, never a second one. */
const noteKeyKey = (documentId: string) => `${typedNoteKey(documentId)}.key`;

function keyFor(documentId: string, body: string): string {
  try {
    const kept = JSON.parse(sessionStorage.getItem(noteKeyKey(documentId)) ?? "null") as { body?: unknown; key?: unknown } | null;
    if (kept && kept.body === body && typeof kept.key === "string") return kept.key;
  } catch {
    // Not ours: a new key.
  }
  const key = newKey();
  sessionStorage.setItem(noteKeyKey(documentId), JSON.stringify({ body, key }));
  return key;
}

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
  return <Notes key={documentId} documentId={documentId} connected={status.connected} me={status.member} />;
}

function Notes({ documentId, connected, me }: { documentId: string; connected: boolean; me: string | null }) {
  const { t, locale } = useI18n();
  // While the team is out of reach nothing is asked: the notes stay as last read.
  const notes = useQuery({ ...queries.notes(documentId), enabled: connected });
  const members = useQuery({ ...queries.members(), enabled: connected });
  const logins = useMemo(() => (members.data ?? []).map((member) => member.login.toLowerCase()), [members.data]);
  const loginSet = useMemo(() => new Set(logins), [logins]);
  const queryClient = useQueryClient();
  const [body, setBody] = useState(() => readTyped(documentId));
  const [error, setError] = useState<AppError | null>(null);
  const [saving, setSaving] = useState(false);
  // Typed while the team was away: said once it is back, so the user saves it.
  const [typedOffline, setTypedOffline] = useState(false);
  useEffect(() => keepTyped(documentId, body), [documentId, body]);
  const add = () => {
    setSaving(true);
    const key = keyFor(documentId, body);
    commands
      .addNote(documentId, body, key)
      .then(
        () => {
          sessionStorage.removeItem(noteKeyKey(documentId));
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
            <p>
              {noteParts(note.body, loginSet).map((part, index) =>
                part.member ? (
                  <strong key={index} className="mention" data-testid="note-mention">
                    {part.text}
                  </strong>
                ) : (
                  part.text
                ),
              )}
            </p>
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
        <MentionBox
          body={body}
          logins={logins}
          me={me?.toLowerCase() ?? null}
          label={t("team.notes.new")}
          onBody={(next) => {
            setBody(next);
            if (!connected) setTypedOffline(true);
          }}
        />
        <button type="submit" className="button" disabled={saving || !connected || !body.trim()} data-testid="note-add">
          {t("team.notes.add")}
        </button>
      </form>
    </section>
  );
}

/** The note's box, offering the members after "@" as a listbox: the box keeps the
 * focus and names the option shown active (aria-activedescendant). */
function MentionBox(props: { body: string; logins: readonly string[]; me: string | null; label: string; onBody: (body: string) => void }) {
  const { t } = useI18n();
  const box = useRef<HTMLTextAreaElement>(null);
  const list = useId();
  const [caret, setCaret] = useState(props.body.length);
  const [active, setActive] = useState(0);
  // Escape closes the list for the "@" it was opened at, until another is typed.
  const [closedAt, setClosedAt] = useState<number | null>(null);
  const [placeCaret, setPlaceCaret] = useState<number | null>(null);
  const typed = typedMention(props.body, caret);
  const options = typed && typed.at !== closedAt ? offered(props.logins, typed.query, props.me) : [];
  const open = options.length > 0;
  const chosen = Math.min(active, options.length - 1);
  useLayoutEffect(() => {
    if (placeCaret === null || !box.current) return;
    box.current.setSelectionRange(placeCaret, placeCaret);
    setCaret(placeCaret);
    setPlaceCaret(null);
  }, [placeCaret]);
  const pick = (login: string) => {
    if (!typed) return;
    const next = picked(props.body, typed.at, caret, login);
    props.onBody(next.text);
    setPlaceCaret(next.caret);
    setActive(0);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((chosen + step + options.length) % options.length);
    } else if (event.key === "Enter" || event.key === "Tab") {
      event.preventDefault();
      pick(options[chosen] as string);
    } else if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      setClosedAt(typed?.at ?? null);
    }
  };
  const optionId = (index: number) => `${list}-${index}`;
  return (
    <div className="mention-box grow">
      <textarea
        ref={box}
        className="input"
        rows={2}
        maxLength={NOTE_MAX}
        aria-label={props.label}
        aria-description={t("mentions.hint")}
        aria-autocomplete="list"
        aria-controls={open ? list : undefined}
        aria-activedescendant={open ? optionId(chosen) : undefined}
        placeholder={props.label}
        value={props.body}
        onChange={(e) => {
          props.onBody(e.target.value);
          setCaret(e.target.selectionStart);
          setActive(0);
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
        onBlur={() => setClosedAt(typed?.at ?? null)}
        onFocus={() => setClosedAt(null)}
        data-testid="note-body"
      />
      {open && (
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the listbox pattern, a list whose items are its options.
        <ul className="mention-options" role="listbox" id={list} aria-label={t("mentions.members")} data-testid="mention-options">
          {options.map((login, index) => (
            // biome-ignore lint/a11y/useFocusableInteractive: the focus stays in the note's box, whose arrows, Enter and Tab choose an option (aria-activedescendant); a press picks one too.
            <li
              key={login}
              id={optionId(index)}
              // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the listbox pattern, a list whose items are its options.
              role="option"
              aria-selected={index === chosen}
              className={index === chosen ? "active" : undefined}
              // Picked on press, before the box would lose the focus.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(login);
              }}
              data-testid="mention-option"
            >
              @{login}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

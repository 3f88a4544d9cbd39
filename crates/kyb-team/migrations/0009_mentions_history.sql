-- Notes that reach people, and a file's history (issue 32, 4).
--
-- * Mentions: "@login" in a note names a member of the workspace (case-insensitive;
--   anything else stays plain text). The database finds them when the note is written
--   (a trigger on team_note: members cannot write the table, and the note's author is
--   the session_user that team_add_note stamped), so a member cannot make a mention
--   appear from someone else. Each mentioned member reads only their own mentions
--   (team_mentions_v) and marks only their own as seen (team_mention_seen), so a
--   notice is shown once, on every desk of that login, and not again after a restart.
-- * History: every change to a file writes a trail entry with its old and new values,
--   "old → new" ('—' for none), in the name of the session_user that made it:
--   `team: status` (a refresh learnt the service's status) and `team: claimed`. They
--   are written by triggers on the tables rather than by the functions, so the
--   functions' checks stay as they are. Assignments are not: 0006 (workload) writes
--   `team: assigned` "asignado: a → b" in team_assign, team_set_away and team_reassign,
--   and a trigger would write each twice. Notes are not copied into the trail: a note is
--   never changed or removed, and its row already says who and when; writing it would
--   also make a note wait for the trail's head, which a member may hold (a note goes
--   on meanwhile: tests/attacks_trail.rs).

CREATE TABLE team_mention (
    id           bigserial PRIMARY KEY,
    workspace_id text   NOT NULL,
    note_id      bigint NOT NULL REFERENCES team_note (id),
    document_id  text   NOT NULL,
    author       text   NOT NULL,
    mentioned    text   NOT NULL,
    at           timestamptz NOT NULL DEFAULT now(),
    seen_at      timestamptz,
    UNIQUE (note_id, mentioned)
);
CREATE INDEX team_mention_unseen ON team_mention (mentioned, workspace_id) WHERE seen_at IS NULL;
ALTER TABLE team_mention ENABLE ROW LEVEL SECURITY;
ALTER TABLE team_mention FORCE ROW LEVEL SECURITY;
CREATE POLICY team_mention_workspace ON team_mention
    USING (workspace_id = ANY (ARRAY(SELECT m.workspace_id FROM team_member m
                                     WHERE m.login = (SELECT session_user)))
           OR (SELECT team_owner_session()))
    WITH CHECK (workspace_id = ANY (ARRAY(SELECT m.workspace_id FROM team_member m
                                          WHERE m.login = (SELECT session_user)))
                OR (SELECT team_owner_session()));
-- Every desk of the workspace hears "team_mention" and reads its own view again: the
-- notice says which table changed, never whom or what.
CREATE TRIGGER team_mention_notify AFTER INSERT OR UPDATE ON team_mention
    FOR EACH ROW EXECUTE FUNCTION team_notify();

-- The members a note's body names: "@" at the start or after a character that cannot
-- be part of an address or a name (so "ana@kyb.mx" names nobody), then a login's
-- characters; a trailing '.', '-' or '_' (the end of a sentence) may be left out.
-- The only parser of mentions: the desks read what it found.
CREATE FUNCTION team_mentioned(p_workspace text, p_body text) RETURNS SETOF text
LANGUAGE sql STABLE SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT DISTINCT m.login FROM team_member m
    JOIN (SELECT t[2] AS word
          FROM regexp_matches(lower(p_body), '(^|[^a-z0-9._@-])@([a-z][a-z0-9._-]{0,62})', 'g') AS t) w
      ON m.login IN (w.word, rtrim(w.word, '._-'))
    WHERE m.workspace_id = p_workspace AND m.login IS NOT NULL
$$;

-- An entry of the file's history: "old → new", '—' for none.
CREATE FUNCTION team_change_words(p_old text, p_new text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
    SELECT coalesce(nullif(p_old, ''), '—') || ' → ' || coalesce(nullif(p_new, ''), '—')
$$;

-- A note's mentions.
CREATE FUNCTION team_note_mentions() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    INSERT INTO team_mention (workspace_id, note_id, document_id, author, mentioned, at)
        SELECT NEW.workspace_id, NEW.id, NEW.document_id, NEW.member, who, NEW.at
        FROM team_mentioned(NEW.workspace_id, NEW.body) AS who
        WHERE who <> NEW.member
        ON CONFLICT DO NOTHING;
    RETURN NULL;
END $$;
-- Named to fire after the table's own notice (triggers fire in name order).
CREATE TRIGGER team_note_mentions AFTER INSERT ON team_note
    FOR EACH ROW EXECUTE FUNCTION team_note_mentions();

-- A file's status changed (a refresh learnt the service's): the file is named by its
-- DocumentId once known, else by "flow / rfc" (as 0006's team_file_target does).
CREATE FUNCTION team_file_changed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    target text := coalesce(lower(NEW.document_id), NEW.flow_id || ' / ' || NEW.rfc);
BEGIN
    IF OLD.status IS DISTINCT FROM NEW.status THEN
        PERFORM team_event(NEW.workspace_id, 'status', target,
                           team_change_words(OLD.status, NEW.status));
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER team_file_trail AFTER UPDATE OF status ON team_file
    FOR EACH ROW EXECUTE FUNCTION team_file_changed();

-- Who holds a file's claim: taken, taken from another, let go. A renewal (the same
-- holder) writes nothing.
CREATE FUNCTION team_claim_changed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM team_event(NEW.workspace_id, 'claimed', NEW.document_id, team_change_words(NULL, NEW.member));
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM team_event(OLD.workspace_id, 'claimed', OLD.document_id, team_change_words(OLD.member, NULL));
    ELSIF OLD.member IS DISTINCT FROM NEW.member THEN
        PERFORM team_event(NEW.workspace_id, 'claimed', NEW.document_id, team_change_words(OLD.member, NEW.member));
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER team_claim_trail AFTER INSERT OR UPDATE OF member OR DELETE ON team_claim
    FOR EACH ROW EXECUTE FUNCTION team_claim_changed();

-- The caller's mentions: only the mentioned login's rows, in the workspaces it belongs
-- to, with the note's first 200 characters and the file's RFC for the notice.
CREATE VIEW team_mentions_v AS
    SELECT m.id, m.workspace_id, m.document_id, m.note_id, m.author, m.at, m.seen_at,
           left(n.body, 200) AS excerpt,
           (SELECT f.rfc FROM team_file f WHERE f.workspace_id = m.workspace_id
            AND lower(f.document_id) = m.document_id LIMIT 1) AS rfc
    FROM team_mention m JOIN team_note n ON n.id = m.note_id
    WHERE m.mentioned = (SELECT session_user)
      AND m.workspace_id = ANY ((SELECT team_workspaces())::text[]);

-- The caller marks their own mentions seen (others' stay as they are); returns how
-- many changed.
CREATE FUNCTION team_mention_seen(p_workspace text, p_ids bigint[]) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    changed bigint;
BEGIN
    PERFORM team_me(p_workspace);
    IF cardinality(p_ids) > 1000 THEN
        PERFORM team_raise('KY012', 'at most 1000 mentions at once');
    END IF;
    UPDATE team_mention SET seen_at = now()
        WHERE workspace_id = p_workspace AND mentioned = session_user AND seen_at IS NULL
          AND id = ANY (p_ids);
    GET DIAGNOSTICS changed = ROW_COUNT;
    RETURN changed;
END $$;

CREATE OR REPLACE FUNCTION team_schema_version() RETURNS integer
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$ SELECT 9 $$;

REVOKE ALL ON team_mention FROM PUBLIC;
REVOKE ALL ON FUNCTION team_mentioned(text, text), team_change_words(text, text),
    team_note_mentions(), team_file_changed(), team_claim_changed() FROM PUBLIC;
DO $$
DECLARE
    grp text := current_database() || '_member';
BEGIN
    EXECUTE format('GRANT SELECT ON team_mentions_v TO %I', grp);
    EXECUTE format('GRANT EXECUTE ON FUNCTION team_mention_seen(text, bigint[]) TO %I', grp);
END $$;

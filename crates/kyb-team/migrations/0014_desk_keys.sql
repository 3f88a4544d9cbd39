-- Keys a desk makes for the team writes it may have to ask again: a service call's
-- intent, and a note. A write whose commit happened but whose answer was lost (the
-- database gone a moment after, a proxy or a network that dropped the reply) is asked
-- again with the same key and answered with what was written, never written twice; and
-- a desk that lost the answer to an intent (so it never sent the call), or was closed
-- while a call was out, finds the intent by its key at its next start or reconnection,
-- and writes how it ended: not sent, or not known (kyb-desk-core, team/calls.rs).
--
-- * team_call_key: the key of each intent written with one (the member's, once).
-- * team_intent(..., p_key) and team_add_note(..., p_key): the keyed writes; the forms
--   without a key stay, as the same functions with none.
-- * team_my_open_calls: the caller's intents without an outcome, with their keys.
-- * Notes only on the files of the workspace's queue (a DocumentId the queue has, in
--   lower case as the queue keeps them, else KY021): made-up ids let a member write
--   notes (and mentions) outside every file, past the cap of notes on a file, and a
--   note on a file nobody follows is read by nobody. A member may still follow a
--   made-up file and note on it: the cap of notes in an hour is the bound.
-- * An outcome is never written with the code 'intent' (it would read as another open
--   intent, a call that never ends): only team_intent writes one.
-- * team_outcome takes a lock of its intent's first (an advisory one: the trail's rows
--   are never locked for update, not even by the owner): two outcomes of one intent at
--   once (a desk's slow write and its later retry) are taken one after the other, and
--   the second finds the intent ended (KY013), instead of both passing the check
--   before either wrote.

-- A desk's key: a UUID, or KY007. Null stays null (a write without a key).
CREATE FUNCTION team_key(p_key text) RETURNS uuid
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    IF p_key IS NULL THEN
        RETURN NULL;
    END IF;
    IF p_key !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN
        PERFORM team_raise('KY007', 'a key is a UUID');
    END IF;
    RETURN p_key::uuid;
END $$;
REVOKE ALL ON FUNCTION team_key(text) FROM PUBLIC;

CREATE TABLE team_call_key (
    workspace_id text   NOT NULL,
    member       text   NOT NULL,
    key          uuid   NOT NULL,
    seq          bigint NOT NULL,
    PRIMARY KEY (workspace_id, member, key)
);
CREATE INDEX team_call_key_seq ON team_call_key (workspace_id, seq);
ALTER TABLE team_call_key ENABLE ROW LEVEL SECURITY;
ALTER TABLE team_call_key FORCE ROW LEVEL SECURITY;
CREATE POLICY team_call_key_workspace ON team_call_key
    USING (workspace_id = ANY (ARRAY(SELECT m.workspace_id FROM team_member m
                                     WHERE m.login = (SELECT session_user)))
           OR (SELECT team_owner_session()))
    WITH CHECK (workspace_id = ANY (ARRAY(SELECT m.workspace_id FROM team_member m
                                          WHERE m.login = (SELECT session_user)))
                OR (SELECT team_owner_session()));

-- DocumentIds written before the queue kept them in lower case are brought to it.
UPDATE team_file SET document_id = lower(btrim(document_id))
    WHERE document_id IS NOT NULL AND document_id <> lower(btrim(document_id));

ALTER TABLE team_note ADD COLUMN key uuid;
CREATE UNIQUE INDEX team_note_key ON team_note (workspace_id, member, key) WHERE key IS NOT NULL;

-- A service call's intent, before it leaves (0005's rules), with the desk's key.
CREATE FUNCTION team_intent(p_workspace text, p_operation text, p_target text, p_summary text,
                            p_key text, OUT seq bigint, OUT approval bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    kind text := team_call_kind(p_operation);
    v_target text := team_text(p_target, 200);
    setting team_setting;
    resends bigint;
    v_key uuid := team_key(p_key);
    keyed bigint;
BEGIN
    PERFORM team_me(p_workspace);
    -- Asked again with the key of an intent already written: that intent, nothing new,
    -- and only for the same call (another call under a key used is refused). Two asks
    -- with one key at once are taken one after the other.
    IF v_key IS NOT NULL THEN
        PERFORM pg_advisory_xact_lock(hashtext('team_intent'),
                                      hashtext(p_workspace || '|' || session_user || '|' || v_key::text));
        SELECT k.seq INTO keyed FROM team_call_key k
            WHERE k.workspace_id = p_workspace AND k.member = session_user AND k.key = v_key;
        IF FOUND THEN
            IF NOT EXISTS (SELECT 1 FROM team_audit t WHERE t.workspace_id = p_workspace AND t.seq = keyed
                           AND t.operation = p_operation AND lower(t.target) = lower(btrim(p_target))) THEN
                PERFORM team_raise('KY007', 'this key was used for another call');
            END IF;
            seq := keyed;
            SELECT a.id INTO approval FROM team_approval a
                WHERE a.workspace_id = p_workspace AND a.used_by = keyed;
            RETURN;
        END IF;
    END IF;
    IF kind IS NULL THEN
        PERFORM team_raise('KY007', 'not a call the trail records', p_operation);
    END IF;
    IF kind = 'claim' THEN
        PERFORM team_claim_in(p_workspace, split_part(v_target, ' / ', 1), 90, false);
    ELSIF kind IN ('cancel', 'resend') THEN
        SELECT a.id INTO approval FROM team_approval a
            WHERE a.workspace_id = p_workspace AND a.action = kind AND lower(a.folio) = lower(v_target)
              AND a.state = 'approved' AND a.used_by IS NULL AND a.decided_by IS NOT NULL
              AND a.decided_by = session_user
            FOR UPDATE;
        IF approval IS NULL THEN
            SELECT * INTO setting FROM team_setting WHERE workspace_id = p_workspace;
            SELECT count(*) INTO resends FROM team_audit t
                WHERE t.workspace_id = p_workspace AND t.operation = 'POST /verificaciones/{folio}/reenviar'
                  AND lower(t.target) = lower(v_target) AND t.ok AND t.completes IS NOT NULL;
            IF coalesce(setting.four_eyes, false)
               AND (kind = 'cancel' OR resends >= setting.resend_limit) THEN
                PERFORM team_raise('KY011', 'the action needs an approval', resends::text);
            END IF;
        END IF;
    END IF;
    seq := team_append_in(p_workspace, p_operation, v_target, team_text(p_summary, 2000, true),
                          false, 'intent', NULL, NULL);
    IF approval IS NOT NULL THEN
        UPDATE team_approval SET used_by = seq WHERE id = approval;
    END IF;
    IF v_key IS NOT NULL THEN
        INSERT INTO team_call_key (workspace_id, member, key, seq) VALUES (p_workspace, session_user, v_key, seq);
    END IF;
END $$;

CREATE OR REPLACE FUNCTION team_intent(p_workspace text, p_operation text, p_target text, p_summary text,
                                       OUT seq bigint, OUT approval bigint)
LANGUAGE sql SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT * FROM team_intent(p_workspace, p_operation, p_target, p_summary, NULL::text)
$$;

-- Notes, in the author's name. At most 200 of one member on a file, and at most 200 of
-- one member in any hour whatever the files: the first cap alone was passed with
-- made-up document ids (3,000 notes and as many mentions in seconds). A note's time is
-- the clock's, not its transaction's start (a transaction left open an hour would
-- otherwise write its notes an hour back, outside the count), and one member's notes
-- are counted one call at a time (parallel sessions cannot each see room).
-- With the desk's key: asked again with a key already used, the note written then is
-- the answer (for the same file and text only).
CREATE INDEX team_note_by_member ON team_note (workspace_id, member, at);
CREATE FUNCTION team_add_note(p_workspace text, p_document text, p_body text, p_key text)
RETURNS team_note LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    result team_note;
    v_key uuid := team_key(p_key);
BEGIN
    PERFORM team_me(p_workspace);
    PERFORM pg_advisory_xact_lock(hashtext('team_add_note'), hashtext(p_workspace || '|' || session_user));
    IF v_key IS NOT NULL THEN
        SELECT * INTO result FROM team_note n
            WHERE n.workspace_id = p_workspace AND n.member = session_user AND n.key = v_key;
        IF FOUND THEN
            IF result.document_id <> lower(btrim(p_document)) OR result.body <> btrim(p_body) THEN
                PERFORM team_raise('KY007', 'this key was used for another note');
            END IF;
            RETURN result;
        END IF;
    END IF;
    -- After the key's answer: a note written before its file's id changed is still it.
    IF NOT EXISTS (SELECT 1 FROM team_file f WHERE f.workspace_id = p_workspace
                   AND f.document_id = lower(btrim(p_document))) THEN
        PERFORM team_raise('KY021', 'no file of the team''s queue has this DocumentId', p_document);
    END IF;

    IF (SELECT count(*) FROM team_note n WHERE n.workspace_id = p_workspace
        AND n.member = session_user AND n.at > clock_timestamp() - interval '1 hour') >= 200 THEN
        PERFORM team_raise('KY012', 'at most 200 notes of one member in an hour');
    END IF;
    IF (SELECT count(*) FROM team_note n WHERE n.workspace_id = p_workspace
        AND n.document_id = lower(btrim(p_document)) AND n.member = session_user) >= 200 THEN
        PERFORM team_raise('KY012', 'at most 200 notes of one member on a file');
    END IF;
    INSERT INTO team_note (workspace_id, document_id, member, at, body, key)
        VALUES (p_workspace, lower(team_text(p_document, 100)), session_user, clock_timestamp(),
                team_text(p_body, 2000, true), v_key)
        RETURNING * INTO result;
    RETURN result;
END $$;

CREATE OR REPLACE FUNCTION team_add_note(p_workspace text, p_document text, p_body text)
RETURNS team_note LANGUAGE sql SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT * FROM team_add_note(p_workspace, p_document, p_body, NULL::text)
$$;

-- The caller's intents without an outcome, oldest first, with the key each was
-- written with (none for an intent written without one).
CREATE FUNCTION team_my_open_calls(p_workspace text)
RETURNS TABLE (seq bigint, at_utc text, operation text, target text, key text)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    PERFORM team_me(p_workspace);
    RETURN QUERY
        SELECT i.seq, i.at_utc, i.operation, i.target, k.key::text
        FROM team_audit i
        LEFT JOIN team_call_key k ON k.workspace_id = i.workspace_id AND k.seq = i.seq
        WHERE i.workspace_id = p_workspace AND i.member = session_user AND i.code = 'intent'
          AND NOT EXISTS (SELECT 1 FROM team_audit o
                          WHERE o.workspace_id = i.workspace_id AND o.completes = i.seq)
        ORDER BY i.seq;
END $$;

-- How the caller's intent ended (once). `p_late`: written from the desk's local log
-- after the team was unreachable when the call ended. A successful cancellation or
-- resend withdraws the folio's other open requests (the verification changed). The
-- code 'intent' is refused, and the intent's lock is taken first (see above).
CREATE OR REPLACE FUNCTION team_outcome(p_workspace text, p_intent bigint, p_ok boolean, p_code text,
                                        p_message text, p_late boolean DEFAULT false)
RETURNS bigint LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    intent team_audit;
    written bigint;
    kind text;
BEGIN
    PERFORM team_me(p_workspace);
    IF lower(btrim(p_code)) = 'intent' THEN
        PERFORM team_raise('KY007', 'an outcome''s code is never ''intent''');
    END IF;
    PERFORM pg_advisory_xact_lock(hashtext('team_outcome'), hashtext(p_workspace || '|' || p_intent::text));
    SELECT * INTO intent FROM team_audit
        WHERE workspace_id = p_workspace AND seq = p_intent AND code = 'intent' AND member = session_user;
    IF NOT FOUND OR EXISTS (SELECT 1 FROM team_audit WHERE workspace_id = p_workspace AND completes = p_intent) THEN
        PERFORM team_raise('KY013', 'no such open intent of this member');
    END IF;
    kind := team_call_kind(intent.operation);
    IF kind IN ('cancel', 'resend') THEN
        UPDATE team_approval SET state = CASE WHEN p_ok THEN 'sent' ELSE 'failed' END
            WHERE workspace_id = p_workspace AND used_by = p_intent AND state = 'approved';
        IF p_ok THEN
            UPDATE team_approval SET state = 'withdrawn'
                WHERE workspace_id = p_workspace AND lower(folio) = lower(intent.target)
                  AND state IN ('waiting', 'approved') AND used_by IS NULL;
        END IF;
    END IF;
    written := team_append_in(p_workspace, intent.operation, intent.target,
        intent.summary || CASE WHEN p_late THEN ' (resultado tomado del registro local de la mesa)' ELSE '' END,
        coalesce(p_ok, false),
        CASE WHEN p_code IS NULL THEN NULL ELSE left(p_code, 64) END,
        CASE WHEN p_message IS NULL THEN NULL ELSE left(p_message, 2000) END,
        p_intent);
    RETURN written;
END $$;

CREATE OR REPLACE FUNCTION team_schema_version() RETURNS integer
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$ SELECT 14 $$;

DO $$
DECLARE
    grp text := current_database() || '_member';
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION team_intent(text, text, text, text, text) TO %I', grp);
    EXECUTE format('GRANT EXECUTE ON FUNCTION team_add_note(text, text, text, text) TO %I', grp);
    EXECUTE format('GRANT EXECUTE ON FUNCTION team_my_open_calls(text) TO %I', grp);
END $$;

-- Notes only on the files the team knows: a DocumentId of the workspace's queue, else
-- KY021. Made-up ids let a member write notes (and mentions) outside every file, past
-- the cap of notes on a file; and a note on a file nobody follows is read by nobody.
-- The queue keeps DocumentIds in lower case (team_checked_files), as notes do; ids
-- written before that rule are brought to it here. (A member may still follow a made-up
-- file, and note on it: the cap of notes in an hour is the bound, README.)

UPDATE team_file SET document_id = lower(btrim(document_id))
    WHERE document_id IS NOT NULL AND document_id <> lower(btrim(document_id));

CREATE OR REPLACE FUNCTION team_add_note(p_workspace text, p_document text, p_body text, p_key text)
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

CREATE OR REPLACE FUNCTION team_schema_version() RETURNS integer
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$ SELECT 16 $$;

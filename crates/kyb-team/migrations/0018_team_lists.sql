-- A team's risk lists: a list a supervisor imports on one desk serves every desk of the
-- workspace, the same version for everyone. The desk reads the publisher's file and
-- sends its rows (kyb_desk_core::screening's ListEntry, as JSON) in chunks; the list is
-- seen by the others only once the importer publishes it whole, so a desk never screens
-- against half a list. Every desk screens with the same matcher (Rust), so a name scores
-- the same on each.
--
-- * only a supervisor begins, fills and publishes a list (they change what every
--   desk screens against), and only the one who began it fills and publishes it;
-- * the importer and the time are the database's (`session_user`, `now()`);
-- * publishing says in the trail which list, version, rows and SHA-256 (`list-imported`);
-- * a member reads the published lists of their workspaces, nothing unpublished.
--
--   KY022 no such list being imported by this member
--   KY023 the rows sent are not the rows announced

CREATE TABLE team_list (
    workspace_id text NOT NULL,
    format       text NOT NULL CHECK (format ~ '^[a-z0-9_]{1,40}$'),
    version      integer NOT NULL CHECK (version > 0),
    info         jsonb NOT NULL CHECK (jsonb_typeof(info) = 'object' AND octet_length(info::text) <= 8000),
    rows         integer NOT NULL DEFAULT 0,
    imported_by  text NOT NULL,
    imported_at  timestamptz NOT NULL DEFAULT now(),
    published    boolean NOT NULL DEFAULT false,
    PRIMARY KEY (workspace_id, format, version)
);

CREATE TABLE team_list_chunk (
    workspace_id text NOT NULL,
    format       text NOT NULL,
    version      integer NOT NULL,
    chunk        integer NOT NULL CHECK (chunk >= 0),
    entries      jsonb NOT NULL CHECK (jsonb_typeof(entries) = 'array'),
    PRIMARY KEY (workspace_id, format, version, chunk),
    FOREIGN KEY (workspace_id, format, version) REFERENCES team_list ON DELETE CASCADE
);

ALTER TABLE team_list ENABLE ROW LEVEL SECURITY;
ALTER TABLE team_list FORCE ROW LEVEL SECURITY;
CREATE POLICY team_list_workspace ON team_list
    USING (workspace_id = ANY (ARRAY(SELECT m.workspace_id FROM team_member m
                                     WHERE m.login = (SELECT session_user)))
           OR (SELECT team_owner_session()))
    WITH CHECK (workspace_id = ANY (ARRAY(SELECT m.workspace_id FROM team_member m
                                          WHERE m.login = (SELECT session_user)))
                OR (SELECT team_owner_session()));
ALTER TABLE team_list_chunk ENABLE ROW LEVEL SECURITY;
ALTER TABLE team_list_chunk FORCE ROW LEVEL SECURITY;
CREATE POLICY team_list_chunk_workspace ON team_list_chunk
    USING (workspace_id = ANY (ARRAY(SELECT m.workspace_id FROM team_member m
                                     WHERE m.login = (SELECT session_user)))
           OR (SELECT team_owner_session()))
    WITH CHECK (workspace_id = ANY (ARRAY(SELECT m.workspace_id FROM team_member m
                                          WHERE m.login = (SELECT session_user)))
                OR (SELECT team_owner_session()));

-- Begins a new version of a list: its number, the next of that format's.
CREATE FUNCTION team_list_begin(p_workspace text, p_format text, p_info jsonb)
RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v integer;
BEGIN
    PERFORM team_supervisor(p_workspace);
    -- One import of a format at a time in a workspace: the versions stay in order.
    PERFORM pg_advisory_xact_lock(hashtext('team_list'), hashtext(p_workspace || '/' || p_format));
    SELECT coalesce(max(version), 0) + 1 INTO v FROM team_list
        WHERE workspace_id = p_workspace AND format = p_format;
    INSERT INTO team_list (workspace_id, format, version, info, imported_by)
        VALUES (p_workspace, p_format, v, p_info, session_user);
    RETURN v;
END $$;

-- Adds a chunk of rows to a list its caller began and has not published.
CREATE FUNCTION team_list_chunk(p_workspace text, p_format text, p_version integer,
                                p_chunk integer, p_entries jsonb)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    PERFORM team_supervisor(p_workspace);
    -- Locked: the chunks and the list's publication are taken in turn, so no chunk
    -- lands after the list was published.
    PERFORM 1 FROM team_list WHERE workspace_id = p_workspace AND format = p_format
        AND version = p_version AND imported_by = session_user AND NOT published FOR UPDATE;
    IF NOT FOUND THEN
        PERFORM team_raise('KY022', 'no such list being imported by this member');
    END IF;
    IF jsonb_typeof(p_entries) <> 'array' OR jsonb_array_length(p_entries) > 10000
       OR octet_length(p_entries::text) > 16 * 1024 * 1024 THEN
        PERFORM team_raise('KY023', 'a chunk is an array of at most 10000 rows and 16 MB');
    END IF;
    INSERT INTO team_list_chunk (workspace_id, format, version, chunk, entries)
        VALUES (p_workspace, p_format, p_version, p_chunk, p_entries)
        ON CONFLICT (workspace_id, format, version, chunk) DO UPDATE SET entries = EXCLUDED.entries;
END $$;

-- Publishes a list whole: its rows must be the rows announced. Older versions of the
-- format are dropped but the one before (a desk still screening with it finds it).
CREATE FUNCTION team_list_publish(p_workspace text, p_format text, p_version integer,
                                  p_rows integer, p_summary text)
RETURNS bigint LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    counted bigint;
    before integer;
BEGIN
    PERFORM team_supervisor(p_workspace);
    -- Locked: the chunks and the list's publication are taken in turn, so no chunk
    -- lands after the list was published.
    PERFORM 1 FROM team_list WHERE workspace_id = p_workspace AND format = p_format
        AND version = p_version AND imported_by = session_user AND NOT published FOR UPDATE;
    IF NOT FOUND THEN
        PERFORM team_raise('KY022', 'no such list being imported by this member');
    END IF;
    SELECT coalesce(sum(jsonb_array_length(entries)), 0) INTO counted FROM team_list_chunk
        WHERE workspace_id = p_workspace AND format = p_format AND version = p_version;
    IF counted <> p_rows OR p_rows <= 0 THEN
        PERFORM team_raise('KY023', 'the rows sent are not the rows announced');
    END IF;
    UPDATE team_list SET published = true, rows = p_rows, imported_at = now()
        WHERE workspace_id = p_workspace AND format = p_format AND version = p_version;
    -- Kept: this version and the last one published before it (a desk still screening
    -- with it finds it); an import abandoned before it is dropped.
    SELECT max(version) INTO before FROM team_list
        WHERE workspace_id = p_workspace AND format = p_format AND published AND version < p_version;
    DELETE FROM team_list WHERE workspace_id = p_workspace AND format = p_format
        AND version < p_version AND (NOT published OR version < coalesce(before, 0));
    RETURN team_event(p_workspace, 'list-imported', p_format || ' v' || p_version,
                      team_text(p_summary, 2000, true));
END $$;

-- What a member reads: the published lists of their workspaces and their rows.
-- security_barrier: a member's own condition is never evaluated before the view's, so
-- no error message can show a row of an unpublished list.
CREATE VIEW team_lists_v WITH (security_barrier = true) AS
    SELECT workspace_id, format, version, info, rows, imported_by, imported_at FROM team_list
    WHERE published;
CREATE VIEW team_list_chunks_v WITH (security_barrier = true) AS
    SELECT c.workspace_id, c.format, c.version, c.chunk, c.entries FROM team_list_chunk c
    JOIN team_list l USING (workspace_id, format, version)
    WHERE l.published;

CREATE OR REPLACE FUNCTION team_schema_version() RETURNS integer
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$ SELECT 18 $$;

DO $$
DECLARE
    grp text := current_database() || '_member';
    f text;
BEGIN
    EXECUTE format('GRANT SELECT ON team_lists_v, team_list_chunks_v TO %I', grp);
    FOREACH f IN ARRAY ARRAY['team_list_begin(text, text, jsonb)',
                             'team_list_chunk(text, text, integer, integer, jsonb)',
                             'team_list_publish(text, text, integer, integer, text)'] LOOP
        EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO %I', f, grp);
    END LOOP;
END $$;

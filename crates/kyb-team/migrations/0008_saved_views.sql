-- Saved views (issue 32): a member's named filters of the queue, which the member may
-- share with the workspace. The filter is the desk's typed struct (kyb_team::ViewFilter,
-- checked in Rust before it is sent); the database keeps it as a bounded JSON object and
-- decides who sees and changes what:
--
-- * the owner is `session_user` when the view is saved, never a value a desk sends;
-- * a member reads their own views and the shared ones of their workspaces
--   (team_saved_views_v), nothing of another member's unshared views;
-- * only the owner saves over, shares, unshares or deletes a view: another member's
--   call changes nothing and is told there is no such view of theirs (KY020), the same
--   answer as for a view that does not exist, so a refusal tells nothing of others' views.
--
--   KY020 no such saved view of this member

CREATE TABLE team_saved_view (
    id           bigserial PRIMARY KEY,
    workspace_id text NOT NULL,
    owner        text NOT NULL,
    name         text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
    filter       jsonb NOT NULL CHECK (jsonb_typeof(filter) = 'object' AND octet_length(filter::text) <= 2000),
    shared       boolean NOT NULL DEFAULT false,
    updated_at   timestamptz NOT NULL DEFAULT now()
);
-- One name per member (compared without case: "Vencidos" and "vencidos" are one view).
CREATE UNIQUE INDEX team_saved_view_name ON team_saved_view (workspace_id, owner, lower(name));
CREATE INDEX team_saved_view_shared ON team_saved_view (workspace_id) WHERE shared;

ALTER TABLE team_saved_view ENABLE ROW LEVEL SECURITY;
ALTER TABLE team_saved_view FORCE ROW LEVEL SECURITY;
CREATE POLICY team_saved_view_workspace ON team_saved_view
    USING (workspace_id = ANY (ARRAY(SELECT m.workspace_id FROM team_member m
                                     WHERE m.login = (SELECT session_user)))
           OR (SELECT team_owner_session()))
    WITH CHECK (workspace_id = ANY (ARRAY(SELECT m.workspace_id FROM team_member m
                                          WHERE m.login = (SELECT session_user)))
                OR (SELECT team_owner_session()));

-- A filter as the database keeps it: a JSON object of at most 2000 bytes, else KY007.
CREATE FUNCTION team_view_filter(p_filter jsonb) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    IF p_filter IS NULL OR jsonb_typeof(p_filter) <> 'object' OR octet_length(p_filter::text) > 2000 THEN
        PERFORM team_raise('KY007', 'a view''s filter is a JSON object of at most 2000 bytes');
    END IF;
    RETURN p_filter;
END $$;

-- Saves the caller's view under `p_name`: a new one, or over the caller's own view of
-- that name (never over another member's). At most 50 views a member in a workspace
-- (KY012). Returns the view's id.
CREATE FUNCTION team_save_view(p_workspace text, p_name text, p_filter jsonb, p_shared boolean)
RETURNS bigint LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    caller text := session_user;
    v_name text := team_text(p_name, 80);
    v_filter jsonb := team_view_filter(p_filter);
    v_id bigint;
BEGIN
    PERFORM team_me(p_workspace);
    UPDATE team_saved_view SET filter = v_filter, shared = coalesce(p_shared, false),
                               name = v_name, updated_at = now()
        WHERE workspace_id = p_workspace AND owner = caller AND lower(name) = lower(v_name)
        RETURNING id INTO v_id;
    IF v_id IS NOT NULL THEN
        RETURN v_id;
    END IF;
    IF (SELECT count(*) FROM team_saved_view WHERE workspace_id = p_workspace AND owner = caller) >= 50 THEN
        PERFORM team_raise('KY012', 'at most 50 saved views of one member');
    END IF;
    INSERT INTO team_saved_view (workspace_id, owner, name, filter, shared)
        VALUES (p_workspace, caller, v_name, v_filter, coalesce(p_shared, false))
        RETURNING id INTO v_id;
    RETURN v_id;
END $$;

-- Shares the caller's own view with the workspace, or takes it back.
CREATE FUNCTION team_share_view(p_workspace text, p_id bigint, p_shared boolean)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    PERFORM team_me(p_workspace);
    UPDATE team_saved_view SET shared = coalesce(p_shared, false), updated_at = now()
        WHERE workspace_id = p_workspace AND id = p_id AND owner = session_user;
    IF NOT FOUND THEN
        PERFORM team_raise('KY020', 'no such saved view of this member');
    END IF;
END $$;

-- Deletes the caller's own view.
CREATE FUNCTION team_delete_view(p_workspace text, p_id bigint)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    PERFORM team_me(p_workspace);
    DELETE FROM team_saved_view
        WHERE workspace_id = p_workspace AND id = p_id AND owner = session_user;
    IF NOT FOUND THEN
        PERFORM team_raise('KY020', 'no such saved view of this member');
    END IF;
END $$;

-- What a member reads: their own views and the shared ones of their workspaces (row
-- level security keeps the workspaces; this keeps others' unshared views out).
CREATE VIEW team_saved_views_v AS
    SELECT id, workspace_id, owner, name, filter, shared, updated_at FROM team_saved_view
    WHERE owner = (SELECT session_user) OR shared;

CREATE OR REPLACE FUNCTION team_schema_version() RETURNS integer
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$ SELECT 8 $$;

DO $$
DECLARE
    grp text := current_database() || '_member';
    f text;
BEGIN
    EXECUTE format('GRANT SELECT ON team_saved_views_v TO %I', grp);
    FOREACH f IN ARRAY ARRAY['team_save_view(text, text, jsonb, boolean)',
                             'team_share_view(text, bigint, boolean)',
                             'team_delete_view(text, bigint)'] LOOP
        EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO %I', f, grp);
    END LOOP;
END $$;

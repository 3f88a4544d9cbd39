-- Versions in the team (issue 33, 3). A team upgrades its desks together (README), and
-- until now nothing showed who lags, nor said so to a desk that does:
--
-- * Each desk records its own version (the app's semver) and when it was last seen,
--   at every connection, through team_desk_seen. The login is the database's
--   (session_user, stamped inside the definer function); the function takes no login,
--   and members have no table rights, so a member cannot write another's version.
--   The version is the desk's own word (a desk may claim any version): it guides the
--   upgrade, it is not a control (README, threat model).
-- * The workspace's setting "the lowest desk version the team needs"
--   (team_setting.desk_version_needed, none by default), set or cleared only by a
--   supervisor (team_set_desk_version_needed, KY002 otherwise), in the trail as
--   'team: desk-version-needed-set' with the old and new value. A desk older than it
--   says so and how to update, and stops changing state (kyb-desk-core decides that).
-- * Both versions are semantic versions (semver.org's grammar, at most 64 characters),
--   else KY007. The desk compares them (Rust's semver crate); the database only keeps
--   their shape.

-- A semantic version as semver.org writes it: MAJOR.MINOR.PATCH, an optional
-- pre-release and build, no leading zeros in numbers.
CREATE FUNCTION team_semver_ok(p_version text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
    SELECT p_version IS NOT NULL AND length(p_version) <= 64
       AND p_version ~ '^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-(0|[1-9][0-9]*|[0-9]*[a-zA-Z-][0-9a-zA-Z-]*)(\.(0|[1-9][0-9]*|[0-9]*[a-zA-Z-][0-9a-zA-Z-]*))*)?(\+[0-9a-zA-Z-]+(\.[0-9a-zA-Z-]+)*)?$'
$$;

CREATE TABLE team_desk_version (
    workspace_id text NOT NULL,
    login        text NOT NULL,
    version      text NOT NULL CHECK (team_semver_ok(version)),
    seen_at      timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (workspace_id, login)
);

ALTER TABLE team_desk_version ENABLE ROW LEVEL SECURITY;
ALTER TABLE team_desk_version FORCE ROW LEVEL SECURITY;
CREATE POLICY team_desk_version_workspace ON team_desk_version
    USING (workspace_id = ANY (ARRAY(SELECT m.workspace_id FROM team_member m
                                     WHERE m.login = (SELECT session_user)))
           OR (SELECT team_owner_session()))
    WITH CHECK (workspace_id = ANY (ARRAY(SELECT m.workspace_id FROM team_member m
                                          WHERE m.login = (SELECT session_user)))
                OR (SELECT team_owner_session()));

ALTER TABLE team_setting ADD COLUMN desk_version_needed text
    CHECK (desk_version_needed IS NULL OR team_semver_ok(desk_version_needed));

-- The caller's desk is at `p_version`, now. Only the caller's own row: the login is
-- session_user, never an argument. A member who must still change their one-time
-- password is refused (KY010) like for every other change.
CREATE FUNCTION team_desk_seen(p_workspace text, p_version text)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    me team_member := team_me(p_workspace);
BEGIN
    IF NOT team_semver_ok(p_version) THEN
        PERFORM team_raise('KY007', 'a desk''s version is a semantic version (1.2.3), at most 64 characters');
    END IF;
    INSERT INTO team_desk_version (workspace_id, login, version, seen_at)
        VALUES (p_workspace, me.login, p_version, now())
        ON CONFLICT (workspace_id, login) DO UPDATE
        SET version = EXCLUDED.version, seen_at = EXCLUDED.seen_at;
END $$;

-- Sets (or with NULL or '' clears) the lowest desk version the workspace needs: a
-- supervisor only (KY002), checked before the value (KY007).
CREATE FUNCTION team_set_desk_version_needed(p_workspace text, p_version text)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_new text := nullif(btrim(p_version), '');
    v_old text;
BEGIN
    PERFORM team_supervisor(p_workspace);
    IF v_new IS NOT NULL AND NOT team_semver_ok(v_new) THEN
        PERFORM team_raise('KY007', 'the version the team needs is a semantic version (1.2.3), at most 64 characters');
    END IF;
    -- The workspace's row locked, so that two saves at once each name what they replaced.
    PERFORM team_lock_workspace(p_workspace);
    SELECT desk_version_needed INTO v_old FROM team_setting WHERE workspace_id = p_workspace;
    UPDATE team_setting SET desk_version_needed = v_new WHERE workspace_id = p_workspace;
    PERFORM team_event(p_workspace, 'desk-version-needed-set', p_workspace,
                       team_change_words(v_old, v_new));
END $$;

-- What members read: each member's desk version and when it was last seen (members of
-- the caller's workspaces only), and the setting beside the others.
CREATE VIEW team_desk_versions_v WITH (security_barrier = true) AS
    SELECT workspace_id, login, version, seen_at FROM team_desk_version
    WHERE workspace_id = ANY ((SELECT team_workspaces())::text[]);
CREATE OR REPLACE VIEW team_settings_v AS
    SELECT workspace_id, four_eyes, resend_limit, desk_version_needed FROM team_setting;

CREATE OR REPLACE FUNCTION team_schema_version() RETURNS integer
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$ SELECT 12 $$;

REVOKE ALL ON FUNCTION team_semver_ok(text) FROM PUBLIC;

DO $$
DECLARE
    grp text := current_database() || '_member';
BEGIN
    EXECUTE format('GRANT SELECT ON team_desk_versions_v TO %I', grp);
    EXECUTE format('GRANT EXECUTE ON FUNCTION team_desk_seen(text, text) TO %I', grp);
    EXECUTE format('GRANT EXECUTE ON FUNCTION team_set_desk_version_needed(text, text) TO %I', grp);
END $$;

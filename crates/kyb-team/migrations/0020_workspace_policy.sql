-- The one rule every workspace table follows, in one place: a row is read and written
-- only by the members of its workspace (or in the owner's session), for every role,
-- the table's owner included (FORCE). A new table calls team_protect('its_name') in its
-- migration instead of writing the block again; this migration gives every table that
-- had the block its policy from here, unchanged.
--
-- Members reach these tables only through the functions (run as the owner) and the
-- views (owned by the owner), so team_member is read with the owner's rights; a login
-- without them is refused, not let through. Each subquery runs once per statement, not
-- once a row, and session_user is read once.

CREATE FUNCTION team_protect(p_table text) RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    rule constant text := '(workspace_id = ANY (ARRAY(SELECT m.workspace_id FROM team_member m
                                                       WHERE m.login = (SELECT session_user)))
                            OR (SELECT team_owner_session()))';
BEGIN
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', p_table);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', p_table);
    EXECUTE format('DROP POLICY IF EXISTS %I ON %I', p_table || '_workspace', p_table);
    EXECUTE format('CREATE POLICY %I ON %I USING %s WITH CHECK %s',
                   p_table || '_workspace', p_table, rule, rule);
END $$;
REVOKE ALL ON FUNCTION team_protect(text) FROM PUBLIC;

SELECT team_protect(t)
FROM unnest(ARRAY['team_file', 'team_claim', 'team_note', 'team_audit', 'team_audit_head',
                  'team_setting', 'team_approval', 'team_checkpoint', 'team_sla_policy',
                  'team_status_history', 'team_saved_view', 'team_mention',
                  'team_desk_version', 'team_call_key', 'team_list', 'team_list_chunk',
                  'team_file_risk']) AS t;

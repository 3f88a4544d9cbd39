-- The analyst's disposition of a watchlist hit (a true match or a false positive, and
-- why) is an event of the team's trail, stamped with the login that called, as an
-- acknowledgement is.
CREATE FUNCTION team_hit_disposed(p_workspace text, p_document text, p_summary text)
RETURNS bigint LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    PERFORM team_me(p_workspace);
    RETURN team_event(p_workspace, 'hit-disposed', lower(team_text(p_document, 100)),
                      team_text(p_summary, 2000, true));
END $$;

DO $$
DECLARE
    grp text := current_database() || '_member';
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION team_hit_disposed(text, text, text) TO %I', grp);
END $$;

CREATE OR REPLACE FUNCTION team_schema_version() RETURNS integer
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$ SELECT 17 $$;

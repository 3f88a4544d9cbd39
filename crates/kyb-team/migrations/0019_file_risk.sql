-- The risk a review found on a file, shared: each desk tells the team what its last
-- review (or a list's import) judged of a file, so that every desk's queue can rank the
-- files by risk, a supervisor's too, who has not reviewed them. The judgement is the
-- desk's (the evidence and the lists are read in Rust); the database keeps the newest
-- judgement of each file, who made it and when (`checked_by`, the database's name).
--
-- * any member of the workspace tells it (`team_set_risks`); the teller is the
--   database's `session_user`, and a judgement dated in the future counts as now, so a
--   forged date cannot pin a risk for ever;
-- * an older judgement never replaces a newer one;
-- * a member reads the risks of their workspaces (`team_file_risks_v`).
--
-- Decided here: the shared risk ranks and filters the queue; it is no control. Every
-- acknowledgement a high finding asks for is the reviewing desk's own, from the
-- evidence it gathered itself, so a member who tells a low risk hides a file from no
-- gate, only from a ranking, and the database keeps their login beside it.

CREATE TABLE team_file_risk (
    workspace_id text NOT NULL,
    document_id  text NOT NULL CHECK (document_id ~ '^[0-9a-f-]{1,100}$'),
    level        text CHECK (level IN ('high', 'medium', 'low')),
    findings     integer NOT NULL CHECK (findings >= 0),
    hits         integer NOT NULL CHECK (hits >= 0),
    checked_at   timestamptz NOT NULL,
    checked_by   text NOT NULL,
    PRIMARY KEY (workspace_id, document_id)
);

ALTER TABLE team_file_risk ENABLE ROW LEVEL SECURITY;
ALTER TABLE team_file_risk FORCE ROW LEVEL SECURITY;
CREATE POLICY team_file_risk_workspace ON team_file_risk
    USING (workspace_id = ANY (ARRAY(SELECT m.workspace_id FROM team_member m
                                     WHERE m.login = (SELECT session_user)))
           OR (SELECT team_owner_session()))
    WITH CHECK (workspace_id = ANY (ARRAY(SELECT m.workspace_id FROM team_member m
                                          WHERE m.login = (SELECT session_user)))
                OR (SELECT team_owner_session()));

-- Tells the team the risks this desk judged, one row per file (arrays of one length);
-- answers how many were newer than the team's.
CREATE FUNCTION team_set_risks(p_workspace text, p_documents text[], p_levels text[],
                               p_findings integer[], p_hits integer[], p_checked text[])
RETURNS bigint LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    n integer := coalesce(array_length(p_documents, 1), 0);
    changed bigint;
BEGIN
    PERFORM team_me(p_workspace);
    IF n > 10000 OR coalesce(array_length(p_levels, 1), 0) <> n
       OR coalesce(array_length(p_findings, 1), 0) <> n
       OR coalesce(array_length(p_hits, 1), 0) <> n
       OR coalesce(array_length(p_checked, 1), 0) <> n THEN
        PERFORM team_raise('KY024', 'the risks are arrays of one length, at most 10000');
    END IF;
    -- A date is a real instant of this century: '-infinity' would sort before every
    -- judgement and read back as no date at all.
    IF EXISTS (SELECT 1 FROM unnest(p_checked) AS c
               WHERE c IS NULL OR NOT isfinite(c::timestamptz) OR c::timestamptz < '2000-01-01') THEN
        PERFORM team_raise('KY024', 'a judgement is dated after 2000');
    END IF;
    WITH told AS (
        SELECT DISTINCT ON (lower(d)) lower(d) AS document_id, l AS level, f AS findings,
               h AS hits, least(c::timestamptz, now()) AS checked_at
        FROM unnest(p_documents, p_levels, p_findings, p_hits, p_checked) AS t(d, l, f, h, c)
        ORDER BY lower(d), c::timestamptz DESC
    ), kept AS (
        INSERT INTO team_file_risk AS r (workspace_id, document_id, level, findings, hits,
                                         checked_at, checked_by)
        SELECT p_workspace, document_id, level, findings, hits, checked_at, session_user FROM told
        ON CONFLICT (workspace_id, document_id) DO UPDATE
            SET level = EXCLUDED.level, findings = EXCLUDED.findings, hits = EXCLUDED.hits,
                checked_at = EXCLUDED.checked_at, checked_by = EXCLUDED.checked_by
            WHERE r.checked_at < EXCLUDED.checked_at
        RETURNING 1
    )
    SELECT count(*) INTO changed FROM kept;
    RETURN changed;
END $$;

CREATE VIEW team_file_risks_v WITH (security_barrier = true) AS
    SELECT workspace_id, document_id, level, findings, hits, checked_at, checked_by
    FROM team_file_risk;

CREATE OR REPLACE FUNCTION team_schema_version() RETURNS integer
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$ SELECT 19 $$;

DO $$
DECLARE
    grp text := current_database() || '_member';
BEGIN
    EXECUTE format('GRANT SELECT ON team_file_risks_v TO %I', grp);
    EXECUTE format('GRANT EXECUTE ON FUNCTION team_set_risks(text, text[], text[], integer[], integer[], text[]) TO %I', grp);
END $$;

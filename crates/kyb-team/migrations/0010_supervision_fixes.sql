-- Fixes found by attacking issue 32's team changes (0006 to 0009) as a member of the
-- team (tests/attacks_supervision.rs). Those migrations are not edited: a database
-- that ran them does not run them again.
--
-- 1. A status's time is the one a desk tells (the service's UpdatedAtUTC), and 0007's
--    status history dates each span with it. Any member could tell 'infinity': no
--    later time is newer (0004), so the file's status stayed as that member said for
--    the whole team, and the history's time, which to_char writes as no text, failed
--    every desk's SLA board. A time ahead started a file's clock in the future (its
--    breach hidden from the supervisor), and one before Christ reads as a year ahead
--    ('4713 BC' is written '4713'). Now a time is a finite instant from 2000 on (else
--    KY007, the whole call refused), one ahead of the database's clock is taken as
--    now, the rows written before are repaired, and the tables refuse such times.
-- 2. A view that keeps rows out by its own WHERE (beyond row-level security) is a
--    security barrier: without it, the planner may test a member's condition first,
--    and a condition that fails on a value ("WHERE email::boolean") names the value
--    in its error. team_members_v read team_member with the owner's rights, so a
--    member read the logins and e-mails of every other workspace. The same for
--    others' unshared views (team_saved_views_v) and mentions (team_mentions_v).
-- 3. Who asks is checked before what they send is looked at: team_set_sla_policy and
--    team_save_view checked the JSON and the name first, so an analyst was told the
--    policy's shape (KY007) rather than KY002, and anyone made the server check a
--    payload before being told they are no member.

-- 1. Status times.

-- The one rule of a status's time as the queue keeps it.
CREATE FUNCTION team_status_time_ok(p_at timestamptz) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
    SELECT p_at IS NULL OR (isfinite(p_at) AND p_at >= '2000-01-01T00:00:00Z'::timestamptz)
$$;

CREATE OR REPLACE FUNCTION team_checked_files(p_flow_ids text[], p_rfcs text[], p_statuses text[],
                                              p_document_ids text[], p_updated_ats text[])
RETURNS TABLE (flow_id text, rfc text, status text, document_id text, updated_at timestamptz, n bigint)
LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    IF cardinality(p_flow_ids) > 10000 THEN
        PERFORM team_raise('KY012', 'at most 10000 files a call');
    END IF;
    IF cardinality(p_flow_ids) IS DISTINCT FROM cardinality(p_rfcs)
       OR cardinality(p_flow_ids) IS DISTINCT FROM cardinality(p_statuses)
       OR cardinality(p_flow_ids) IS DISTINCT FROM cardinality(p_document_ids)
       OR cardinality(p_flow_ids) IS DISTINCT FROM cardinality(p_updated_ats) THEN
        PERFORM team_raise('KY007', 'the columns differ in length');
    END IF;
    IF EXISTS (SELECT 1 FROM unnest(p_updated_ats) AS a WHERE NOT team_status_time_ok(a::timestamptz)) THEN
        PERFORM team_raise('KY007', 'a status''s time is an instant from 2000 on');
    END IF;
    RETURN QUERY
        SELECT team_text(f, 100), team_text(r, 20),
               CASE WHEN coalesce(s, '') = '' THEN '' ELSE team_text(s, 64) END,
               CASE WHEN d IS NULL THEN NULL ELSE lower(team_text(d, 100)) END,
               -- A clock ahead of the database's (or a desk's lie) is not the future.
               CASE WHEN a IS NULL THEN NULL ELSE least(a::timestamptz, now()) END,
               t.n
        FROM unnest(p_flow_ids, p_rfcs, p_statuses, p_document_ids, p_updated_ats)
            WITH ORDINALITY AS t(f, r, s, d, a, n);
END $$;

-- What was told before: a time that is no instant of the service's is none (any dated
-- status replaces it), one ahead is now; the history's spans from then on the same.
UPDATE team_file SET status_updated_at = CASE
        WHEN team_status_time_ok(status_updated_at) THEN least(status_updated_at, now()) END
    WHERE NOT team_status_time_ok(status_updated_at) OR status_updated_at > now();
UPDATE team_status_history SET since = now()
    WHERE NOT team_status_time_ok(since) OR since > now();
ALTER TABLE team_file ADD CONSTRAINT team_file_status_time CHECK (team_status_time_ok(status_updated_at));
ALTER TABLE team_status_history ADD CONSTRAINT team_status_history_time
    CHECK (since IS NOT NULL AND team_status_time_ok(since));

-- 2. The views that choose rows themselves.

ALTER VIEW team_members_v SET (security_barrier = true);
ALTER VIEW team_saved_views_v SET (security_barrier = true);
ALTER VIEW team_mentions_v SET (security_barrier = true);

-- 3. Who asks, first (the rest as 0007 and 0008 wrote them).

CREATE OR REPLACE FUNCTION team_set_sla_policy(p_workspace text, p_policy jsonb)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_policy jsonb;
BEGIN
    PERFORM team_supervisor(p_workspace);
    v_policy := team_sla_policy_shape(p_policy);
    INSERT INTO team_sla_policy (workspace_id, policy, updated_by, updated_at)
        VALUES (p_workspace, v_policy, session_user, now())
        ON CONFLICT (workspace_id) DO UPDATE
        SET policy = EXCLUDED.policy, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at;
END $$;

CREATE OR REPLACE FUNCTION team_save_view(p_workspace text, p_name text, p_filter jsonb, p_shared boolean)
RETURNS bigint LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    caller text := session_user;
    v_name text;
    v_filter jsonb;
    v_id bigint;
BEGIN
    PERFORM team_me(p_workspace);
    v_name := team_text(p_name, 80);
    v_filter := team_view_filter(p_filter);
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

CREATE OR REPLACE FUNCTION team_schema_version() RETURNS integer
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$ SELECT 10 $$;

-- No new grant: the functions replaced keep theirs, and team_status_time_ok is the
-- database's own (default privileges give members nothing).
REVOKE ALL ON FUNCTION team_status_time_ok(timestamptz) FROM PUBLIC;

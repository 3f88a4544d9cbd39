-- Workload (issue 32, 2): each member's cap on open files, "no disponible hasta …",
-- and a supervisor's bulk reassignment after a preview.
--
-- * A member's open files are the queue's files assigned to them or under their
--   running claim, in a status that is not final (Aceptado, Finalizado: kyb_api's
--   FileStatus::is_final, which a test compares with team_status_final).
-- * "Take next" and a supervisor's assignment give a member nothing past their cap
--   (KY016, DETAIL "login|open|cap") and nothing while they are away (KY017, DETAIL
--   "login|until"). Both lock the member's row first, so that calls for one member
--   count one after another (20 desks of one member asking at once get exactly the
--   cap) while other members' calls go on.
-- * Away, their assigned files go back to the queue and their claims end at once.
-- * A bulk reassignment is applied only as previewed: every file still where the
--   preview saw it (else KY009, DETAIL "reassign|flow / rfc|assignee now", and nothing
--   changes), every target present and under their cap.
-- Locks are always taken members first (in login order), then files: never a cycle.

ALTER TABLE team_member ADD COLUMN cap integer NOT NULL DEFAULT 15 CHECK (cap BETWEEN 1 AND 100);
ALTER TABLE team_member ADD COLUMN away_until timestamptz;
CREATE INDEX team_file_assignee ON team_file (workspace_id, assignee) WHERE assignee IS NOT NULL;
CREATE INDEX team_claim_member ON team_claim (workspace_id, member);

-- The one rule of which statuses end a file's work, as kyb_api has it.
CREATE FUNCTION team_status_final(p_status text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
    SELECT lower(btrim(coalesce(p_status, ''))) IN ('aceptado', 'finalizado')
$$;

CREATE FUNCTION team_instant(p_at timestamptz) RETURNS text
LANGUAGE sql STABLE AS $$
    SELECT to_char(p_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
$$;

-- A file as the trail names it: its DocumentId once known, else flow / RFC.
CREATE FUNCTION team_file_target(f team_file) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
    SELECT coalesce(f.document_id, f.flow_id || ' / ' || f.rfc)
$$;

-- Whether a file counts as one of `p_login`'s open files.
CREATE FUNCTION team_counts_for(f team_file, p_login text) RETURNS boolean
LANGUAGE sql STABLE SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT NOT team_status_final(f.status) AND (f.assignee = p_login OR EXISTS (
        SELECT 1 FROM team_claim c WHERE c.workspace_id = f.workspace_id AND c.member = p_login
            AND c.document_id = f.document_id AND c.lease_until > now()))
$$;

CREATE FUNCTION team_open_files(p_workspace text, p_login text) RETURNS bigint
LANGUAGE sql STABLE SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT count(*) FROM team_file f
    WHERE f.workspace_id = p_workspace AND NOT team_status_final(f.status)
      AND (f.assignee = p_login OR EXISTS (
          SELECT 1 FROM team_claim c WHERE c.workspace_id = p_workspace AND c.member = p_login
              AND c.document_id = f.document_id AND c.lease_until > now()))
$$;

-- A member's row, locked: their workload changes one call at a time. KY001 when the
-- login is no member of the workspace (whatever text a desk sent: it is only compared).
CREATE FUNCTION team_member_locked(p_workspace text, p_login text) RETURNS team_member
LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    m team_member;
BEGIN
    SELECT * INTO m FROM team_member WHERE workspace_id = p_workspace AND login = p_login FOR UPDATE;
    IF NOT FOUND THEN
        PERFORM team_raise('KY001', 'not a member of the team', coalesce(p_login, ''));
    END IF;
    RETURN m;
END $$;

-- Whether `m` (locked) may get `p_incoming` more open files: not while away (KY017),
-- never past the cap (KY016).
CREATE FUNCTION team_check_free(m team_member, p_incoming bigint) RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    open bigint;
BEGIN
    IF m.away_until > now() THEN
        PERFORM team_raise('KY017', 'the member is away', m.login || '|' || team_instant(m.away_until));
    END IF;
    IF p_incoming > 0 THEN
        open := team_open_files(m.workspace_id, m.login);
        IF open + p_incoming > m.cap THEN
            PERFORM team_raise('KY016', 'the member is at their cap of open files',
                m.login || '|' || open || '|' || m.cap);
        END IF;
    END IF;
END $$;

-- "Take next", within the caller's cap and never while away. The member's own desks
-- wait for each other on their row (each call holds it a moment): longer than the
-- desks' lock_timeout, which is for a lock another member holds.
CREATE OR REPLACE FUNCTION team_take_next(p_workspace text)
RETURNS TABLE (flow_id text, rfc text, status text, document_id text, assignee text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp
SET lock_timeout = '10s' AS $$
BEGIN
    PERFORM team_me(p_workspace);
    PERFORM team_check_free(team_member_locked(p_workspace, session_user), 1);
    RETURN QUERY
    WITH next AS (
        SELECT t.workspace_id, t.flow_id, t.rfc FROM team_file t
        WHERE t.workspace_id = p_workspace AND t.assignee IS NULL
        ORDER BY t.status_since, t.flow_id, t.rfc
        LIMIT 1
        FOR UPDATE SKIP LOCKED
    )
    UPDATE team_file f SET assignee = session_user, assigned_at = now()
    FROM next
    WHERE f.workspace_id = next.workspace_id AND f.flow_id = next.flow_id AND f.rfc = next.rfc
    RETURNING f.flow_id, f.rfc, f.status, f.document_id, f.assignee;
END $$;

-- A supervisor gives a file to a member (present and under their cap) or back to the
-- queue; a member gives back their own. A change is in the trail: "asignado: a → b".
CREATE OR REPLACE FUNCTION team_assign(p_workspace text, p_flow_id text, p_rfc text, p_login text)
RETURNS boolean LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    me team_member := team_me(p_workspace);
    target team_member;
    file team_file;
BEGIN
    IF p_login IS NOT NULL THEN
        IF me.role <> 'supervisor' THEN
            PERFORM team_raise('KY002', 'only a supervisor may do this');
        END IF;
        target := team_member_locked(p_workspace, p_login);
    END IF;
    SELECT * INTO file FROM team_file t
        WHERE t.workspace_id = p_workspace AND t.flow_id = btrim(p_flow_id) AND t.rfc = btrim(p_rfc)
        FOR UPDATE;
    IF NOT FOUND OR (me.role <> 'supervisor' AND file.assignee IS DISTINCT FROM session_user) THEN
        IF me.role <> 'supervisor' THEN
            PERFORM team_raise('KY002', 'only a supervisor may do this');
        END IF;
        RETURN false;
    END IF;
    IF file.assignee IS NOT DISTINCT FROM p_login THEN
        RETURN true;
    END IF;
    IF p_login IS NOT NULL THEN
        PERFORM team_check_free(target, CASE WHEN team_counts_for(file, p_login) THEN 0 ELSE 1 END);
    END IF;
    UPDATE team_file t SET assignee = p_login,
        assigned_at = CASE WHEN p_login IS NULL THEN NULL ELSE now() END
        WHERE t.workspace_id = p_workspace AND t.flow_id = file.flow_id AND t.rfc = file.rfc;
    PERFORM team_event(p_workspace, 'assigned', team_file_target(file),
        'asignado: ' || coalesce(file.assignee, 'cola') || ' → ' || coalesce(p_login, 'cola'));
    RETURN true;
END $$;

-- A supervisor sets a member's cap (1 to 100 open files).
CREATE FUNCTION team_set_cap(p_workspace text, p_login text, p_cap integer)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    m team_member;
BEGIN
    PERFORM team_supervisor(p_workspace);
    IF p_cap IS NULL OR p_cap < 1 OR p_cap > 100 THEN
        PERFORM team_raise('KY007', 'a cap is 1 to 100 open files');
    END IF;
    m := team_member_locked(p_workspace, p_login);
    IF m.cap = p_cap THEN
        RETURN;
    END IF;
    UPDATE team_member SET cap = p_cap WHERE workspace_id = p_workspace AND login = m.login;
    PERFORM team_event(p_workspace, 'cap-set', m.login,
        'tope de expedientes abiertos: ' || m.cap || ' → ' || p_cap);
END $$;

-- A member (themselves) or a supervisor marks a member away until an instant (at most
-- a year ahead; none: available again). Away, their assigned files go back to the
-- queue and their claims end, each file's change in the trail.
CREATE FUNCTION team_set_away(p_workspace text, p_login text, p_until timestamptz)
RETURNS bigint LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    me team_member := team_me(p_workspace);
    m team_member;
    f team_file;
    returned bigint := 0;
    ended bigint;
    before text;
BEGIN
    IF p_login IS DISTINCT FROM session_user AND me.role <> 'supervisor' THEN
        PERFORM team_raise('KY002', 'only a supervisor may do this');
    END IF;
    IF p_until IS NOT NULL AND (p_until <= now() OR p_until > now() + interval '366 days') THEN
        PERFORM team_raise('KY007', 'away until an instant ahead, at most a year');
    END IF;
    m := team_member_locked(p_workspace, p_login);
    before := CASE WHEN m.away_until > now() THEN 'hasta ' || team_instant(m.away_until) ELSE 'disponible' END;
    UPDATE team_member SET away_until = p_until WHERE workspace_id = p_workspace AND login = m.login;
    IF p_until IS NOT NULL THEN
        FOR f IN SELECT * FROM team_file t WHERE t.workspace_id = p_workspace AND t.assignee = m.login
                 ORDER BY t.flow_id, t.rfc FOR UPDATE LOOP
            UPDATE team_file t SET assignee = NULL, assigned_at = NULL
                WHERE t.workspace_id = p_workspace AND t.flow_id = f.flow_id AND t.rfc = f.rfc;
            PERFORM team_event(p_workspace, 'assigned', team_file_target(f),
                'asignado: ' || m.login || ' → cola (no disponible)');
            returned := returned + 1;
        END LOOP;
        DELETE FROM team_claim c WHERE c.workspace_id = p_workspace AND c.member = m.login;
        GET DIAGNOSTICS ended = ROW_COUNT;
    END IF;
    PERFORM team_event(p_workspace, 'away-set', m.login,
        'no disponible: ' || before || ' → '
        || CASE WHEN p_until IS NULL THEN 'disponible' ELSE 'hasta ' || team_instant(p_until) END
        || CASE WHEN p_until IS NULL THEN ''
                ELSE '; ' || returned || ' asignados a la cola, ' || coalesce(ended, 0) || ' reservas terminadas' END);
    RETURN returned;
END $$;

-- A supervisor's bulk reassignment, as previewed: file i (flow, RFC), which the
-- preview saw with `p_from[i]` (null: in the queue), goes to `p_to[i]`. All or
-- nothing: a file no longer where it was shown (KY009), a target who is no member
-- (KY001), away (KY017) or would pass their cap (KY016) refuses the whole plan. How
-- many files moved.
CREATE FUNCTION team_reassign(p_workspace text, p_flow_ids text[], p_rfcs text[],
                              p_from text[], p_to text[])
RETURNS bigint LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    n integer := coalesce(cardinality(p_flow_ids), 0);
    v_flow text[];
    v_rfc text[];
    v_was text[];
    v_goes text[];
    target team_member;
    f team_file;
    r record;
    moved bigint := 0;
BEGIN
    PERFORM team_supervisor(p_workspace);
    IF n = 0 OR n IS DISTINCT FROM cardinality(p_rfcs) OR n IS DISTINCT FROM cardinality(p_from)
       OR n IS DISTINCT FROM cardinality(p_to) THEN
        PERFORM team_raise('KY007', 'a plan names each file, where it was and where it goes');
    END IF;
    IF n > 1000 THEN
        PERFORM team_raise('KY012', 'at most 1000 files a plan');
    END IF;
    SELECT array_agg(btrim(u.fl) ORDER BY u.i), array_agg(btrim(u.rf) ORDER BY u.i),
           array_agg(nullif(btrim(u.wa), '') ORDER BY u.i), array_agg(btrim(u.go) ORDER BY u.i)
        INTO v_flow, v_rfc, v_was, v_goes
        FROM unnest(p_flow_ids, p_rfcs, p_from, p_to) WITH ORDINALITY AS u(fl, rf, wa, go, i);
    IF array_position(v_flow, NULL) IS NOT NULL OR array_position(v_rfc, NULL) IS NOT NULL
       OR array_position(v_goes, NULL) IS NOT NULL OR '' = ANY (v_goes)
       OR (SELECT count(DISTINCT (u.fl, u.rf)) FROM unnest(v_flow, v_rfc) AS u(fl, rf)) <> n THEN
        PERFORM team_raise('KY007', 'a plan names each file once, and whom it goes to');
    END IF;
    -- Members first, in one order; then the files, in one order.
    FOR r IN SELECT DISTINCT u.goes FROM unnest(v_goes) AS u(goes) ORDER BY u.goes LOOP
        PERFORM team_check_free(team_member_locked(p_workspace, r.goes), 0);
    END LOOP;
    FOR r IN SELECT u.fl, u.rf, u.wa FROM unnest(v_flow, v_rfc, v_was) AS u(fl, rf, wa)
             ORDER BY u.fl, u.rf LOOP
        SELECT * INTO f FROM team_file t
            WHERE t.workspace_id = p_workspace AND t.flow_id = r.fl AND t.rfc = r.rf FOR UPDATE;
        IF NOT FOUND OR f.assignee IS DISTINCT FROM r.wa THEN
            PERFORM team_raise('KY009', 'the file is not where the preview saw it',
                'reassign|' || r.fl || ' / ' || r.rf || '|' || coalesce(f.assignee, ''));
        END IF;
    END LOOP;
    -- Each target's open files now, and those the plan brings that are not theirs yet.
    FOR r IN SELECT u.go, count(*) FILTER (WHERE NOT team_counts_for(t, u.go)) AS incoming
             FROM unnest(v_flow, v_rfc, v_goes) AS u(fl, rf, go)
             JOIN team_file t ON t.workspace_id = p_workspace AND t.flow_id = u.fl AND t.rfc = u.rf
             WHERE NOT team_status_final(t.status)
             GROUP BY u.go ORDER BY u.go LOOP
        SELECT * INTO target FROM team_member m WHERE m.workspace_id = p_workspace AND m.login = r.go;
        PERFORM team_check_free(target, r.incoming);
    END LOOP;
    FOR r IN SELECT u.fl, u.rf, u.wa, u.go FROM unnest(v_flow, v_rfc, v_was, v_goes) AS u(fl, rf, wa, go)
             WHERE u.wa IS DISTINCT FROM u.go ORDER BY u.fl, u.rf LOOP
        UPDATE team_file t SET assignee = r.go, assigned_at = now()
            WHERE t.workspace_id = p_workspace AND t.flow_id = r.fl AND t.rfc = r.rf
            RETURNING * INTO f;
        PERFORM team_event(p_workspace, 'assigned', team_file_target(f),
            'asignado: ' || coalesce(r.wa, 'cola') || ' → ' || r.go);
        moved := moved + 1;
    END LOOP;
    RETURN moved;
END $$;

-- Each member's workload as the Team screen shows it: cap, away until (only while it
-- runs) and open files now.
CREATE FUNCTION team_workload(p_workspace text)
RETURNS TABLE (login text, email text, role text, cap integer, away_until text, open bigint)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    PERFORM team_me(p_workspace);
    RETURN QUERY
        SELECT m.login, m.email, m.role, m.cap,
               CASE WHEN m.away_until > now() THEN team_instant(m.away_until) END,
               team_open_files(p_workspace, m.login)
        FROM team_member m
        WHERE m.workspace_id = p_workspace AND m.login IS NOT NULL
        ORDER BY m.login;
END $$;

CREATE OR REPLACE FUNCTION team_schema_version() RETURNS integer
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$ SELECT 6 $$;

DO $$
DECLARE
    grp text := current_database() || '_member';
    f text;
BEGIN
    FOREACH f IN ARRAY ARRAY[
        'team_set_cap(text, text, integer)', 'team_set_away(text, text, timestamptz)',
        'team_reassign(text, text[], text[], text[], text[])', 'team_workload(text)'] LOOP
        EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO %I', f, grp);
    END LOOP;
END $$;

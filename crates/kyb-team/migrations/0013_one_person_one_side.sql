-- Four eyes against one person holding both sides, and no member holding the team's
-- locks for long. Until now:
--
-- * A supervisor who made (or reset) an analyst's login had its one-time password:
--   she could sign in as the analyst, ask for a cancellation, approve it as herself and
--   send it. Only the opposite direction (an approver whose password the asker issued)
--   was refused. Nor was the common route: one supervisor making two logins, a
--   supervisor and an analyst, and acting as both.
-- * A member's open transaction held the trail's head (or the workspace's row) for as
--   long as they liked: the 3 s and 15 s limits were set only by the desks, and psql
--   sets its own. A supervisor removing or demoting that member waited on the same row.
--
-- Now:
--
-- * Who can hold a login's current credentials (team_credential_holders): the login,
--   and whoever issued its password (made it or reset it; a password the member chose
--   since descends from that one-time password, which its issuer had), and so on up
--   the chain of issuers. The database's owner (the set-up: IT, who can rewrite the
--   schema anyway) ends the chain. A directory's login, bound, has no issuer here.
--   A request is decided only by a supervisor none of whose holders is among the
--   asker's (KY004, DETAIL the login both sides share).
-- * A member login gets the server's limits at its making or binding, and every member
--   login has them from this migration on (team_admin.team_login_limits). A member can
--   still SET them in their own session, so the limit is also enforced from the waiting
--   side (team_wait_for_row): whoever finds the trail's head or the workspace's row
--   locked waits in short steps, and ends the holder's transaction once it has been
--   open longer than team_hold_limit() (team_admin.team_end_holder: the holder is found
--   by the row's xmax, nobody else is touched). A member who takes the row again and
--   again, each time for less than the limit, is queued behind the waiters: they get
--   the row in turn, within the limit. A desk's transactions hold these rows for
--   milliseconds.
-- * A removal or a role change ends the target's transactions before it takes the
--   workspace's row: nothing they hold is waited on. A login no other workspace keeps
--   has all its sessions ended (as before, but first).

-- The longest a member's transaction may hold what the others wait on.
CREATE FUNCTION team_hold_limit() RETURNS interval
LANGUAGE sql IMMUTABLE AS $$ SELECT interval '5 seconds' $$;

-- Takes the lock of `p_table`'s row of the workspace (the trail's head, the workspace's
-- setting), which another transaction holds: in steps of half a second, each after
-- ending the holder if it has held the row longer than the limit, for at most the limit
-- and three seconds (then lock_not_available, as a lock timeout: "busy"). The caller's
-- own lock timeout is put back. Only this, the slow path, pays for the steps'
-- subtransactions.
CREATE FUNCTION team_wait_for_row(p_table text, p_workspace text) RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    started timestamptz := clock_timestamp();
    own_timeout text := current_setting('lock_timeout');
    holder xid;
BEGIN
    IF p_table NOT IN ('team_audit_head', 'team_setting') THEN
        RAISE EXCEPTION 'not a row the team waits on: %', p_table;
    END IF;
    LOOP
        EXECUTE format('SELECT xmax FROM %I WHERE workspace_id = $1', p_table) INTO holder USING p_workspace;
        PERFORM team_admin.team_end_holder(holder, team_hold_limit());
        PERFORM set_config('lock_timeout', '500ms', true);
        BEGIN
            EXECUTE format('SELECT 1 FROM %I WHERE workspace_id = $1 FOR UPDATE', p_table) USING p_workspace;
            PERFORM set_config('lock_timeout', own_timeout, true);
            RETURN;
        EXCEPTION WHEN lock_not_available THEN
            IF clock_timestamp() - started > team_hold_limit() + interval '3 seconds' THEN
                PERFORM set_config('lock_timeout', own_timeout, true);
                RAISE;
            END IF;
        END;
    END LOOP;
END $$;
REVOKE ALL ON FUNCTION team_wait_for_row(text, text) FROM PUBLIC;

-- The logins whose holder could also hold `p_login`'s current credentials, `p_login`
-- included (see above). UNION keeps each login once, so a chain of any length ends, a
-- cycle too. An issuer whose role was dropped since still counts as a holder.
CREATE FUNCTION team_credential_holders(p_login text) RETURNS text[]
LANGUAGE sql STABLE SET search_path = pg_catalog, public, pg_temp AS $$
    WITH RECURSIVE holder(login) AS (
        SELECT p_login
        UNION
        SELECT l.issued_by
        FROM holder h JOIN team_login l ON l.login = h.login
        WHERE l.issued_by IS NOT NULL
          AND NOT EXISTS (
              SELECT 1 FROM pg_roles r, pg_database d
              WHERE r.rolname = l.issued_by AND d.datname = current_database()
                AND pg_has_role(r.oid, d.datdba, 'MEMBER'))
    )
    SELECT array_agg(login) FROM holder
$$;

-- A new one-time password for a member (a new desk, a forgotten password), as before,
-- and never for a login among those who could hold the caller's own credentials: two
-- logins one supervisor made could otherwise reset each other in turn until neither
-- chain led back to her.
CREATE OR REPLACE FUNCTION team_reset_password(p_workspace text, p_login text)
RETURNS text LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    password text := team_new_password();
BEGIN
    PERFORM team_supervisor(p_workspace);
    IF NOT EXISTS (SELECT 1 FROM team_member WHERE workspace_id = p_workspace AND login = p_login) THEN
        PERFORM team_raise('KY001', 'not a member of the team', p_login);
    END IF;
    IF (SELECT made_in FROM team_login WHERE login = p_login) IS DISTINCT FROM p_workspace
       OR EXISTS (SELECT 1 FROM team_member WHERE login = p_login AND workspace_id <> p_workspace)
       OR (SELECT role FROM team_member WHERE workspace_id = p_workspace AND login = p_login) = 'supervisor'
       OR p_login = ANY (team_credential_holders(session_user)) THEN
        PERFORM team_raise('KY015', 'this login''s password is not this workspace''s to reset', p_login);
    END IF;
    PERFORM team_admin.team_login_reset(p_login, password, now() + interval '7 days');
    UPDATE team_login SET issued_by = session_user WHERE login = p_login;
    UPDATE team_member SET must_change = true WHERE login = p_login;
    PERFORM team_event(p_workspace, 'password-reset', p_login, 'contraseña de un solo uso nueva');
    RETURN password;
END $$;

-- Only a supervisor other than the one who asked decides, whose credentials nobody
-- who could hold the asker's could hold too, and only the request the desk showed:
-- its action, folio and requester are passed back and must match (KY009).
CREATE OR REPLACE FUNCTION team_decide_approval(p_workspace text, p_id bigint, p_approve boolean,
                                                p_action text, p_folio text, p_asked_by text)
RETURNS team_approval LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    current team_approval;
    result team_approval;
    shared text;
BEGIN
    PERFORM team_supervisor(p_workspace);
    SELECT * INTO current FROM team_approval WHERE workspace_id = p_workspace AND id = p_id FOR UPDATE;
    IF NOT FOUND OR current.state <> 'waiting' THEN
        PERFORM team_raise('KY005', 'the request is no longer waiting');
    END IF;
    IF current.asked_by = session_user THEN
        PERFORM team_raise('KY004', 'a request is approved by another member', session_user);
    END IF;
    SELECT h INTO shared
        FROM unnest(team_credential_holders(session_user)) h
        WHERE h = ANY (team_credential_holders(current.asked_by))
        ORDER BY h LIMIT 1;
    IF shared IS NOT NULL THEN
        PERFORM team_raise('KY004', 'one person could hold both the asker''s and the approver''s login', shared);
    END IF;
    IF current.action IS DISTINCT FROM p_action OR lower(current.folio) IS DISTINCT FROM lower(btrim(p_folio))
       OR current.asked_by IS DISTINCT FROM p_asked_by THEN
        PERFORM team_raise('KY009', 'the request is not the one shown',
            current.action || '|' || current.folio || '|' || current.asked_by);
    END IF;
    UPDATE team_approval SET state = CASE WHEN p_approve THEN 'approved' ELSE 'declined' END,
        decided_by = session_user, decided_at = now()
        WHERE workspace_id = p_workspace AND id = p_id RETURNING * INTO result;
    PERFORM team_event(p_workspace, CASE WHEN p_approve THEN 'approval-given' ELSE 'approval-declined' END,
        result.folio, team_action_words(result.action) || ' pedida por ' || result.asked_by);
    RETURN result;
END $$;

-- The owner's set-up issues a login to any member, a supervisor among them: a login
-- whose credentials no supervisor had, so that it can approve what the members that
-- supervisor made ask for. A new login's one-time password is returned; `p_bind` binds
-- a directory's login instead. Not granted to the members.
CREATE FUNCTION team_issue_login(p_workspace text, p_login text, p_email text, p_role text,
                                 p_bind boolean DEFAULT false)
RETURNS text LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    password text;
    v_login text := lower(btrim(p_login));
    v_email text := lower(btrim(p_email));
BEGIN
    IF NOT team_owner_session() THEN
        PERFORM team_raise('KY002', 'only the set-up issues logins this way');
    END IF;
    PERFORM team_text(p_workspace, 100);
    PERFORM team_check_member(v_login, v_email, p_role);
    PERFORM team_lock_workspace(p_workspace);
    IF EXISTS (SELECT 1 FROM team_member m WHERE m.workspace_id = p_workspace
               AND (m.login = v_login OR m.email = v_email)) THEN
        PERFORM team_raise('KY015', 'this login or e-mail is in the team already', v_login);
    END IF;
    password := team_login_join(p_workspace, v_login, p_bind);
    INSERT INTO team_member (workspace_id, email, role, set_by, login, must_change)
        VALUES (p_workspace, v_email, p_role, session_user, v_login, password IS NOT NULL);
    PERFORM team_event(p_workspace, 'member-added', v_login,
        v_email || ' como ' || team_role_words(p_role) || ' (puesta en marcha)');
    RETURN password;
END $$;
REVOKE ALL ON FUNCTION team_issue_login(text, text, text, text, boolean) FROM PUBLIC;

-- Member changes of a workspace one at a time: a row lock, which no member can take
-- by hand (members have no table rights). When another transaction holds the row, it
-- is waited for as team_wait_for_row says.
CREATE OR REPLACE FUNCTION team_lock_workspace(p_workspace text) RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    INSERT INTO team_setting (workspace_id) VALUES (p_workspace) ON CONFLICT DO NOTHING;
    PERFORM 1 FROM team_setting WHERE workspace_id = p_workspace FOR UPDATE SKIP LOCKED;
    IF NOT FOUND THEN
        PERFORM team_wait_for_row('team_setting', p_workspace);
    END IF;
END $$;

-- Appends an entry by the caller (`session_user`) at the database's time, chained
-- under the head row's lock. Internal: the members' functions below call it. The head
-- is tried without waiting first: only when another transaction holds it is it waited
-- for as team_wait_for_row says.
CREATE OR REPLACE FUNCTION team_append_in(p_workspace text, p_operation text, p_target text, p_summary text,
                                          p_ok boolean, p_code text, p_message text, p_completes bigint)
RETURNS bigint LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    last_seq bigint;
    prev text;
    at text;
    h text;
BEGIN
    SELECT seq, hash INTO last_seq, prev FROM team_audit_head WHERE workspace_id = p_workspace
        FOR UPDATE SKIP LOCKED;
    IF NOT FOUND THEN
        IF EXISTS (SELECT 1 FROM team_audit_head WHERE workspace_id = p_workspace) THEN
            PERFORM team_wait_for_row('team_audit_head', p_workspace);
        ELSE
            INSERT INTO team_audit_head (workspace_id, seq, hash)
                VALUES (p_workspace, 0, repeat('0', 64)) ON CONFLICT DO NOTHING;
        END IF;
        SELECT seq, hash INTO last_seq, prev FROM team_audit_head WHERE workspace_id = p_workspace FOR UPDATE;
    END IF;
    -- Read once the head is held, so that the chain's times never go back.
    at := to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
    h := team_entry_hash(p_workspace, last_seq + 1, at, session_user, p_operation, p_target,
                         p_summary, p_ok, p_code, p_message, p_completes, prev);
    INSERT INTO team_audit (workspace_id, seq, at_utc, member, operation, target, summary, ok,
                            code, message, completes, prev_hash, hash, format)
        VALUES (p_workspace, last_seq + 1, at, session_user, p_operation, p_target, p_summary, p_ok,
                p_code, p_message, p_completes, prev, h, 2);
    UPDATE team_audit_head SET seq = last_seq + 1, hash = h WHERE workspace_id = p_workspace;
    RETURN last_seq + 1;
END $$;

-- KY008 when `p_login` leaving the supervisors (`p_role` its new role, null when it
-- leaves the team) would leave the workspace without one. Checked before the target's
-- sessions end (a refused change ends nothing) and again under the workspace's lock.
CREATE FUNCTION team_keeps_a_supervisor(p_workspace text, p_login text, p_role text) RETURNS void
LANGUAGE plpgsql STABLE SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    IF p_role IS DISTINCT FROM 'supervisor' AND NOT EXISTS (
        SELECT 1 FROM team_member WHERE workspace_id = p_workspace AND role = 'supervisor' AND login <> p_login)
       AND EXISTS (SELECT 1 FROM team_member WHERE workspace_id = p_workspace AND login = p_login
                   AND role = 'supervisor') THEN
        PERFORM team_raise('KY008', 'the team''s last supervisor keeps the role');
    END IF;
END $$;
REVOKE ALL ON FUNCTION team_keeps_a_supervisor(text, text, text) FROM PUBLIC;

-- Removes a member: their claims end, their files go back to the queue, and, when no
-- workspace keeps them, their login leaves the members' group. Their sessions end
-- before anything is locked (all of them when no other workspace keeps the login,
-- else those in a transaction), so the removal never waits on what they hold.
CREATE OR REPLACE FUNCTION team_remove_member(p_workspace text, p_login text)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    gone team_member;
BEGIN
    PERFORM team_supervisor(p_workspace);
    SELECT * INTO gone FROM team_member WHERE workspace_id = p_workspace AND login = p_login;
    IF NOT FOUND THEN
        PERFORM team_raise('KY001', 'not a member of the team', p_login);
    END IF;
    PERFORM team_keeps_a_supervisor(p_workspace, p_login, NULL);
    IF p_login <> session_user THEN
        IF EXISTS (SELECT 1 FROM team_member WHERE login = p_login AND workspace_id <> p_workspace) THEN
            PERFORM team_admin.team_login_end_transactions(p_login);
        ELSE
            PERFORM team_admin.team_login_end_sessions(p_login);
        END IF;
    END IF;
    PERFORM team_lock_workspace(p_workspace);
    SELECT * INTO gone FROM team_member WHERE workspace_id = p_workspace AND login = p_login;
    IF NOT FOUND THEN
        PERFORM team_raise('KY001', 'not a member of the team', p_login);
    END IF;
    PERFORM team_keeps_a_supervisor(p_workspace, p_login, NULL);
    DELETE FROM team_member WHERE workspace_id = p_workspace AND login = p_login;
    DELETE FROM team_claim WHERE workspace_id = p_workspace AND member = p_login;
    UPDATE team_file SET assignee = NULL, assigned_at = NULL
        WHERE workspace_id = p_workspace AND assignee = p_login;
    PERFORM team_event(p_workspace, 'member-removed', p_login, gone.email);
    IF NOT EXISTS (SELECT 1 FROM team_member WHERE login = p_login) THEN
        PERFORM team_admin.team_login_revoke(p_login);
    END IF;
END $$;

-- A role change ends the target's transactions first, for the same reason; their desk
-- reconnects and reads its new role.
CREATE OR REPLACE FUNCTION team_set_role(p_workspace text, p_login text, p_role text)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    before text;
BEGIN
    PERFORM team_supervisor(p_workspace);
    IF p_role IS NULL OR p_role NOT IN ('analyst', 'agent', 'supervisor') THEN
        PERFORM team_raise('KY007', 'the role is not one of the team''s');
    END IF;
    IF NOT EXISTS (SELECT 1 FROM team_member WHERE workspace_id = p_workspace AND login = p_login) THEN
        PERFORM team_raise('KY001', 'not a member of the team', p_login);
    END IF;
    PERFORM team_keeps_a_supervisor(p_workspace, p_login, p_role);
    -- Only a real change ends anything: the same role again would end their work for
    -- nothing, as often as a supervisor liked.
    IF p_login <> session_user AND EXISTS (
        SELECT 1 FROM team_member WHERE workspace_id = p_workspace AND login = p_login AND role <> p_role) THEN
        PERFORM team_admin.team_login_end_transactions(p_login);
    END IF;
    PERFORM team_lock_workspace(p_workspace);
    SELECT role INTO before FROM team_member WHERE workspace_id = p_workspace AND login = p_login;
    IF NOT FOUND THEN
        PERFORM team_raise('KY001', 'not a member of the team', p_login);
    END IF;
    PERFORM team_keeps_a_supervisor(p_workspace, p_login, p_role);
    UPDATE team_member SET role = p_role, set_by = session_user, set_at = now()
        WHERE workspace_id = p_workspace AND login = p_login;
    PERFORM team_event(p_workspace, 'role-set', p_login,
        team_role_words(before) || ' → ' || team_role_words(p_role));
END $$;

CREATE OR REPLACE FUNCTION team_schema_version() RETURNS integer
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$ SELECT 13 $$;

REVOKE ALL ON FUNCTION team_hold_limit() FROM PUBLIC;
REVOKE ALL ON FUNCTION team_credential_holders(text) FROM PUBLIC;

-- Every member login has the server's limits from now on.
DO $$
DECLARE
    l text;
BEGIN
    FOR l IN SELECT DISTINCT login FROM team_member WHERE login IS NOT NULL LOOP
        IF team_admin.team_login_plain(l) THEN
            PERFORM team_admin.team_login_limits(l);
        END IF;
    END LOOP;
END $$;

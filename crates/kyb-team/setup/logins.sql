-- The set-up's first step, run once by the cluster's administrator (a superuser) in
-- the team's database, after creating it owned by the owner role (kyb_team::setup,
-- docs/OPERATIONS.md, "Setting a team's database up"). It makes the two roles the
-- team's schema needs, named after the database so that several teams share a cluster:
--
-- * `<database>_member`: the group every member's login belongs to. NOLOGIN; the
--   migrations give it EXECUTE on the team's functions and SELECT on its views.
-- * `<database>_directory`: NOLOGIN, no rights. IT grants it to the directory's logins
--   (LDAP, Kerberos) made for this team: only those can be bound as members.
-- * `<database>_admin`: NOLOGIN, the only role with CREATEROLE. It owns the schema
--   `team_admin` and the login functions in it, and nothing else; only the owner may run
--   them: the owner's functions call them after checking that a supervisor of the
--   workspace asks. No desk holds this role (on PostgreSQL 15 CREATEROLE can grant any
--   non-superuser role, pg_execute_server_program included), and each function only
--   ever grants the members' group, to a login name checked by a pattern and quoted with
--   %I. They live in a schema of their own and search nothing else (pg_catalog, every
--   call qualified): the owner, who owns `public`, cannot put a function of theirs in
--   their way and so borrow CREATEROLE.
--
-- It also closes the database to everyone but its owner and the members' group.

-- A prepared transaction (PREPARE TRANSACTION) outlives its session: a member could
-- leave one holding the trail's head, out of reach of the limit that ends a member's
-- transaction (team_wait_for_row ends sessions). The team needs the server's default,
-- none.
DO $$
BEGIN
    IF current_setting('max_prepared_transactions')::integer > 0 THEN
        RAISE EXCEPTION USING ERRCODE = 'KY022',
            MESSAGE = 'the team''s database needs max_prepared_transactions = 0 (a prepared transaction could hold the trail''s lock with no session to end)';
    END IF;
END $$;

DO $$
DECLARE
    db text := current_database();
    grp text := current_database() || '_member';
    adm text := current_database() || '_admin';
    dir text := current_database() || '_directory';
    own text := (SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = current_database());
    f text;
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = grp) THEN
        EXECUTE format('CREATE ROLE %I NOLOGIN', grp);
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = dir) THEN
        EXECUTE format('CREATE ROLE %I NOLOGIN', dir);
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = adm) THEN
        EXECUTE format('CREATE ROLE %I NOLOGIN CREATEROLE', adm);
    END IF;
    -- A removed member's sessions end at once, and a member transaction that holds the
    -- team's locks too long is ended: when it began is read from pg_stat_activity, whose
    -- transaction times are shown only to a reader of all statistics.
    EXECUTE format('GRANT pg_signal_backend TO %I', adm);
    EXECUTE format('GRANT pg_read_all_stats TO %I', adm);
    EXECUTE format('REVOKE CONNECT, TEMPORARY ON DATABASE %I FROM PUBLIC', db);
    EXECUTE format('GRANT CONNECT ON DATABASE %I TO %I', db, own);
    EXECUTE format('GRANT CONNECT ON DATABASE %I TO %I', db, grp);
    REVOKE CREATE ON SCHEMA public FROM PUBLIC;
    EXECUTE format('CREATE SCHEMA IF NOT EXISTS team_admin AUTHORIZATION %I', adm);
    REVOKE ALL ON SCHEMA team_admin FROM PUBLIC;
    EXECUTE format('GRANT USAGE ON SCHEMA team_admin TO %I', own);
    -- Advisory locks are the team functions' own (one note, one outcome, one list at a
    -- time; the mark of a row's holder, team_hold_mark). A member with psql could take
    -- one of their keys for as long as their session lasts, and stop the others' calls
    -- or forge a mark: only the owner (whose functions the members call, and whose
    -- migrations take one) and the admin role may take them in this database.
    FOR f IN SELECT p.oid::regprocedure::text FROM pg_proc p
             WHERE p.pronamespace = 'pg_catalog'::regnamespace AND p.proname LIKE '%advisory%' LOOP
        EXECUTE format('REVOKE EXECUTE ON FUNCTION %s FROM PUBLIC', f);
        EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO %I, %I', f, own, adm);
    END LOOP;
END $$;

-- A login the team may manage: no superuser or other power, not the owner or the admin
-- role nor a member of them, and no predefined role (pg_*) through membership.
CREATE OR REPLACE FUNCTION team_admin.team_login_plain(p_login text) RETURNS boolean
LANGUAGE sql STABLE SET search_path = pg_catalog, pg_temp AS $$
    SELECT EXISTS (
        SELECT 1 FROM pg_roles r
        WHERE r.rolname = p_login AND r.rolcanlogin
          AND NOT (r.rolsuper OR r.rolcreaterole OR r.rolcreatedb OR r.rolreplication OR r.rolbypassrls)
          AND NOT pg_has_role(r.oid, (SELECT datdba FROM pg_database WHERE datname = current_database()), 'MEMBER')
          AND NOT pg_has_role(r.oid, current_database() || '_admin', 'MEMBER')
          -- No database's owner (this team's or another's), nor a member of one.
          AND NOT EXISTS (SELECT 1 FROM pg_database d WHERE pg_has_role(r.oid, d.datdba, 'MEMBER'))
          AND NOT EXISTS (
              SELECT 1 FROM pg_roles p
              WHERE p.rolname LIKE 'pg\_%' AND pg_has_role(r.oid, p.oid, 'MEMBER')))
$$;

CREATE OR REPLACE FUNCTION team_admin.team_login_refuse(p_login text) RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    RAISE EXCEPTION USING ERRCODE = 'KY015', MESSAGE = 'this login cannot be a member''s', DETAIL = coalesce(p_login, '');
END $$;

-- The server's limits on a member login, whatever its client sets at connection: a
-- statement runs at most 15 s, waits for a lock at most 3 s, and a transaction left
-- idle ends after 5 s (a desk never leaves one open). They are the login's defaults:
-- a member may still SET them in their own session, so the team's functions also end
-- a member transaction that holds what others wait on for longer than
-- team_hold_limit() (team_end_holder below).
CREATE OR REPLACE FUNCTION team_admin.team_login_limits(p_login text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF NOT team_admin.team_login_plain(p_login) THEN
        PERFORM team_admin.team_login_refuse(p_login);
    END IF;
    EXECUTE format('ALTER ROLE %I IN DATABASE %I SET statement_timeout = %L', p_login, current_database(), '15s');
    EXECUTE format('ALTER ROLE %I IN DATABASE %I SET lock_timeout = %L', p_login, current_database(), '3s');
    EXECUTE format('ALTER ROLE %I IN DATABASE %I SET idle_in_transaction_session_timeout = %L',
                   p_login, current_database(), '5s');
END $$;

-- A new login, in the members' group, with a password valid until `p_valid_until`.
CREATE OR REPLACE FUNCTION team_admin.team_login_create(p_login text, p_password text, p_valid_until timestamptz)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF p_login IS NULL OR p_login !~ '^[a-z][a-z0-9._-]{2,62}$'
       OR EXISTS (SELECT 1 FROM pg_roles WHERE rolname = p_login) THEN
        PERFORM team_admin.team_login_refuse(p_login);
    END IF;
    EXECUTE format('CREATE ROLE %I LOGIN INHERIT NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS '
                   'CONNECTION LIMIT 16 PASSWORD %L VALID UNTIL %L IN ROLE %I',
                   p_login, p_password, p_valid_until, current_database() || '_member');
    PERFORM team_admin.team_login_limits(p_login);
END $$;

-- An existing login (a directory's: LDAP or Kerberos in pg_hba.conf) joins the group:
-- only one IT made for this team (granted `<database>_directory`), and never a member of
-- another team database (its issuer there is out of this database's sight).
CREATE OR REPLACE FUNCTION team_admin.team_login_bind(p_login text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF NOT team_admin.team_login_plain(p_login)
       OR NOT EXISTS (
           SELECT 1 FROM pg_auth_members a
           JOIN pg_roles g ON g.oid = a.roleid JOIN pg_roles m ON m.oid = a.member
           WHERE g.rolname = current_database() || '_directory' AND m.rolname = p_login)
       OR EXISTS (
           SELECT 1 FROM pg_database d JOIN pg_roles g ON g.rolname = d.datname || '_member'
           JOIN pg_roles m ON m.rolname = p_login
           WHERE d.datname <> current_database() AND pg_has_role(m.oid, g.oid, 'MEMBER')) THEN
        PERFORM team_admin.team_login_refuse(p_login);
    END IF;
    EXECUTE format('GRANT %I TO %I', current_database() || '_member', p_login);
    -- As many connections as a made login, not the unlimited a directory's may have.
    EXECUTE format('ALTER ROLE %I CONNECTION LIMIT 16', p_login);
    PERFORM team_admin.team_login_limits(p_login);
END $$;

-- A member's login gets a new password (one-time: valid until `p_valid_until`, or for
-- good once the member chose theirs).
CREATE OR REPLACE FUNCTION team_admin.team_login_reset(p_login text, p_password text, p_valid_until timestamptz)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF NOT team_admin.team_login_plain(p_login) OR NOT pg_has_role(p_login, current_database() || '_member', 'MEMBER') THEN
        PERFORM team_admin.team_login_refuse(p_login);
    END IF;
    EXECUTE format('ALTER ROLE %I PASSWORD %L VALID UNTIL %L', p_login, p_password, p_valid_until);
END $$;

CREATE OR REPLACE FUNCTION team_admin.team_login_set_password(p_login text, p_password text) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    SELECT team_admin.team_login_reset(p_login, p_password, 'infinity')
$$;

-- A removed member's sessions on this database end (what they hold is let go).
CREATE OR REPLACE FUNCTION team_admin.team_login_end_sessions(p_login text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF NOT team_admin.team_login_plain(p_login) THEN
        PERFORM team_admin.team_login_refuse(p_login);
    END IF;
    PERFORM pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE usename = p_login AND datname = current_database() AND pid <> pg_backend_pid();
END $$;

-- A member's sessions on this database that are in a transaction end (what they hold
-- is let go); their idle sessions, which hold nothing, stay.
CREATE OR REPLACE FUNCTION team_admin.team_login_end_transactions(p_login text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF NOT team_admin.team_login_plain(p_login) THEN
        PERFORM team_admin.team_login_refuse(p_login);
    END IF;
    PERFORM pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE usename = p_login AND datname = current_database() AND pid <> pg_backend_pid()
          AND xact_start IS NOT NULL;
END $$;

-- The key of the mark (team_hold_mark) for `p_table`'s row of `p_workspace`: KYB's
-- class of advisory locks in its upper half ("KYB"), the row's hash in its lower. Two
-- workspaces whose hashes meet share a key: a waiter of one may then end a holder of
-- the other, past the same limit (nobody younger, nobody who is not a member).
CREATE OR REPLACE FUNCTION team_admin.team_hold_key(p_table text, p_workspace text) RETURNS bigint
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$
    SELECT (4938050::bigint << 32) | (hashtext(p_table || ':' || p_workspace)::bigint & 4294967295)
$$;

-- The mark of a transaction that holds a row the members wait on (`p_table`'s row of
-- `p_workspace`: the trail's head, the workspace's setting), taken with the row's lock.
-- The row's own lock names the transaction, or the subtransaction, that took it, and
-- PostgreSQL lets a subtransaction's id go when it ends (a savepoint released, a wait's
-- step): the row's xmax then leads to no session. The mark, an advisory lock, stays
-- with the transaction until it ends, wherever it was taken. Shared: taking it waits
-- for nobody.
CREATE OR REPLACE FUNCTION team_admin.team_hold_mark(p_table text, p_workspace text) RETURNS void
LANGUAGE sql SET search_path = pg_catalog, pg_temp AS $$
    SELECT pg_advisory_xact_lock_shared(team_admin.team_hold_key(p_table, p_workspace))
$$;

-- KYB's class ("KYBW") of the marks a transaction takes as it stops waiting for a row the
-- members wait on (team_waited_mark).
CREATE OR REPLACE FUNCTION team_admin.team_waited_class() RETURNS bigint
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, pg_temp AS $$ SELECT 1264140887::bigint $$;

-- The mark of a transaction that waits, or has just waited, for a row the members wait
-- on: the second, rounded up, in the key's lower half; taken as the wait starts, after
-- each of its steps, and once it has the row. Its hold is counted from its last such mark, not from its
-- start (team_end_holder): a supervisor's change that waits for the trail's head while
-- it holds the workspace's row holds nothing up by itself in that time (whoever holds
-- the head does). Rounded up, a hold that waited is ended up to a second past the limit.
-- A member cannot take one by hand (no advisory locks).
CREATE OR REPLACE FUNCTION team_admin.team_waited_mark() RETURNS void
LANGUAGE sql SET search_path = pg_catalog, pg_temp AS $$
    SELECT pg_advisory_xact_lock_shared(
        (team_admin.team_waited_class() << 32) | ceil(extract(epoch FROM clock_timestamp()))::bigint)
$$;

-- The member transaction that holds `p_table`'s row of `p_workspace` ends, when it has
-- held it longer than `p_limit`: since it began, or since its last wait for such a row
-- (team_waited_mark). It is found by the lock on its own id that the row's xmax
-- (`p_xid`) names, or else by its mark (team_hold_mark), so nobody else's session is
-- touched. A holder that is itself waiting (a supervisor's change that took the
-- workspace's row and waits for the trail's head) holds nothing up by itself while it
-- waits: the session at the end of what it waits for does (pg_blocking_pids, followed
-- to sessions that wait for nobody but the caller, in a circle through it; all found
-- before any is ended), and is the one ended past the limit. Only when none there is
-- (the wait ends at a session the limit does not end, or one younger than the limit)
-- is the holder itself, past the limit. Its waits for such rows (marked; a plain wait
-- for another lock is not) count for at most
-- two whole waits from its start (the workspace's row, then the head: each at most the
-- limit and 3 s, team_wait_for_row and team_append_in), so that waiting again and
-- again, for a row a session of its own holds or one no member holds, buys no more.
-- Only the members' group: never the owner's or an administrator's session. The
-- sessions are read as they are now (pg_stat_clear_snapshot): within one transaction,
-- PostgreSQL otherwise shows a waiter the sessions as they were at its first look.
--
-- What is not prevented: a holder past the limit that waits for a lock of another
-- member's transaction older than the limit, that waits for nobody, ends that
-- transaction (a desk's statement, undone and asked again) instead of the holder. A
-- member cannot hold any lock for long with the server's limits on, so the other is
-- one whose own limits are off, or a statement slower than the limit. And a holder's
-- plain waits for other locks (a supervisor's change waiting for a file's row a slow
-- statement holds, at most 3 s a wait) count as its hold: past the limit in all, with
-- nobody past it at the end of the wait, the change is ended and undone.
CREATE OR REPLACE FUNCTION team_admin.team_end_holder(p_xid xid, p_limit interval, p_table text, p_workspace text)
RETURNS boolean LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    ended boolean := false;
    mark bigint := team_admin.team_hold_key(p_table, p_workspace);
    waited bigint := team_admin.team_waited_class();
    me integer := pg_backend_pid();
    holders integer[];
    roots integer[];
BEGIN
    PERFORM pg_stat_clear_snapshot();
    SELECT array_agg(DISTINCT l.pid) INTO holders FROM pg_locks l
        WHERE l.granted AND l.pid <> me
          AND ((l.locktype = 'transactionid' AND p_xid IS NOT NULL AND p_xid::text <> '0'
                AND l.transactionid = p_xid)
               OR (l.locktype = 'advisory' AND l.objsubid = 1
                   AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                   AND (l.classid::bigint << 32) | l.objid::bigint = mark));
    WITH RECURSIVE chain(pid) AS (
        SELECT unnest(holders)
        UNION
        SELECT b.pid FROM chain c, unnest(pg_blocking_pids(c.pid)) AS b(pid)
        WHERE b.pid <> me
    )
    SELECT array_agg(pid) INTO roots FROM chain
        WHERE cardinality(array_remove(pg_blocking_pids(pid), me)) = 0;
    -- Past the limit: the roots, or else the holders themselves (the wait ends at a
    -- session the limit does not end, or one younger than it).
    WITH past AS MATERIALIZED (
        SELECT a.pid, a.pid = ANY (roots) AS root
        FROM pg_stat_activity a
        WHERE (a.pid = ANY (holders) OR a.pid = ANY (roots))
          AND a.datname = current_database()
          AND greatest(a.xact_start,
                       least(a.xact_start + 2 * (p_limit + interval '3 seconds'),
                             coalesce((SELECT to_timestamp(max(w.objid::bigint)) FROM pg_locks w
                                       WHERE w.pid = a.pid AND w.granted AND w.locktype = 'advisory'
                                         AND w.objsubid = 1 AND w.classid::bigint = waited),
                                      a.xact_start)))
              < clock_timestamp() - p_limit
          AND a.usesysid IS NOT NULL
          AND pg_has_role(a.usesysid, current_database() || '_member', 'MEMBER')
          AND team_admin.team_login_plain(a.usename)
    )
    SELECT bool_or(pg_terminate_backend(pid)) INTO ended FROM past
        WHERE root OR NOT EXISTS (SELECT 1 FROM past WHERE root);
    RETURN coalesce(ended, false);
END $$;

-- The same, found by the row's lock alone: what schemas before the mark call (an
-- upgrade's set-up runs before its migration).
CREATE OR REPLACE FUNCTION team_admin.team_end_holder(p_xid xid, p_limit interval) RETURNS boolean
LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    SELECT team_admin.team_end_holder(p_xid, p_limit, NULL, NULL)
$$;

-- A login no workspace keeps leaves the members' group, and its sessions on this
-- database end.
CREATE OR REPLACE FUNCTION team_admin.team_login_revoke(p_login text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF NOT team_admin.team_login_plain(p_login) THEN
        PERFORM team_admin.team_login_refuse(p_login);
    END IF;
    EXECUTE format('REVOKE %I FROM %I', current_database() || '_member', p_login);
    PERFORM pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE usename = p_login AND datname = current_database() AND pid <> pg_backend_pid();
END $$;

DO $$
DECLARE
    adm text := current_database() || '_admin';
    own text := (SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = current_database());
    f text;
BEGIN
    FOREACH f IN ARRAY ARRAY['team_admin.team_login_plain(text)', 'team_admin.team_login_refuse(text)',
                             'team_admin.team_login_create(text, text, timestamptz)',
                             'team_admin.team_login_bind(text)',
                             'team_admin.team_login_reset(text, text, timestamptz)',
                             'team_admin.team_login_set_password(text, text)',
                             'team_admin.team_login_revoke(text)',
                             'team_admin.team_login_end_sessions(text)',
                             'team_admin.team_login_limits(text)',
                             'team_admin.team_login_end_transactions(text)',
                             'team_admin.team_end_holder(xid, interval)',
                             'team_admin.team_hold_key(text, text)',
                             'team_admin.team_hold_mark(text, text)',
                             'team_admin.team_waited_class()',
                             'team_admin.team_waited_mark()',
                             'team_admin.team_end_holder(xid, interval, text, text)'] LOOP
        EXECUTE format('ALTER FUNCTION %s OWNER TO %I', f, adm);
        EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC', f);
        EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO %I', f, own);
    END LOOP;
END $$;

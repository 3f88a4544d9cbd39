-- The team's rules, enforced by the database (issue 30). Until now the desks' role
-- owned the tables and each desk said who it was; now:
--
-- * The schema belongs to an owner role that runs this migration and that no desk
--   keeps (README, Team: the one-time set-up).
-- * Each member connects as a login of their own. Who acts is `session_user`, read by
--   the functions below, never a value a desk sends.
-- * Members belong to the group role `<database>_member`. It may EXECUTE the team's
--   functions and SELECT its views, nothing else: no table, no sequence, no DDL, not
--   sqlx's migrations table, no temporary tables (which could shadow a table inside a
--   function).
-- * Every change goes through a SECURITY DEFINER function that checks who asks, with
--   a fixed search_path (pg_temp last), and row-level security scopes every row to the
--   workspaces the login belongs to, inside those functions too (FORCE).
-- * Logins are created, bound, reset and revoked by the functions of the admin role
--   `<database>_admin` (the only role with CREATEROLE), which the set-up's first step
--   creates (kyb_team::setup); they are granted to the owner alone, and the owner's
--   functions call them after checking that a supervisor asks.
--
-- Errors a desk tells apart have SQLSTATEs of class KY (see errors.rs):
--   KY001 not a member of the workspace      KY009 the request is not what was shown
--   KY002 only a supervisor may do this      KY010 the one-time password must be changed
--   KY003 another member holds the file      KY011 the action needs an approval
--   KY004 one's own request                  KY012 the queue (claims, notes) is full
--   KY005 the request is no longer open      KY013 no such open intent of this member
--   KY006 already asked                      KY014 the holder's claim lapsed (ask first)
--   KY007 a text empty, too long or invalid  KY015 a login name or login refused
--   KY008 the last supervisor keeps the role

DO $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = current_database() || '_member')
       OR NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = current_database() || '_admin') THEN
        RAISE EXCEPTION 'the roles %_member and %_admin are missing: run the set-up''s first step (README, Team)',
            current_database(), current_database();
    END IF;
    IF to_regprocedure('team_admin.team_login_create(text, text, timestamptz)') IS NULL THEN
        RAISE EXCEPTION 'the login functions (schema team_admin) are missing: run the set-up''s first step (README, Team)';
    END IF;
END $$;

-- Nobody but the owner reaches anything directly; the grants at the end open what the
-- members may use.
REVOKE ALL ON ALL TABLES IN SCHEMA public FROM PUBLIC;
REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM PUBLIC;
REVOKE ALL ON ALL FUNCTIONS IN SCHEMA public FROM PUBLIC;
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
ALTER DEFAULT PRIVILEGES REVOKE EXECUTE ON FUNCTIONS FROM PUBLIC;

-- Members: a login each. A row without one (from before) is nobody until a supervisor
-- binds a login to it.
ALTER TABLE team_member ADD COLUMN login text;
ALTER TABLE team_member ADD COLUMN must_change boolean NOT NULL DEFAULT false;
ALTER TABLE team_member ADD CONSTRAINT team_member_login UNIQUE (workspace_id, login);
CREATE INDEX team_member_by_login ON team_member (login);

-- Four eyes: a request also ends withdrawn (the verification changed after it was
-- asked), and records the intent that used its approval (once).
ALTER TABLE team_approval DROP CONSTRAINT team_approval_state_check;
ALTER TABLE team_approval ADD CONSTRAINT team_approval_state_check
    CHECK (state IN ('waiting', 'approved', 'declined', 'withdrawn', 'sent', 'failed'));
ALTER TABLE team_approval ADD COLUMN used_by bigint;

-- The trail: entries written from now on are hashed by the database (format 2, see
-- team_entry_hash); the desks' own hashes (format 1) stay verifiable.
ALTER TABLE team_audit ADD COLUMN format smallint NOT NULL DEFAULT 1;
CREATE INDEX team_audit_completes ON team_audit (workspace_id, completes) WHERE completes IS NOT NULL;
CREATE INDEX team_audit_intents ON team_audit (workspace_id, seq) WHERE code = 'intent';

-- The logins this database made (with a one-time password) and in which workspace, or
-- bound (a directory's: `made_in` null), and who issued the password they have now.
-- A login gets a new password only from the workspace that made it, and only while no
-- other workspace counts on it, so binding a login never lets a supervisor take it over;
-- and a request is never approved by a login whose password its asker issued.
CREATE TABLE team_login (
    login       text PRIMARY KEY,
    made_in     text,
    issued_by   text
);

-- Checkpoints: a supervisor's signature over a (sequence, hash) of the chain, made with
-- a key kept in their keyring. The desks check the signature and the chain against it.
CREATE TABLE team_checkpoint (
    workspace_id text   NOT NULL,
    seq          bigint NOT NULL,
    hash         text   NOT NULL,
    signer       text   NOT NULL,
    at           timestamptz NOT NULL DEFAULT now(),
    public_key   text   NOT NULL CHECK (length(public_key) BETWEEN 1 AND 200),
    signature    text   NOT NULL CHECK (length(signature) BETWEEN 1 AND 400),
    PRIMARY KEY (workspace_id, seq, public_key)
);
CREATE TRIGGER team_checkpoint_no_change BEFORE UPDATE OR DELETE ON team_checkpoint
    FOR EACH ROW EXECUTE FUNCTION team_audit_refuse();
CREATE TRIGGER team_checkpoint_notify AFTER INSERT ON team_checkpoint
    FOR EACH ROW EXECUTE FUNCTION team_notify();

-- A request moves only by its state's transitions, and its terms never change; it is
-- never removed.
CREATE FUNCTION team_approval_transition() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'a request is never removed';
    END IF;
    IF TG_OP = 'INSERT' THEN
        IF NEW.state <> 'waiting' OR NEW.decided_by IS NOT NULL OR NEW.used_by IS NOT NULL THEN
            RAISE EXCEPTION 'a request starts waiting';
        END IF;
        RETURN NEW;
    END IF;
    IF (NEW.id, NEW.workspace_id, NEW.action, NEW.folio, NEW.asked_by, NEW.asked_at, NEW.reason)
       IS DISTINCT FROM
       (OLD.id, OLD.workspace_id, OLD.action, OLD.folio, OLD.asked_by, OLD.asked_at, OLD.reason) THEN
        RAISE EXCEPTION 'a request''s terms never change';
    END IF;
    IF (OLD.state = 'waiting' AND NEW.state IN ('approved', 'declined')
            AND NEW.decided_by IS NOT NULL AND NEW.used_by IS NULL)
       OR (OLD.state = 'approved' AND NEW.state = 'approved' AND OLD.used_by IS NULL
            AND NEW.used_by IS NOT NULL AND NEW.decided_by = OLD.decided_by)
       OR (OLD.state IN ('waiting', 'approved') AND NEW.state = 'withdrawn' AND OLD.used_by IS NULL
            AND NEW.used_by IS NULL AND NEW.decided_by IS NOT DISTINCT FROM OLD.decided_by)
       OR (OLD.state = 'approved' AND OLD.used_by IS NOT NULL AND NEW.state IN ('sent', 'failed')
            AND NEW.used_by = OLD.used_by AND NEW.decided_by = OLD.decided_by) THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'request % cannot go from % to %', OLD.id, OLD.state, NEW.state;
END $$;
CREATE TRIGGER team_approval_transitions BEFORE INSERT OR UPDATE OR DELETE ON team_approval
    FOR EACH ROW EXECUTE FUNCTION team_approval_transition();

-- The workspaces of the login (`session_user`), and whether it is the owner (the
-- set-up). SECURITY DEFINER, so that the members' policy and view below read the
-- members whoever runs them. PL/pgSQL, not SQL: a definer function is never
-- inlined, and a SQL one is parsed and planned again at every call; PL/pgSQL keeps its
-- plan for the session. session_user is read once: compared row by row, it is looked
-- up in the catalogue for every row.
CREATE FUNCTION team_workspaces() RETURNS text[]
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    caller text := session_user;
BEGIN
    RETURN ARRAY(SELECT workspace_id FROM team_member WHERE login = caller);
END $$;
CREATE FUNCTION team_owner_session() RETURNS boolean
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    RETURN (SELECT pg_has_role(session_user, d.datdba, 'MEMBER')
            FROM pg_database d WHERE d.datname = current_database());
END $$;

-- Every statement on these tables evaluates the policy: it reads the login's
-- workspaces itself (what team_workspaces() returns) rather than calling the function,
-- which costs a call with its own search_path each time. Members reach these tables
-- only through the functions (run as the owner) and the views (owned by the owner), so
-- team_member is read with the owner's rights; a login without them would be refused,
-- not let through. Each subquery runs once per statement, not once a row, and
-- session_user is read once.
DO $$
DECLARE
    t text;
BEGIN
    FOREACH t IN ARRAY ARRAY['team_file', 'team_claim', 'team_note', 'team_audit',
                             'team_audit_head', 'team_setting', 'team_approval', 'team_checkpoint'] LOOP
        EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t);
        EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t);
        EXECUTE format('CREATE POLICY %I ON %I
                        USING (workspace_id = ANY (ARRAY(SELECT m.workspace_id FROM team_member m
                                                         WHERE m.login = (SELECT session_user)))
                               OR (SELECT team_owner_session()))
                        WITH CHECK (workspace_id = ANY (ARRAY(SELECT m.workspace_id FROM team_member m
                                                              WHERE m.login = (SELECT session_user)))
                                    OR (SELECT team_owner_session()))',
                       t || '_workspace', t);
    END LOOP;
END $$;
-- Members are read by the functions (not forced: the policies above read them); the
-- view shows a login only its own workspaces' members.
ALTER TABLE team_member ENABLE ROW LEVEL SECURITY;
CREATE POLICY team_member_workspace ON team_member
    USING (workspace_id = ANY ((SELECT team_workspaces())::text[]));

-- Shared checks.

CREATE FUNCTION team_raise(code text, message text, detail text DEFAULT NULL) RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    RAISE EXCEPTION USING ERRCODE = code, MESSAGE = message, DETAIL = coalesce(detail, '');
END $$;

-- The caller's membership of a workspace, or KY001 (or KY010 while the one-time
-- password is not yet changed).
CREATE FUNCTION team_me(p_workspace text) RETURNS team_member
LANGUAGE plpgsql STABLE SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    me team_member;
    caller text := session_user;
BEGIN
    SELECT * INTO me FROM team_member WHERE workspace_id = p_workspace AND login = caller;
    IF NOT FOUND THEN
        PERFORM team_raise('KY001', 'not a member of the team', caller);
    END IF;
    IF me.must_change THEN
        PERFORM team_raise('KY010', 'the one-time password must be changed first');
    END IF;
    RETURN me;
END $$;

CREATE FUNCTION team_supervisor(p_workspace text) RETURNS team_member
LANGUAGE plpgsql STABLE SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    me team_member := team_me(p_workspace);
BEGIN
    IF me.role <> 'supervisor' THEN
        PERFORM team_raise('KY002', 'only a supervisor may do this');
    END IF;
    RETURN me;
END $$;

-- A text of 1 to `max` characters without control characters (a line break allowed
-- where `lines`), trimmed; else KY007.
CREATE FUNCTION team_text(value text, max integer, lines boolean DEFAULT false) RETURNS text
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    t text := btrim(value);
BEGIN
    IF t IS NULL OR length(t) < 1 OR length(t) > max
       OR (NOT lines AND t ~ '[[:cntrl:]]')
       OR (lines AND t ~ '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f]') THEN
        PERFORM team_raise('KY007', 'a text is empty, too long or holds control characters');
    END IF;
    RETURN t;
END $$;

-- Member changes of a workspace one at a time: a row lock, which no member can take
-- by hand (members have no table rights).
CREATE FUNCTION team_lock_workspace(p_workspace text) RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    INSERT INTO team_setting (workspace_id) VALUES (p_workspace) ON CONFLICT DO NOTHING;
    PERFORM 1 FROM team_setting WHERE workspace_id = p_workspace FOR UPDATE;
END $$;

-- The trail.

-- An entry's hash, format 2: the SHA-256 of each field as its byte length, ':', the
-- field and ';' (a null as '-;'), in this order. A desk computes the same (audit.rs).
-- These two have no SET clause, and team_entry_hash is STABLE as convert_to is, so that
-- both are inlined into team_append_in and take its fixed search_path: a function with
-- a SET clause is never inlined, and was parsed and planned again for every entry,
-- under the chain's lock. Members may not call them (no grant).
CREATE FUNCTION team_field(value text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN value IS NULL THEN '-;' ELSE octet_length(value)::text || ':' || value || ';' END
$$;

CREATE FUNCTION team_entry_hash(p_workspace text, p_seq bigint, p_at text, p_member text,
                                p_operation text, p_target text, p_summary text, p_ok boolean,
                                p_code text, p_message text, p_completes bigint, p_prev text)
RETURNS text LANGUAGE sql STABLE AS $$
    SELECT encode(sha256(convert_to(
        team_field('2') || team_field(p_workspace) || team_field(p_seq::text) || team_field(p_at)
        || team_field(p_member) || team_field(p_operation) || team_field(p_target)
        || team_field(p_summary) || team_field(CASE WHEN p_ok THEN 'true' ELSE 'false' END)
        || team_field(p_code) || team_field(p_message) || team_field(p_completes::text)
        || team_field(p_prev), 'UTF8')), 'hex')
$$;

-- Appends an entry by the caller (`session_user`) at the database's time, chained
-- under the head row's lock. Internal: the members' functions below call it.
CREATE FUNCTION team_append_in(p_workspace text, p_operation text, p_target text, p_summary text,
                               p_ok boolean, p_code text, p_message text, p_completes bigint)
RETURNS bigint LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    last_seq bigint;
    prev text;
    at text := to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
    h text;
BEGIN
    -- The head row is locked first (the chain's first entry makes it): one wait, and
    -- the lock is held only while the entry is written.
    SELECT seq, hash INTO last_seq, prev FROM team_audit_head WHERE workspace_id = p_workspace FOR UPDATE;
    IF NOT FOUND THEN
        INSERT INTO team_audit_head (workspace_id, seq, hash)
            VALUES (p_workspace, 0, repeat('0', 64)) ON CONFLICT DO NOTHING;
        SELECT seq, hash INTO last_seq, prev FROM team_audit_head WHERE workspace_id = p_workspace FOR UPDATE;
    END IF;
    h := team_entry_hash(p_workspace, last_seq + 1, at, session_user, p_operation, p_target,
                         p_summary, p_ok, p_code, p_message, p_completes, prev);
    INSERT INTO team_audit (workspace_id, seq, at_utc, member, operation, target, summary, ok,
                            code, message, completes, prev_hash, hash, format)
        VALUES (p_workspace, last_seq + 1, at, session_user, p_operation, p_target, p_summary, p_ok,
                p_code, p_message, p_completes, prev, h, 2);
    UPDATE team_audit_head SET seq = last_seq + 1, hash = h WHERE workspace_id = p_workspace;
    RETURN last_seq + 1;
END $$;

CREATE FUNCTION team_event(p_workspace text, p_event text, p_target text, p_summary text)
RETURNS bigint LANGUAGE sql SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT team_append_in(p_workspace, 'team: ' || p_event, p_target, p_summary, true, NULL, NULL, NULL)
$$;

-- The service's calls a desk may record, and what each needs of the team. No SET
-- clause, so that it is inlined into its callers (whose search_path is fixed).
CREATE FUNCTION team_call_kind(p_operation text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE p_operation
        WHEN 'POST /expedientes/solicitar-correccion' THEN 'claim'
        WHEN 'POST /expedientes/informacion-complementaria' THEN 'claim'
        WHEN 'POST /verificaciones/{folio}/cancelar' THEN 'cancel'
        WHEN 'POST /verificaciones/{folio}/reenviar' THEN 'resend'
        WHEN 'POST /expedientes/nuevo' THEN 'plain'
        WHEN 'POST /enrollment/v1/url' THEN 'plain'
    END
$$;

-- Claims.

-- Claims a file for the caller, or renews the caller's claim; a lease runs at most 10
-- minutes. Another member's running claim refuses (KY003, DETAIL "holder|since").
-- Another member's lapsed claim (their desk lost the network, perhaps with a draft)
-- is not taken silently: KY014 ("holder|lease_until"), unless `take_lapsed` says the
-- caller was asked and chose to take it (the trail records it).
CREATE FUNCTION team_claim_in(p_workspace text, p_document text, p_lease_secs double precision,
                              p_take_lapsed boolean)
RETURNS team_claim LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    doc text := lower(team_text(p_document, 100));
    lease interval := make_interval(secs => least(greatest(coalesce(p_lease_secs, 0), 1), 600));
    held team_claim;
    result team_claim;
BEGIN
    SELECT * INTO held FROM team_claim WHERE workspace_id = p_workspace AND document_id = doc FOR UPDATE;
    -- A member reviews a few files at a time: at most 100 running claims each (a desk
    -- that claims thousands holds the queue from everyone).
    IF (held.member IS NULL OR held.member <> session_user)
       AND (SELECT count(*) FROM team_claim c WHERE c.workspace_id = p_workspace
            AND c.member = session_user AND c.lease_until > now()) >= 100 THEN
        PERFORM team_raise('KY012', 'at most 100 files under review at once');
    END IF;
    IF held.member IS NULL THEN
        INSERT INTO team_claim (workspace_id, document_id, member, lease_until)
            VALUES (p_workspace, doc, session_user, now() + lease)
            ON CONFLICT (workspace_id, document_id) DO NOTHING
            RETURNING * INTO result;
        IF result IS NULL THEN
            -- Another desk took it between the two statements.
            RETURN team_claim_in(p_workspace, p_document, p_lease_secs, p_take_lapsed);
        END IF;
        RETURN result;
    END IF;
    IF held.member = session_user THEN
        UPDATE team_claim SET lease_until = now() + lease
            WHERE workspace_id = p_workspace AND document_id = doc RETURNING * INTO result;
        RETURN result;
    END IF;
    IF held.lease_until > now() THEN
        PERFORM team_raise('KY003', 'another member holds the file',
            held.member || '|' || to_char(held.since AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
            || '|' || to_char(held.lease_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
    END IF;
    IF NOT p_take_lapsed THEN
        PERFORM team_raise('KY014', 'the holder''s claim lapsed; take it only after asking',
            held.member || '|' || to_char(held.lease_until AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
    END IF;
    UPDATE team_claim SET member = session_user, since = now(), lease_until = now() + lease
        WHERE workspace_id = p_workspace AND document_id = doc RETURNING * INTO result;
    PERFORM team_event(p_workspace, 'claim-taken-after-lapse', doc,
        'la reserva de ' || held.member || ' había vencido');
    RETURN result;
END $$;

CREATE FUNCTION team_claim(p_workspace text, p_document text, p_lease_secs double precision,
                           p_take_lapsed boolean DEFAULT false)
RETURNS team_claim LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    PERFORM team_me(p_workspace);
    RETURN team_claim_in(p_workspace, p_document, p_lease_secs, p_take_lapsed);
END $$;

-- Only the holder lets go.
CREATE FUNCTION team_release(p_workspace text, p_document text) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    PERFORM team_me(p_workspace);
    DELETE FROM team_claim
        WHERE workspace_id = p_workspace AND document_id = lower(btrim(p_document)) AND member = session_user;
    RETURN FOUND;
END $$;

-- A supervisor takes a file over, with a reason the trail keeps.
CREATE FUNCTION team_take_over(p_workspace text, p_document text, p_reason text,
                               p_lease_secs double precision)
RETURNS team_claim LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    reason text := team_text(p_reason, 500, true);
    doc text := lower(team_text(p_document, 100));
    before text;
    result team_claim;
BEGIN
    PERFORM team_supervisor(p_workspace);
    SELECT member INTO before FROM team_claim
        WHERE workspace_id = p_workspace AND document_id = doc AND lease_until > now() FOR UPDATE;
    INSERT INTO team_claim (workspace_id, document_id, member, lease_until)
        VALUES (p_workspace, doc, session_user,
                now() + make_interval(secs => least(greatest(coalesce(p_lease_secs, 0), 1), 600)))
        ON CONFLICT (workspace_id, document_id) DO UPDATE SET
            member = EXCLUDED.member, since = now(), lease_until = EXCLUDED.lease_until
        RETURNING * INTO result;
    PERFORM team_event(p_workspace, 'claim-taken-over', doc,
        'reclamado a ' || coalesce(before, 'nadie') || ': ' || reason);
    RETURN result;
END $$;

-- Notes, in the author's name.
CREATE FUNCTION team_add_note(p_workspace text, p_document text, p_body text)
RETURNS team_note LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    result team_note;
BEGIN
    PERFORM team_me(p_workspace);
    -- At most 200 notes of one member on one file.
    IF (SELECT count(*) FROM team_note n WHERE n.workspace_id = p_workspace
        AND n.document_id = lower(btrim(p_document)) AND n.member = session_user) >= 200 THEN
        PERFORM team_raise('KY012', 'at most 200 notes of one member on a file');
    END IF;
    INSERT INTO team_note (workspace_id, document_id, member, body)
        VALUES (p_workspace, lower(team_text(p_document, 100)), session_user, team_text(p_body, 2000, true))
        RETURNING * INTO result;
    RETURN result;
END $$;

-- The queue.

-- Files as a desk tells them, checked: every row or none. A call carries at most
-- 10,000 files, and a workspace's queue holds at most 50,000 (KY012).
CREATE FUNCTION team_checked_files(p_flow_ids text[], p_rfcs text[], p_statuses text[],
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
    RETURN QUERY
        SELECT team_text(f, 100), team_text(r, 20),
               CASE WHEN coalesce(s, '') = '' THEN '' ELSE team_text(s, 64) END,
               CASE WHEN d IS NULL THEN NULL ELSE lower(team_text(d, 100)) END,
               a::timestamptz, t.n
        FROM unnest(p_flow_ids, p_rfcs, p_statuses, p_document_ids, p_updated_ats)
            WITH ORDINALITY AS t(f, r, s, d, a, n);
END $$;

CREATE FUNCTION team_follow(p_workspace text, p_flow_ids text[], p_rfcs text[], p_statuses text[],
                            p_document_ids text[], p_updated_ats text[])
RETURNS bigint LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    added bigint;
BEGIN
    PERFORM team_me(p_workspace);
    IF (SELECT count(*) FROM team_file WHERE workspace_id = p_workspace) + cardinality(p_flow_ids) > 50000 THEN
        PERFORM team_raise('KY012', 'the team''s queue is full');
    END IF;
    INSERT INTO team_file (workspace_id, flow_id, rfc, status, document_id, status_updated_at)
        SELECT p_workspace, c.flow_id, c.rfc, c.status, c.document_id, c.updated_at
        FROM team_checked_files(p_flow_ids, p_rfcs, p_statuses, p_document_ids, p_updated_ats) c
        ORDER BY c.n
        ON CONFLICT DO NOTHING;
    GET DIAGNOSTICS added = ROW_COUNT;
    RETURN added;
END $$;

-- What a refresh learnt of files the queue has (see queue.rs: rows locked in one
-- order, a status taken only when newer, its time in the queue starting again when it
-- changes).
CREATE FUNCTION team_update(p_workspace text, p_flow_ids text[], p_rfcs text[], p_statuses text[],
                            p_document_ids text[], p_updated_ats text[])
RETURNS bigint LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    changed bigint;
BEGIN
    PERFORM team_me(p_workspace);
    WITH u AS (
        SELECT * FROM team_checked_files(p_flow_ids, p_rfcs, p_statuses, p_document_ids, p_updated_ats)
    ), locked AS (
        SELECT f.flow_id, f.rfc FROM team_file f
        JOIN u ON f.flow_id = u.flow_id AND f.rfc = u.rfc
        WHERE f.workspace_id = p_workspace
          AND ((team_status_newer(f.status, f.status_updated_at, u.status, u.updated_at)
                AND (f.status <> u.status OR f.status_updated_at IS DISTINCT FROM u.updated_at))
               OR f.document_id IS DISTINCT FROM coalesce(u.document_id, f.document_id))
        ORDER BY f.flow_id, f.rfc
        FOR NO KEY UPDATE OF f
    )
    UPDATE team_file f SET
        status_since = CASE
            WHEN team_status_newer(f.status, f.status_updated_at, u.status, u.updated_at)
                 AND f.status <> u.status
            THEN now() ELSE f.status_since END,
        status = CASE
            WHEN team_status_newer(f.status, f.status_updated_at, u.status, u.updated_at)
            THEN u.status ELSE f.status END,
        status_updated_at = CASE
            WHEN team_status_newer(f.status, f.status_updated_at, u.status, u.updated_at)
            THEN coalesce(u.updated_at, f.status_updated_at) ELSE f.status_updated_at END,
        document_id = coalesce(u.document_id, f.document_id)
    FROM u JOIN locked l ON l.flow_id = u.flow_id AND l.rfc = u.rfc
    WHERE f.workspace_id = p_workspace AND f.flow_id = u.flow_id AND f.rfc = u.rfc;
    GET DIAGNOSTICS changed = ROW_COUNT;
    RETURN changed;
END $$;

-- Hands the caller the unassigned file that has waited longest (SKIP LOCKED: two desks
-- never get the same one).
CREATE FUNCTION team_take_next(p_workspace text)
RETURNS TABLE (flow_id text, rfc text, status text, document_id text, assignee text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    PERFORM team_me(p_workspace);
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

-- A supervisor gives a file to a member or back to the queue; a member gives back
-- their own.
CREATE FUNCTION team_assign(p_workspace text, p_flow_id text, p_rfc text, p_login text)
RETURNS boolean LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    me team_member := team_me(p_workspace);
BEGIN
    IF p_login IS NOT NULL THEN
        IF me.role <> 'supervisor' THEN
            PERFORM team_raise('KY002', 'only a supervisor may do this');
        END IF;
        IF NOT EXISTS (SELECT 1 FROM team_member WHERE workspace_id = p_workspace AND login = p_login) THEN
            PERFORM team_raise('KY001', 'not a member of the team', p_login);
        END IF;
    END IF;
    UPDATE team_file SET assignee = p_login,
        assigned_at = CASE WHEN p_login IS NULL THEN NULL ELSE now() END
    WHERE workspace_id = p_workspace AND flow_id = btrim(p_flow_id) AND rfc = btrim(p_rfc)
      AND (me.role = 'supervisor' OR assignee = session_user);
    IF NOT FOUND AND me.role <> 'supervisor' THEN
        PERFORM team_raise('KY002', 'only a supervisor may do this');
    END IF;
    RETURN FOUND;
END $$;

-- Members and logins.

CREATE FUNCTION team_whoami(p_workspace text)
RETURNS TABLE (login text, email text, role text, must_change boolean)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    RETURN QUERY SELECT m.login, m.email, m.role, m.must_change FROM team_member m
        WHERE m.workspace_id = p_workspace AND m.login = session_user;
    IF NOT FOUND THEN
        PERFORM team_raise('KY001', 'not a member of the team', session_user);
    END IF;
END $$;

-- A new login's one-time password: 32 hex digits from the server's strong random.
CREATE FUNCTION team_new_password() RETURNS text
LANGUAGE sql VOLATILE SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
$$;

CREATE FUNCTION team_check_member(p_login text, p_email text, p_role text) RETURNS void
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    IF p_login IS NULL OR p_login !~ '^[a-z][a-z0-9._-]{2,62}$' THEN
        PERFORM team_raise('KY015', 'a login name is 3 to 63 lower-case letters, digits, dots, dashes or underscores, starting with a letter');
    END IF;
    IF p_email IS NULL OR length(p_email) > 200 OR p_email !~ '^[^@[:space:][:cntrl:]]+@[^@[:space:][:cntrl:]]+$' THEN
        PERFORM team_raise('KY007', 'the e-mail is not an e-mail');
    END IF;
    IF p_role IS NULL OR p_role NOT IN ('analyst', 'agent', 'supervisor') THEN
        PERFORM team_raise('KY007', 'the role is not one of the team''s');
    END IF;
END $$;

-- A login joins: bound (a directory's, or another workspace's: its password is its
-- own), or made with a one-time password (returned) that this workspace's caller issued.
CREATE FUNCTION team_login_join(p_workspace text, p_login text, p_bind boolean) RETURNS text
LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    password text;
BEGIN
    IF p_bind THEN
        PERFORM team_admin.team_login_bind(p_login);
    ELSE
        password := team_new_password();
        PERFORM team_admin.team_login_create(p_login, password, now() + interval '7 days');
    END IF;
    INSERT INTO team_login (login, made_in, issued_by)
        VALUES (p_login, CASE WHEN password IS NULL THEN NULL ELSE p_workspace END,
                CASE WHEN password IS NULL THEN NULL ELSE session_user END)
        ON CONFLICT DO NOTHING;
    RETURN password;
END $$;

-- Adds a member: with `p_bind`, an existing login (from a directory: LDAP or Kerberos
-- through pg_hba.conf, README) is bound and no password is made; else a new login is
-- created with a one-time password, returned once, valid for 7 days and to be changed
-- at the first sign-in.
CREATE FUNCTION team_add_member(p_workspace text, p_login text, p_email text, p_role text,
                                p_bind boolean DEFAULT false)
RETURNS text LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    password text;
    v_login text := lower(btrim(p_login));
    v_email text := lower(btrim(p_email));
BEGIN
    PERFORM team_supervisor(p_workspace);
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
        v_email || ' como ' || team_role_words(p_role) || CASE WHEN password IS NULL THEN ' (usuario existente)'
                                            ELSE ' (contraseña de un solo uso)' END);
    RETURN password;
END $$;

-- A new one-time password for a member (a new desk, a forgotten password).
CREATE FUNCTION team_reset_password(p_workspace text, p_login text)
RETURNS text LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    password text := team_new_password();
BEGIN
    PERFORM team_supervisor(p_workspace);
    IF NOT EXISTS (SELECT 1 FROM team_member WHERE workspace_id = p_workspace AND login = p_login) THEN
        PERFORM team_raise('KY001', 'not a member of the team', p_login);
    END IF;
    -- Only a login this workspace made, which no other workspace counts on, and not a
    -- supervisor's (who would then be the resetter's to act as): the owner's set-up
    -- resets a supervisor.
    IF (SELECT made_in FROM team_login WHERE login = p_login) IS DISTINCT FROM p_workspace
       OR EXISTS (SELECT 1 FROM team_member WHERE login = p_login AND workspace_id <> p_workspace)
       OR (SELECT role FROM team_member WHERE workspace_id = p_workspace AND login = p_login) = 'supervisor' THEN
        PERFORM team_raise('KY015', 'this login''s password is not this workspace''s to reset', p_login);
    END IF;
    PERFORM team_admin.team_login_reset(p_login, password, now() + interval '7 days');
    UPDATE team_login SET issued_by = session_user WHERE login = p_login;
    UPDATE team_member SET must_change = true WHERE login = p_login;
    PERFORM team_event(p_workspace, 'password-reset', p_login, 'contraseña de un solo uso nueva');
    RETURN password;
END $$;

-- The caller replaces their one-time password (the desk makes a strong one and keeps
-- it in the keyring).
CREATE FUNCTION team_change_password(p_password text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    IF NOT EXISTS (SELECT 1 FROM team_member WHERE login = session_user) THEN
        PERFORM team_raise('KY001', 'not a member of the team', session_user);
    END IF;
    IF p_password IS NULL OR length(p_password) < 16 OR length(p_password) > 200 THEN
        PERFORM team_raise('KY007', 'a password is 16 to 200 characters');
    END IF;
    PERFORM team_admin.team_login_set_password(session_user, p_password);
    UPDATE team_member SET must_change = false WHERE login = session_user;
END $$;

-- Removes a member: their claims end, their files go back to the queue, and, when no
-- workspace keeps them, their login leaves the members' group and their sessions on
-- this database end at once.
CREATE FUNCTION team_remove_member(p_workspace text, p_login text)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    gone team_member;
BEGIN
    PERFORM team_supervisor(p_workspace);
    PERFORM team_lock_workspace(p_workspace);
    SELECT * INTO gone FROM team_member WHERE workspace_id = p_workspace AND login = p_login;
    IF NOT FOUND THEN
        PERFORM team_raise('KY001', 'not a member of the team', p_login);
    END IF;
    IF gone.role = 'supervisor' AND NOT EXISTS (
        SELECT 1 FROM team_member WHERE workspace_id = p_workspace AND role = 'supervisor' AND login <> p_login) THEN
        PERFORM team_raise('KY008', 'the team''s last supervisor keeps the role');
    END IF;
    -- Their sessions on this database end first (when no other workspace keeps them):
    -- what they hold (the trail's head in an open transaction, a claim row) is let go,
    -- so the removal itself never waits on the member it removes.
    IF NOT EXISTS (SELECT 1 FROM team_member WHERE login = p_login AND workspace_id <> p_workspace) THEN
        PERFORM team_admin.team_login_end_sessions(p_login);
    END IF;
    DELETE FROM team_member WHERE workspace_id = p_workspace AND login = p_login;
    DELETE FROM team_claim WHERE workspace_id = p_workspace AND member = p_login;
    UPDATE team_file SET assignee = NULL, assigned_at = NULL
        WHERE workspace_id = p_workspace AND assignee = p_login;
    PERFORM team_event(p_workspace, 'member-removed', p_login, gone.email);
    IF NOT EXISTS (SELECT 1 FROM team_member WHERE login = p_login) THEN
        PERFORM team_admin.team_login_revoke(p_login);
    END IF;
END $$;

CREATE FUNCTION team_set_role(p_workspace text, p_login text, p_role text)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    before text;
BEGIN
    PERFORM team_supervisor(p_workspace);
    IF p_role IS NULL OR p_role NOT IN ('analyst', 'agent', 'supervisor') THEN
        PERFORM team_raise('KY007', 'the role is not one of the team''s');
    END IF;
    PERFORM team_lock_workspace(p_workspace);
    SELECT role INTO before FROM team_member WHERE workspace_id = p_workspace AND login = p_login;
    IF NOT FOUND THEN
        PERFORM team_raise('KY001', 'not a member of the team', p_login);
    END IF;
    IF p_role <> 'supervisor' AND NOT EXISTS (
        SELECT 1 FROM team_member WHERE workspace_id = p_workspace AND role = 'supervisor' AND login <> p_login) THEN
        PERFORM team_raise('KY008', 'the team''s last supervisor keeps the role');
    END IF;
    UPDATE team_member SET role = p_role, set_by = session_user, set_at = now()
        WHERE workspace_id = p_workspace AND login = p_login;
    PERFORM team_event(p_workspace, 'role-set', p_login,
        team_role_words(before) || ' → ' || team_role_words(p_role));
END $$;

-- The workspace's first supervisor, by the owner at the set-up (not granted to the
-- members): a new login with a one-time password (returned), or an existing one bound.
CREATE FUNCTION team_bootstrap(p_workspace text, p_login text, p_email text, p_bind boolean DEFAULT false)
RETURNS text LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    password text;
    v_login text := lower(btrim(p_login));
BEGIN
    PERFORM team_text(p_workspace, 100);
    PERFORM team_check_member(v_login, lower(btrim(p_email)), 'supervisor');
    PERFORM team_lock_workspace(p_workspace);
    IF EXISTS (SELECT 1 FROM team_member WHERE workspace_id = p_workspace AND role = 'supervisor') THEN
        PERFORM team_raise('KY002', 'the workspace has a supervisor: members are added from the Team screen');
    END IF;
    password := team_login_join(p_workspace, v_login, p_bind);
    INSERT INTO team_member (workspace_id, email, role, set_by, login, must_change)
        VALUES (p_workspace, lower(btrim(p_email)), 'supervisor', session_user, v_login, password IS NOT NULL)
        ON CONFLICT (workspace_id, email) DO UPDATE SET login = EXCLUDED.login, role = 'supervisor',
            must_change = EXCLUDED.must_change, set_by = EXCLUDED.set_by, set_at = now();
    PERFORM team_event(p_workspace, 'member-added', v_login, lower(btrim(p_email)) || ' como supervisor (puesta en marcha)');
    RETURN password;
END $$;

-- Four eyes.

CREATE FUNCTION team_set_four_eyes(p_workspace text, p_on boolean, p_resend_limit integer)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    PERFORM team_supervisor(p_workspace);
    IF p_on IS NULL OR p_resend_limit IS NULL OR p_resend_limit < 0 OR p_resend_limit > 1000 THEN
        PERFORM team_raise('KY007', 'four eyes needs on/off and a resend limit of 0 to 1000');
    END IF;
    INSERT INTO team_setting (workspace_id, four_eyes, resend_limit) VALUES (p_workspace, p_on, p_resend_limit)
        ON CONFLICT (workspace_id) DO UPDATE SET four_eyes = p_on, resend_limit = p_resend_limit;
    PERFORM team_event(p_workspace, 'four-eyes-set', p_workspace,
        'cuatro ojos ' || CASE WHEN p_on THEN 'activado' ELSE 'desactivado' END
        || '; reenvíos sin aprobación: ' || p_resend_limit);
END $$;

-- A role as the trail's summaries say it (the records are in Spanish, as the desk's).
CREATE FUNCTION team_role_words(p_role text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE p_role WHEN 'supervisor' THEN 'supervisor' WHEN 'agent' THEN 'agente' ELSE 'analista' END
$$;

CREATE FUNCTION team_action_words(p_action text) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT CASE p_action WHEN 'cancel' THEN 'cancelación' ELSE 'reenvío' END
$$;

CREATE FUNCTION team_ask_approval(p_workspace text, p_action text, p_folio text, p_reason text)
RETURNS team_approval LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    reason text := team_text(p_reason, 500, true);
    result team_approval;
BEGIN
    PERFORM team_me(p_workspace);
    IF p_action IS NULL OR p_action NOT IN ('cancel', 'resend') THEN
        PERFORM team_raise('KY007', 'the action is cancel or resend');
    END IF;
    INSERT INTO team_approval (workspace_id, action, folio, asked_by, reason)
        VALUES (p_workspace, p_action, team_text(p_folio, 100), session_user, reason)
        ON CONFLICT DO NOTHING RETURNING * INTO result;
    IF result IS NULL THEN
        PERFORM team_raise('KY006', 'this action on this folio is already waiting for approval');
    END IF;
    PERFORM team_event(p_workspace, 'approval-asked', result.folio,
        team_action_words(p_action) || ': ' || reason);
    RETURN result;
END $$;

-- Only a supervisor other than the one who asked decides, and only the request the
-- desk showed: its action, folio and requester are passed back and must match (KY009).
CREATE FUNCTION team_decide_approval(p_workspace text, p_id bigint, p_approve boolean,
                                     p_action text, p_folio text, p_asked_by text)
RETURNS team_approval LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    current team_approval;
    result team_approval;
BEGIN
    PERFORM team_supervisor(p_workspace);
    SELECT * INTO current FROM team_approval WHERE workspace_id = p_workspace AND id = p_id FOR UPDATE;
    IF NOT FOUND OR current.state <> 'waiting' THEN
        PERFORM team_raise('KY005', 'the request is no longer waiting');
    END IF;
    IF current.asked_by = session_user THEN
        PERFORM team_raise('KY004', 'a request is approved by another member');
    END IF;
    -- Nor by a login whose password the asker issued (a login they could sign in as).
    IF (SELECT issued_by FROM team_login WHERE login = session_user) = current.asked_by THEN
        PERFORM team_raise('KY004', 'the approver''s password was issued by the asker');
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

-- A service call's intent, before it leaves: a correction or complementary information
-- needs the file's claim (taken or renewed here); a cancellation, or a resend past the
-- workspace's limit, needs an approval a supervisor gave the caller, which this intent
-- uses (once). Returns the intent's sequence and the approval it uses.
CREATE FUNCTION team_intent(p_workspace text, p_operation text, p_target text, p_summary text,
                            OUT seq bigint, OUT approval bigint)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    kind text := team_call_kind(p_operation);
    v_target text := team_text(p_target, 200);
    setting team_setting;
    resends bigint;
BEGIN
    PERFORM team_me(p_workspace);
    IF kind IS NULL THEN
        PERFORM team_raise('KY007', 'not a call the trail records', p_operation);
    END IF;
    IF kind = 'claim' THEN
        PERFORM team_claim_in(p_workspace, split_part(v_target, ' / ', 1), 90, false);
    ELSIF kind IN ('cancel', 'resend') THEN
        SELECT a.id INTO approval FROM team_approval a
            WHERE a.workspace_id = p_workspace AND a.action = kind AND lower(a.folio) = lower(v_target)
              AND a.state = 'approved' AND a.used_by IS NULL AND a.decided_by IS NOT NULL
              AND a.decided_by = session_user
            FOR UPDATE;
        IF approval IS NULL THEN
            SELECT * INTO setting FROM team_setting WHERE workspace_id = p_workspace;
            SELECT count(*) INTO resends FROM team_audit t
                WHERE t.workspace_id = p_workspace AND t.operation = 'POST /verificaciones/{folio}/reenviar'
                  AND lower(t.target) = lower(v_target) AND t.ok AND t.completes IS NOT NULL;
            IF coalesce(setting.four_eyes, false)
               AND (kind = 'cancel' OR resends >= setting.resend_limit) THEN
                PERFORM team_raise('KY011', 'the action needs an approval', resends::text);
            END IF;
        END IF;
    END IF;
    seq := team_append_in(p_workspace, p_operation, v_target, team_text(p_summary, 2000, true),
                          false, 'intent', NULL, NULL);
    IF approval IS NOT NULL THEN
        UPDATE team_approval SET used_by = seq WHERE id = approval;
    END IF;
END $$;

-- How the caller's intent ended (once). `p_late`: written from the desk's local log
-- after the team was unreachable when the call ended. A successful cancellation or
-- resend withdraws the folio's other open requests (the verification changed).
CREATE FUNCTION team_outcome(p_workspace text, p_intent bigint, p_ok boolean, p_code text,
                             p_message text, p_late boolean DEFAULT false)
RETURNS bigint LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    intent team_audit;
    written bigint;
    kind text;
BEGIN
    PERFORM team_me(p_workspace);
    SELECT * INTO intent FROM team_audit
        WHERE workspace_id = p_workspace AND seq = p_intent AND code = 'intent' AND member = session_user;
    IF NOT FOUND OR EXISTS (SELECT 1 FROM team_audit WHERE workspace_id = p_workspace AND completes = p_intent) THEN
        PERFORM team_raise('KY013', 'no such open intent of this member');
    END IF;
    -- The requests first, the trail's lock last (held only while the entry is written).
    kind := team_call_kind(intent.operation);
    IF kind IN ('cancel', 'resend') THEN
        UPDATE team_approval SET state = CASE WHEN p_ok THEN 'sent' ELSE 'failed' END
            WHERE workspace_id = p_workspace AND used_by = p_intent AND state = 'approved';
        -- The verification changed (resent or cancelled): its open requests were asked
        -- of another state, and are withdrawn, as the service's own console does. The
        -- call that withdrew them is in the trail under its member's name.
        IF p_ok THEN
            UPDATE team_approval SET state = 'withdrawn'
                WHERE workspace_id = p_workspace AND lower(folio) = lower(intent.target)
                  AND state IN ('waiting', 'approved') AND used_by IS NULL;
        END IF;
    END IF;
    written := team_append_in(p_workspace, intent.operation, intent.target,
        intent.summary || CASE WHEN p_late THEN ' (resultado tomado del registro local de la mesa)' ELSE '' END,
        coalesce(p_ok, false),
        CASE WHEN p_code IS NULL THEN NULL ELSE left(p_code, 64) END,
        CASE WHEN p_message IS NULL THEN NULL ELSE left(p_message, 2000) END,
        p_intent);
    RETURN written;
END $$;

-- An analyst acknowledged a section's high findings before accepting it (the desk's
-- evidence review): an event in the member's name.
CREATE FUNCTION team_acknowledged(p_workspace text, p_document text, p_summary text)
RETURNS bigint LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    PERFORM team_me(p_workspace);
    RETURN team_event(p_workspace, 'findings-acknowledged', lower(team_text(p_document, 100)),
                      team_text(p_summary, 2000, true));
END $$;

-- A supervisor's signed checkpoint of the chain (the signature is checked by the
-- desks, which hold the public keys; the database checks that it names the chain).
CREATE FUNCTION team_add_checkpoint(p_workspace text, p_seq bigint, p_hash text,
                                    p_public_key text, p_signature text)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    PERFORM team_supervisor(p_workspace);
    IF NOT EXISTS (SELECT 1 FROM team_audit WHERE workspace_id = p_workspace AND seq = p_seq AND hash = p_hash) THEN
        PERFORM team_raise('KY007', 'the checkpoint does not name an entry of the chain');
    END IF;
    INSERT INTO team_checkpoint (workspace_id, seq, hash, signer, public_key, signature)
        VALUES (p_workspace, p_seq, p_hash, session_user, p_public_key, p_signature)
        ON CONFLICT DO NOTHING;
    PERFORM team_event(p_workspace, 'checkpoint-signed', p_seq::text, 'hasta la entrada ' || p_seq);
END $$;

-- The schema's version, so that a desk refuses a database older than it knows (the
-- desks no longer migrate: members may not).
CREATE FUNCTION team_schema_version() RETURNS integer
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$ SELECT 5 $$;

-- What members read: views over the tables (row-level security keeps each login to its
-- workspaces).
CREATE VIEW team_members_v AS
    SELECT workspace_id, login, email, role, must_change FROM team_member
    WHERE login IS NOT NULL AND workspace_id = ANY ((SELECT team_workspaces())::text[]);
CREATE VIEW team_files_v AS
    SELECT workspace_id, flow_id, rfc, status, status_since, document_id, assignee, assigned_at FROM team_file;
CREATE VIEW team_claims_v AS
    SELECT workspace_id, document_id, member, since, lease_until FROM team_claim WHERE lease_until > now();
CREATE VIEW team_notes_v AS
    SELECT id, workspace_id, document_id, member, at, body FROM team_note;
CREATE VIEW team_audit_v AS
    SELECT workspace_id, seq, at_utc, member, operation, target, summary, ok, code, message,
           completes, prev_hash, hash, format FROM team_audit;
CREATE VIEW team_head_v AS SELECT workspace_id, seq, hash FROM team_audit_head;
CREATE VIEW team_open_intents_v AS
    SELECT i.workspace_id, i.seq, i.at_utc, i.member, i.operation, i.target FROM team_audit i
    WHERE i.code = 'intent' AND NOT EXISTS (
        SELECT 1 FROM team_audit o WHERE o.workspace_id = i.workspace_id AND o.completes = i.seq);
CREATE VIEW team_settings_v AS SELECT workspace_id, four_eyes, resend_limit FROM team_setting;
CREATE VIEW team_approvals_v AS
    SELECT id, workspace_id, action, folio, asked_by, asked_at, reason, state, decided_by, used_by FROM team_approval;
CREATE VIEW team_checkpoints_v AS
    SELECT workspace_id, seq, hash, signer, at, public_key, signature FROM team_checkpoint;

-- The members' rights: connect, use the schema, read the views, run the functions.
DO $$
DECLARE
    grp text := current_database() || '_member';
    f text;
    v text;
BEGIN
    EXECUTE format('GRANT CONNECT ON DATABASE %I TO %I', current_database(), grp);
    EXECUTE format('GRANT USAGE ON SCHEMA public TO %I', grp);
    FOREACH v IN ARRAY ARRAY['team_members_v', 'team_files_v', 'team_claims_v', 'team_notes_v',
                             'team_audit_v', 'team_head_v', 'team_open_intents_v', 'team_settings_v',
                             'team_approvals_v', 'team_checkpoints_v'] LOOP
        EXECUTE format('GRANT SELECT ON %I TO %I', v, grp);
    END LOOP;
    FOREACH f IN ARRAY ARRAY[
        'team_workspaces()', 'team_owner_session()', 'team_whoami(text)',
        'team_claim(text, text, double precision, boolean)', 'team_release(text, text)',
        'team_take_over(text, text, text, double precision)', 'team_add_note(text, text, text)',
        'team_follow(text, text[], text[], text[], text[], text[])',
        'team_update(text, text[], text[], text[], text[], text[])', 'team_take_next(text)',
        'team_assign(text, text, text, text)', 'team_add_member(text, text, text, text, boolean)',
        'team_reset_password(text, text)', 'team_change_password(text)',
        'team_remove_member(text, text)', 'team_set_role(text, text, text)',
        'team_set_four_eyes(text, boolean, integer)', 'team_ask_approval(text, text, text, text)',
        'team_decide_approval(text, bigint, boolean, text, text, text)',
        'team_intent(text, text, text, text)', 'team_outcome(text, bigint, boolean, text, text, boolean)',
        'team_acknowledged(text, text, text)',
        'team_add_checkpoint(text, bigint, text, text, text)', 'team_schema_version()'] LOOP
        EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO %I', f, grp);
    END LOOP;
END $$;

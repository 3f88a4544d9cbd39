-- The queue and the trail at a bank's scale (hundreds of desks, a million files), as
-- `make bench` measures them (docs/BENCHMARKS.md, "The team on PostgreSQL"). Profiled
-- at 50 desks (perf on the backends):
--
-- * A member's open files (the cap, checked at every take next and assignment) were
--   counted by reading every file of the workspace, each row through the workspace's
--   policy: the cost of a take next grew with the queue. They are now found through
--   the assignee's index and the member's claims: the count costs what the member
--   holds. Same files counted: not final, and assigned to the member or under a
--   running claim of theirs.
-- * An append that found the trail's head taken waited for it in a subtransaction,
--   then took it again in its own transaction: two lockers of one row, a multixact
--   that every waiter behind it had to read (a fifth of the backends' time), and each
--   wait step first read pg_locks (which stops every backend's lock table) to decide
--   whether to end the holder. Now the step that gets the head writes the entry in
--   the same subtransaction (one locker), and the holder is looked at only after a
--   step went by without the head. The limit is unchanged: a holder past
--   team_hold_limit() is ended, and a waiter gives up after the limit and three
--   seconds (lock_not_available: "busy"). As before, a holder whose lock on the head
--   was taken inside a subtransaction (a savepoint of theirs, or such a step of their
--   own append that waited) is not found by the row's lock: the head's xmax then
--   names a subtransaction that pg_locks no longer shows. Such a member holds the
--   others' appends ("busy") until a supervisor removes or demotes them, which ends
--   their sessions (docs/SECURITY.md).
-- * Every transaction that notifies takes one cluster-wide lock until its commit has
--   ended (PostgreSQL's LISTEN/NOTIFY keeps notices in commit order), so commits that
--   notify go one at a time, each with its WAL flush when fsync is on: take next
--   could not pass one flush a call, whatever the desks' number. Take next (a file
--   of the queue given to the member who asks, nothing else of it changed), as a desk
--   of this version asks for it (team_take_next_quietly), no longer notifies in its
--   own transaction; the desk tells the team afterwards
--   (team_tell_taken), in a transaction that writes nothing and so flushes nothing.
--   A desk that fails between the two leaves the others a take behind until the next
--   change they hear: the queue's rows are right whenever they are read, and a second
--   desk that asks for the same file is never given it (the row is held).

CREATE OR REPLACE FUNCTION team_open_files(p_workspace text, p_login text) RETURNS bigint
LANGUAGE plpgsql STABLE SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    RETURN (SELECT count(*) FROM (
        SELECT f.flow_id, f.rfc FROM team_file f
        WHERE f.workspace_id = p_workspace AND f.assignee = p_login
          AND NOT team_status_final(f.status)
        UNION
        SELECT f.flow_id, f.rfc FROM team_claim c
        JOIN team_file f ON f.workspace_id = c.workspace_id AND f.document_id = c.document_id
        WHERE c.workspace_id = p_workspace AND c.member = p_login AND c.lease_until > now()
          AND NOT team_status_final(f.status)) AS open);
END $$;

-- Writes the entry after the head (`p_seq`, `p_prev`), which the caller holds, and
-- moves the head to it.
CREATE FUNCTION team_append_after(p_workspace text, p_seq bigint, p_prev text, p_operation text,
                                  p_target text, p_summary text, p_ok boolean, p_code text,
                                  p_message text, p_completes bigint)
RETURNS bigint LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    at text;
    h text;
BEGIN
    -- Read once the head is held, so that the chain's times never go back.
    at := to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
    h := team_entry_hash(p_workspace, p_seq + 1, at, session_user, p_operation, p_target,
                         p_summary, p_ok, p_code, p_message, p_completes, p_prev);
    INSERT INTO team_audit (workspace_id, seq, at_utc, member, operation, target, summary, ok,
                            code, message, completes, prev_hash, hash, format)
        VALUES (p_workspace, p_seq + 1, at, session_user, p_operation, p_target, p_summary, p_ok,
                p_code, p_message, p_completes, p_prev, h, 2);
    UPDATE team_audit_head SET seq = p_seq + 1, hash = h WHERE workspace_id = p_workspace;
    RETURN p_seq + 1;
END $$;
REVOKE ALL ON FUNCTION team_append_after(text, bigint, text, text, text, text, boolean, text, text, bigint)
    FROM PUBLIC;

-- Appends an entry by the caller (`session_user`) at the database's time, chained
-- under the head row's lock. Internal: the members' functions call it. The head is
-- tried without waiting first; when another transaction holds it, it is waited for in
-- steps of half a second, each step a subtransaction that, once it has the head, also
-- writes the entry. After a step without it, the holder is ended if it has held its
-- transaction open longer than team_hold_limit(); after the limit and three seconds
-- the wait gives up (lock_not_available).
CREATE OR REPLACE FUNCTION team_append_in(p_workspace text, p_operation text, p_target text, p_summary text,
                                          p_ok boolean, p_code text, p_message text, p_completes bigint)
RETURNS bigint LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    last_seq bigint;
    prev text;
    started timestamptz := clock_timestamp();
    own_timeout text := current_setting('lock_timeout');
    holder xid;
BEGIN
    SELECT seq, hash INTO last_seq, prev FROM team_audit_head WHERE workspace_id = p_workspace
        FOR UPDATE SKIP LOCKED;
    IF FOUND THEN
        RETURN team_append_after(p_workspace, last_seq, prev, p_operation, p_target, p_summary,
                                 p_ok, p_code, p_message, p_completes);
    END IF;
    IF NOT EXISTS (SELECT 1 FROM team_audit_head WHERE workspace_id = p_workspace) THEN
        INSERT INTO team_audit_head (workspace_id, seq, hash)
            VALUES (p_workspace, 0, repeat('0', 64)) ON CONFLICT DO NOTHING;
    END IF;
    LOOP
        BEGIN
            PERFORM set_config('lock_timeout', '500ms', true);
            SELECT seq, hash INTO last_seq, prev FROM team_audit_head WHERE workspace_id = p_workspace
                FOR UPDATE;
            PERFORM set_config('lock_timeout', own_timeout, true);
            RETURN team_append_after(p_workspace, last_seq, prev, p_operation, p_target, p_summary,
                                     p_ok, p_code, p_message, p_completes);
        EXCEPTION WHEN lock_not_available THEN
            -- The step's settings went with it: the caller's lock timeout is back.
            IF clock_timestamp() - started > team_hold_limit() + interval '3 seconds' THEN
                RAISE;
            END IF;
            SELECT xmax INTO holder FROM team_audit_head WHERE workspace_id = p_workspace;
            PERFORM team_admin.team_end_holder(holder, team_hold_limit());
        END;
    END LOOP;
END $$;

-- "Take next" as the desks of this version ask for it: the same take (migration 0006),
-- marked for the queue's notice below, which then says nothing; the desk tells the team
-- once it has committed. A desk of an older version calls team_take_next itself, whose
-- take is heard from its own transaction as before. A member who sets the mark by hand
-- (psql) can only keep their own takes, and a supervisor her assignments to herself,
-- from being heard at once: the other desks see them at the next change they hear.
CREATE FUNCTION team_take_next_quietly(p_workspace text)
RETURNS TABLE (flow_id text, rfc text, status text, document_id text, assignee text)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    PERFORM set_config('kyb_team.taking', 'on', true);
    RETURN QUERY SELECT * FROM team_take_next(p_workspace);
    PERFORM set_config('kyb_team.taking', '', true);
END $$;
REVOKE ALL ON FUNCTION team_take_next_quietly(text) FROM PUBLIC;

-- The queue's notice (as team_notify's), on every change but a quiet take.
CREATE FUNCTION team_file_notify_unless_taken() RETURNS trigger
LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND current_setting('kyb_team.taking', true) = 'on'
       AND OLD.assignee IS NULL AND NEW.assignee = session_user
       AND to_jsonb(OLD) - 'assignee' - 'assigned_at' = to_jsonb(NEW) - 'assignee' - 'assigned_at' THEN
        RETURN NULL;
    END IF;
    PERFORM pg_notify('kyb_team',
                      CASE WHEN TG_OP = 'DELETE' THEN OLD.workspace_id ELSE NEW.workspace_id END
                      || ' ' || TG_TABLE_NAME);
    RETURN NULL;
END $$;
DROP TRIGGER team_file_notify ON team_file;
CREATE TRIGGER team_file_notify AFTER INSERT OR DELETE OR UPDATE ON team_file
    FOR EACH ROW EXECUTE FUNCTION team_file_notify_unless_taken();

-- A desk that was given a file tells the team, once its take has committed.
CREATE FUNCTION team_tell_taken(p_workspace text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    PERFORM team_me(p_workspace);
    PERFORM pg_notify('kyb_team', p_workspace || ' team_file');
END $$;
REVOKE ALL ON FUNCTION team_tell_taken(text) FROM PUBLIC;

DO $$
BEGIN
    EXECUTE format('GRANT EXECUTE ON FUNCTION team_take_next_quietly(text) TO %I', current_database() || '_member');
    EXECUTE format('GRANT EXECUTE ON FUNCTION team_tell_taken(text) TO %I', current_database() || '_member');
END $$;

-- A workspace's queue holds at most 50,000 files unless its company's IT raises it
-- for that workspace (the owner's hand, as in docs/OPERATIONS.md: `UPDATE
-- team_setting SET queue_limit = … WHERE workspace_id = …`), up to 10,000,000: a bank's
-- queue of a million is a choice, and a member still cannot grow it past the limit.
ALTER TABLE team_setting ADD COLUMN queue_limit integer NOT NULL DEFAULT 50000
    CHECK (queue_limit BETWEEN 1 AND 10000000);

CREATE OR REPLACE FUNCTION team_follow(p_workspace text, p_flow_ids text[], p_rfcs text[], p_statuses text[],
                                       p_document_ids text[], p_updated_ats text[])
RETURNS bigint LANGUAGE plpgsql SECURITY DEFINER
SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    added bigint;
BEGIN
    PERFORM team_me(p_workspace);
    IF (SELECT count(*) FROM team_file WHERE workspace_id = p_workspace) + cardinality(p_flow_ids)
       > coalesce((SELECT s.queue_limit FROM team_setting s WHERE s.workspace_id = p_workspace), 50000) THEN
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

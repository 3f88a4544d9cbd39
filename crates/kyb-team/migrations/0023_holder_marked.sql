-- A member who held the trail's head (or the workspace's row) from inside a
-- subtransaction could keep the others' appends waiting until a supervisor removed
-- them: a savepoint of their own around a call, released, or a step of their own
-- append that had to wait. The row's xmax then names the subtransaction, whose id's lock
-- PostgreSQL lets go when it ends, so the limit's search by that lock found nobody.
-- Now every transaction that takes one of those rows also takes its mark
-- (team_admin.team_hold_mark: an advisory lock, held to the transaction's end wherever
-- it was taken), and a waiter past the limit ends the holder found by the row's lock or
-- by the mark (team_admin.team_end_holder, in four arguments), or, when that holder is
-- itself waiting, the session it waits for; a hold is counted from the transaction's
-- start or its last wait for such a row (team_admin.team_waited_mark), whichever is
-- later, and for at most two whole waits. The limit itself is unchanged
-- (team_hold_limit()); the mark costs a shared lock per append. A transaction takes the
-- workspace's row before the head, never after it. Found by an attack
-- review, too: the workspace's row was made by an insert that waited for a transaction
-- that had changed it (with no step that ends a holder), and four eyes wrote the row
-- outside its lock.
--
-- The mark's functions are the administrator's (`setup/logins.sql`): this migration
-- needs `kyb-team-setup prepare` run again first (docs/OPERATIONS.md), and says so.

DO $$
BEGIN
    IF to_regprocedure('team_admin.team_end_holder(xid, interval, text, text)') IS NULL
       OR to_regprocedure('team_admin.team_hold_mark(text, text)') IS NULL
       OR to_regprocedure('team_admin.team_waited_mark()') IS NULL THEN
        RAISE EXCEPTION 'this version''s login functions are missing: run kyb-team-setup prepare again, then migrate';
    END IF;
END $$;

-- Writes the entry after the head (`p_seq`, `p_prev`), which the caller holds, and
-- moves the head to it; marks the transaction as the head's holder.
CREATE OR REPLACE FUNCTION team_append_after(p_workspace text, p_seq bigint, p_prev text, p_operation text,
                                             p_target text, p_summary text, p_ok boolean, p_code text,
                                             p_message text, p_completes bigint)
RETURNS bigint LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    at text;
    h text;
BEGIN
    PERFORM team_admin.team_hold_mark('team_audit_head', p_workspace);
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

-- Appends an entry by the caller (`session_user`) at the database's time, chained
-- under the head row's lock (migration 0022), the holder past the limit found by the
-- head's lock or its mark.
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
    -- Waiting from now: marked as it starts, after each step, and once it has the row.
    PERFORM team_admin.team_waited_mark();
    LOOP
        BEGIN
            PERFORM set_config('lock_timeout', '500ms', true);
            SELECT seq, hash INTO last_seq, prev FROM team_audit_head WHERE workspace_id = p_workspace
                FOR UPDATE;
            PERFORM set_config('lock_timeout', own_timeout, true);
            PERFORM team_admin.team_waited_mark();
            RETURN team_append_after(p_workspace, last_seq, prev, p_operation, p_target, p_summary,
                                     p_ok, p_code, p_message, p_completes);
        EXCEPTION WHEN lock_not_available THEN
            -- Waiting still, until now: what this transaction holds meanwhile (the
            -- workspace's row, say) is not held up by it.
            PERFORM team_admin.team_waited_mark();
            -- The step's settings went with it: the caller's lock timeout is back.
            IF clock_timestamp() - started > team_hold_limit() + interval '3 seconds' THEN
                RAISE;
            END IF;
            SELECT xmax INTO holder FROM team_audit_head WHERE workspace_id = p_workspace;
            PERFORM team_admin.team_end_holder(holder, team_hold_limit(), 'team_audit_head', p_workspace);
        END;
    END LOOP;
END $$;

-- Takes the lock of `p_table`'s row of the workspace, which another transaction holds,
-- as migration 0013 says; the holder past the limit found by the row's lock or its mark.
CREATE OR REPLACE FUNCTION team_wait_for_row(p_table text, p_workspace text) RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    started timestamptz := clock_timestamp();
    own_timeout text := current_setting('lock_timeout');
    holder xid;
BEGIN
    IF p_table NOT IN ('team_audit_head', 'team_setting') THEN
        RAISE EXCEPTION 'not a row the team waits on: %', p_table;
    END IF;
    PERFORM team_admin.team_waited_mark();
    LOOP
        EXECUTE format('SELECT xmax FROM %I WHERE workspace_id = $1', p_table) INTO holder USING p_workspace;
        PERFORM team_admin.team_end_holder(holder, team_hold_limit(), p_table, p_workspace);
        PERFORM set_config('lock_timeout', '500ms', true);
        BEGIN
            EXECUTE format('SELECT 1 FROM %I WHERE workspace_id = $1 FOR UPDATE', p_table) USING p_workspace;
            PERFORM set_config('lock_timeout', own_timeout, true);
            PERFORM team_admin.team_waited_mark();
            RETURN;
        EXCEPTION WHEN lock_not_available THEN
            PERFORM team_admin.team_waited_mark();
            IF clock_timestamp() - started > team_hold_limit() + interval '3 seconds' THEN
                PERFORM set_config('lock_timeout', own_timeout, true);
                RAISE;
            END IF;
        END;
    END LOOP;
END $$;

-- Member changes of a workspace one at a time (migration 0013), the holder marked. The
-- row is made only when it is missing: an insert that meets a row another transaction
-- has changed waits for that transaction, with no step that ends a holder past the limit.
-- The workspace's row is taken before the trail's head, never after it in the same
-- transaction (refused, 55000, object_not_in_prerequisite_state; no desk does it, only a
-- member's own psql can): one that held the head and waited for the row would wait in a
-- circle with a change that holds the row and waits for the head, each one's steps
-- hiding the circle from PostgreSQL's deadlock check, and each one's waits counting as
-- no hold.
CREATE OR REPLACE FUNCTION team_lock_workspace(p_workspace text) RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_locks
               WHERE pid = pg_backend_pid() AND granted AND locktype = 'advisory' AND objsubid = 1
                 AND (classid::bigint << 32) | objid::bigint
                     = team_admin.team_hold_key('team_audit_head', p_workspace)) THEN
        RAISE EXCEPTION 'the workspace''s row is taken before the trail''s head, not after it'
            USING ERRCODE = 'object_not_in_prerequisite_state';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM team_setting WHERE workspace_id = p_workspace) THEN
        INSERT INTO team_setting (workspace_id) VALUES (p_workspace) ON CONFLICT DO NOTHING;
    END IF;
    PERFORM 1 FROM team_setting WHERE workspace_id = p_workspace FOR UPDATE SKIP LOCKED;
    IF NOT FOUND THEN
        PERFORM team_wait_for_row('team_setting', p_workspace);
    END IF;
    PERFORM team_admin.team_hold_mark('team_setting', p_workspace);
END $$;

-- Four eyes set as every other change of the workspace's row: under its lock, so with
-- its mark (it wrote the row with an upsert of its own, which neither waited in steps
-- nor left a mark).
CREATE OR REPLACE FUNCTION team_set_four_eyes(p_workspace text, p_on boolean, p_resend_limit integer)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    PERFORM team_supervisor(p_workspace);
    IF p_on IS NULL OR p_resend_limit IS NULL OR p_resend_limit < 0 OR p_resend_limit > 1000 THEN
        PERFORM team_raise('KY007', 'four eyes needs on/off and a resend limit of 0 to 1000');
    END IF;
    PERFORM team_lock_workspace(p_workspace);
    UPDATE team_setting SET four_eyes = p_on, resend_limit = p_resend_limit WHERE workspace_id = p_workspace;
    PERFORM team_event(p_workspace, 'four-eyes-set', p_workspace,
        'cuatro ojos ' || CASE WHEN p_on THEN 'activado' ELSE 'desactivado' END
        || '; reenvíos sin aprobación: ' || p_resend_limit);
END $$;

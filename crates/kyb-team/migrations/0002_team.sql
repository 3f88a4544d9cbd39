-- The team around the queue: its members and roles, claims on files under review,
-- internal notes, the central audit trail, four-eyes approvals, and a notification on
-- every change so that other desks see it within a second.

-- A file's DocumentId, once a tracking has given it: claims, notes and links name it.
ALTER TABLE team_file ADD COLUMN document_id text;
CREATE INDEX team_file_document ON team_file (workspace_id, document_id);

-- Who is in the team and what each does. Roles guide the work; they are not a
-- security boundary (every member holds the same service key).
CREATE TABLE team_member (
    workspace_id text NOT NULL,
    email        text NOT NULL,
    role         text NOT NULL CHECK (role IN ('analyst', 'agent', 'supervisor')),
    set_by       text,
    set_at       timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (workspace_id, email)
);

-- Who is reviewing a file now. A lease, renewed while the review is open: a desk that
-- crashed or lost its network frees the file when its lease runs out.
CREATE TABLE team_claim (
    workspace_id text NOT NULL,
    document_id  text NOT NULL,
    member       text NOT NULL,
    since        timestamptz NOT NULL DEFAULT now(),
    lease_until  timestamptz NOT NULL,
    PRIMARY KEY (workspace_id, document_id)
);

-- Internal notes on a file, for the team only: never sent to the service.
CREATE TABLE team_note (
    id           bigserial PRIMARY KEY,
    workspace_id text NOT NULL,
    document_id  text NOT NULL,
    member       text NOT NULL,
    at           timestamptz NOT NULL DEFAULT now(),
    body         text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000)
);
CREATE INDEX team_note_file ON team_note (workspace_id, document_id, at);

-- The central audit trail: append-only, one hash chain per workspace. `hash` is the
-- SHA-256 of the entry's fields with the previous entry's hash (computed by the desk,
-- see audit.rs); `team_audit_head` is the chain's last link, locked while an entry is
-- appended so that two desks never fork the chain.
CREATE TABLE team_audit (
    workspace_id text   NOT NULL,
    seq          bigint NOT NULL CHECK (seq > 0),
    at_utc       text   NOT NULL,
    member       text   NOT NULL,
    operation    text   NOT NULL,
    target       text   NOT NULL,
    summary      text   NOT NULL,
    ok           boolean NOT NULL,
    code         text,
    message      text,
    completes    bigint,
    prev_hash    text   NOT NULL,
    hash         text   NOT NULL,
    PRIMARY KEY (workspace_id, seq)
);

CREATE TABLE team_audit_head (
    workspace_id text PRIMARY KEY,
    seq          bigint NOT NULL,
    hash         text   NOT NULL
);

-- Entries are never changed or removed: not by the app's role (which owns the table,
-- having run this migration, and gives the rights up here), and not by mistake (the
-- triggers refuse it whoever asks, unless a superuser turns them off; the chain's
-- verification finds what such a hand changed).
REVOKE UPDATE, DELETE, TRUNCATE ON team_audit FROM PUBLIC;
DO $$ BEGIN
    EXECUTE format('REVOKE UPDATE, DELETE, TRUNCATE ON team_audit FROM %I', current_user);
END $$;

CREATE FUNCTION team_audit_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the team audit trail is append-only';
END $$;
CREATE TRIGGER team_audit_no_change BEFORE UPDATE OR DELETE ON team_audit
    FOR EACH ROW EXECUTE FUNCTION team_audit_refuse();
CREATE TRIGGER team_audit_no_truncate BEFORE TRUNCATE ON team_audit
    FOR EACH STATEMENT EXECUTE FUNCTION team_audit_refuse();

-- Four eyes: which actions need a second member, and the requests for it.
CREATE TABLE team_setting (
    workspace_id text PRIMARY KEY,
    four_eyes    boolean NOT NULL DEFAULT false,
    -- A resend needs approval once the verification was resent this many times.
    resend_limit integer NOT NULL DEFAULT 2 CHECK (resend_limit >= 0)
);

CREATE TABLE team_approval (
    id           bigserial PRIMARY KEY,
    workspace_id text NOT NULL,
    action       text NOT NULL CHECK (action IN ('cancel', 'resend')),
    folio        text NOT NULL,
    asked_by     text NOT NULL,
    asked_at     timestamptz NOT NULL DEFAULT now(),
    reason       text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
    state        text NOT NULL DEFAULT 'waiting'
                 CHECK (state IN ('waiting', 'approved', 'declined', 'sent', 'failed')),
    decided_by   text,
    decided_at   timestamptz,
    CHECK (decided_by IS NULL OR decided_by <> asked_by)
);
-- One open request per action and folio (a folio in any case is the same folio).
CREATE UNIQUE INDEX team_approval_open ON team_approval (workspace_id, action, lower(folio))
    WHERE state IN ('waiting', 'approved');

-- Every change tells the desks listening on `kyb_team`: "<workspace> <table>".
CREATE FUNCTION team_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    ws text;
BEGIN
    IF TG_OP = 'DELETE' THEN ws := OLD.workspace_id; ELSE ws := NEW.workspace_id; END IF;
    PERFORM pg_notify('kyb_team', ws || ' ' || TG_TABLE_NAME);
    RETURN NULL;
END $$;
CREATE TRIGGER team_file_notify AFTER INSERT OR UPDATE OR DELETE ON team_file
    FOR EACH ROW EXECUTE FUNCTION team_notify();
CREATE TRIGGER team_member_notify AFTER INSERT OR UPDATE OR DELETE ON team_member
    FOR EACH ROW EXECUTE FUNCTION team_notify();
CREATE TRIGGER team_claim_notify AFTER INSERT OR UPDATE OR DELETE ON team_claim
    FOR EACH ROW EXECUTE FUNCTION team_notify();
CREATE TRIGGER team_note_notify AFTER INSERT ON team_note
    FOR EACH ROW EXECUTE FUNCTION team_notify();
CREATE TRIGGER team_audit_notify AFTER INSERT ON team_audit
    FOR EACH ROW EXECUTE FUNCTION team_notify();
CREATE TRIGGER team_setting_notify AFTER INSERT OR UPDATE ON team_setting
    FOR EACH ROW EXECUTE FUNCTION team_notify();
CREATE TRIGGER team_approval_notify AFTER INSERT OR UPDATE ON team_approval
    FOR EACH ROW EXECUTE FUNCTION team_notify();

-- SLA of the team (issue 32, 1): the workspace's SLA policy, kept here so that every
-- desk of the team counts its clocks alike, and the status history of the queue's
-- files, so that every desk computes the same status spans.
--
-- * The policy is the desk's typed struct (kyb_desk_core::sla::SlaPolicy, validated in
--   Rust before it is sent); the database keeps it as a bounded JSON object of the
--   right shape (team_sla_policy_shape), set only by a supervisor of the workspace
--   (team_set_sla_policy, SECURITY DEFINER, fixed search_path; anyone else KY002), who
--   is stamped as session_user. Members read it through team_sla_policy_v.
-- * team_status_history gets a row from a trigger whenever a queue file's status is
--   set or changes, dated by the service's status time when the desk gave one
--   (status_updated_at, 0004), else by the moment the database learnt it. Members
--   read it through team_status_history_v; nobody writes it but the trigger.

CREATE TABLE team_sla_policy (
    workspace_id text PRIMARY KEY,
    policy       jsonb NOT NULL CHECK (jsonb_typeof(policy) = 'object' AND octet_length(policy::text) <= 8000),
    updated_by   text NOT NULL,
    updated_at   timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE team_sla_policy ENABLE ROW LEVEL SECURITY;
ALTER TABLE team_sla_policy FORCE ROW LEVEL SECURITY;
CREATE POLICY team_sla_policy_workspace ON team_sla_policy
    USING (workspace_id = ANY (ARRAY(SELECT m.workspace_id FROM team_member m
                                     WHERE m.login = (SELECT session_user)))
           OR (SELECT team_owner_session()))
    WITH CHECK (workspace_id = ANY (ARRAY(SELECT m.workspace_id FROM team_member m
                                          WHERE m.login = (SELECT session_user)))
                OR (SELECT team_owner_session()));

-- A policy as the database keeps it: an object holding a `calendar` object (working
-- days an array of at most 7 numbers, opening and closing minutes and the UTC offset
-- numbers, the holidays a boolean, the days off an array of at most 366 strings) and a
-- `targets` object (each target a number or null, the "por vencer" window a number),
-- of at most 8000 bytes; else KY007. The bounds themselves are Rust's.
CREATE FUNCTION team_sla_policy_shape(p jsonb) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    c jsonb := p -> 'calendar';
    t jsonb := p -> 'targets';
    k text;
BEGIN
    IF p IS NULL OR jsonb_typeof(p) <> 'object' OR octet_length(p::text) > 8000
       OR jsonb_typeof(c) IS DISTINCT FROM 'object' OR jsonb_typeof(t) IS DISTINCT FROM 'object'
       OR jsonb_typeof(c -> 'workingDays') IS DISTINCT FROM 'array'
       OR jsonb_array_length(c -> 'workingDays') NOT BETWEEN 1 AND 7
       OR EXISTS (SELECT 1 FROM jsonb_array_elements(c -> 'workingDays') d WHERE jsonb_typeof(d) <> 'number')
       OR jsonb_typeof(c -> 'opensAtMinute') IS DISTINCT FROM 'number'
       OR jsonb_typeof(c -> 'closesAtMinute') IS DISTINCT FROM 'number'
       OR jsonb_typeof(c -> 'utcOffsetMinutes') IS DISTINCT FROM 'number'
       OR jsonb_typeof(c -> 'statutoryHolidays') IS DISTINCT FROM 'boolean'
       OR jsonb_typeof(c -> 'daysOff') IS DISTINCT FROM 'array'
       OR jsonb_array_length(c -> 'daysOff') > 366
       OR EXISTS (SELECT 1 FROM jsonb_array_elements(c -> 'daysOff') d WHERE jsonb_typeof(d) <> 'string')
       OR jsonb_typeof(t -> 'atRiskHours') IS DISTINCT FROM 'number' THEN
        PERFORM team_raise('KY007', 'an SLA policy is a calendar and targets of the desk''s shape, at most 8000 bytes');
    END IF;
    FOREACH k IN ARRAY ARRAY['queuedHours', 'inReviewHours', 'enrollingHours', 'enrollmentFailedHours', 'unknownHours'] LOOP
        IF coalesce(jsonb_typeof(t -> k), 'null') NOT IN ('number', 'null') THEN
            PERFORM team_raise('KY007', 'an SLA target is a number of hours or none');
        END IF;
    END LOOP;
    RETURN p;
END $$;

-- Sets the workspace's SLA policy: a supervisor only (KY002 otherwise).
CREATE FUNCTION team_set_sla_policy(p_workspace text, p_policy jsonb)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_policy jsonb := team_sla_policy_shape(p_policy);
BEGIN
    PERFORM team_supervisor(p_workspace);
    INSERT INTO team_sla_policy (workspace_id, policy, updated_by, updated_at)
        VALUES (p_workspace, v_policy, session_user, now())
        ON CONFLICT (workspace_id) DO UPDATE
        SET policy = EXCLUDED.policy, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at;
END $$;

CREATE VIEW team_sla_policy_v AS
    SELECT workspace_id, policy, updated_by, updated_at FROM team_sla_policy;

CREATE TABLE team_status_history (
    id           bigserial PRIMARY KEY,
    workspace_id text NOT NULL,
    flow_id      text NOT NULL,
    rfc          text NOT NULL,
    status       text NOT NULL,
    since        timestamptz NOT NULL
);
CREATE INDEX team_status_history_file ON team_status_history (workspace_id, flow_id, rfc, id);

ALTER TABLE team_status_history ENABLE ROW LEVEL SECURITY;
ALTER TABLE team_status_history FORCE ROW LEVEL SECURITY;
CREATE POLICY team_status_history_workspace ON team_status_history
    USING (workspace_id = ANY (ARRAY(SELECT m.workspace_id FROM team_member m
                                     WHERE m.login = (SELECT session_user)))
           OR (SELECT team_owner_session()))
    WITH CHECK (workspace_id = ANY (ARRAY(SELECT m.workspace_id FROM team_member m
                                          WHERE m.login = (SELECT session_user)))
                OR (SELECT team_owner_session()));

-- A status set or changed is appended, dated by the service when it said when.
CREATE FUNCTION team_status_history_append() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    IF NEW.status <> '' AND (TG_OP = 'INSERT' OR NEW.status IS DISTINCT FROM OLD.status) THEN
        INSERT INTO team_status_history (workspace_id, flow_id, rfc, status, since)
            VALUES (NEW.workspace_id, NEW.flow_id, NEW.rfc, NEW.status,
                    coalesce(NEW.status_updated_at, now()));
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER team_file_status_history AFTER INSERT OR UPDATE OF status ON team_file
    FOR EACH ROW EXECUTE FUNCTION team_status_history_append();

-- The files' statuses as they were set before this migration: one span each from the
-- time the queue knew.
INSERT INTO team_status_history (workspace_id, flow_id, rfc, status, since)
    SELECT workspace_id, flow_id, rfc, status, coalesce(status_updated_at, status_since)
    FROM team_file WHERE status <> '';

CREATE VIEW team_status_history_v AS
    SELECT id, workspace_id, flow_id, rfc, status, since FROM team_status_history;

CREATE OR REPLACE FUNCTION team_schema_version() RETURNS integer
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$ SELECT 9 $$;

DO $$
DECLARE
    grp text := current_database() || '_member';
BEGIN
    EXECUTE format('GRANT SELECT ON team_sla_policy_v TO %I', grp);
    EXECUTE format('GRANT SELECT ON team_status_history_v TO %I', grp);
    EXECUTE format('GRANT EXECUTE ON FUNCTION team_set_sla_policy(text, jsonb) TO %I', grp);
END $$;

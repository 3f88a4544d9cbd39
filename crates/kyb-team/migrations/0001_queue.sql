-- The team's queue: every file the team follows, per workspace, with its status, since
-- when it has had it, and who has the file (none: it waits for someone to take it).
CREATE TABLE team_file (
    workspace_id text NOT NULL,
    flow_id      text NOT NULL,
    rfc          text NOT NULL,
    status       text NOT NULL DEFAULT '',
    status_since timestamptz NOT NULL DEFAULT now(),
    assignee     text,
    assigned_at  timestamptz,
    PRIMARY KEY (workspace_id, flow_id, rfc),
    CHECK ((assignee IS NULL) = (assigned_at IS NULL))
);

-- "Take next" reads the oldest unassigned files of a workspace first.
CREATE INDEX team_file_waiting ON team_file (workspace_id, status_since, flow_id, rfc)
    WHERE assignee IS NULL;

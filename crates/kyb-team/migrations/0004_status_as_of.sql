-- As of when the queue's status of a file is true: the service's UpdatedAtUTC for it,
-- as the desk that told the queue had it. A desk tells the queue a status only when
-- its own answer is newer (or the queue has none), so two desks that refreshed a file
-- at different times never overwrite each other in turn.
ALTER TABLE team_file ADD COLUMN status_updated_at timestamptz;

-- The one rule: whether a desk's status of a file (as of `new_at`) is to replace the
-- queue's (as of `queue_at`). An empty status never replaces; a status without a
-- date replaces only an empty one.
CREATE FUNCTION team_status_newer(queue_status text, queue_at timestamptz,
                                  new_status text, new_at timestamptz)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
    SELECT new_status <> '' AND (
        (new_at IS NOT NULL AND (queue_at IS NULL OR new_at > queue_at))
        OR queue_status = '')
$$;

-- A claim's renewal (the same member, the same since, a later lease) is no news to
-- the other desks: an open review renews every 30 s, and each notice makes every desk
-- read its team data again. Taking a file, taking it over, taking it again once its
-- lease ran out, and letting it go still tell them.
DROP TRIGGER team_claim_notify ON team_claim;
CREATE TRIGGER team_claim_notify AFTER INSERT OR DELETE ON team_claim
    FOR EACH ROW EXECUTE FUNCTION team_notify();
CREATE TRIGGER team_claim_changed_notify AFTER UPDATE ON team_claim
    FOR EACH ROW
    WHEN (OLD.member IS DISTINCT FROM NEW.member
          OR OLD.since IS DISTINCT FROM NEW.since
          OR OLD.lease_until <= now())
    EXECUTE FUNCTION team_notify();

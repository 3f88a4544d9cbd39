-- The schema's version is the newest of the house's migrations applied, read from the
-- migrations' own record, so no later migration writes the number again. The house
-- numbers its migrations 0001 to 9999 (`build.rs` checks it); any other row is not one
-- of them and does not count. The record is read with the owner's rights (members
-- cannot read it); desks compare the version with the newest migration they embed
-- (kyb_team::SCHEMA_VERSION) and refuse an older schema.

CREATE OR REPLACE FUNCTION team_schema_version() RETURNS integer
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT coalesce(max(version), 0)::integer FROM _sqlx_migrations
    WHERE success AND version BETWEEN 1 AND 9999
$$;

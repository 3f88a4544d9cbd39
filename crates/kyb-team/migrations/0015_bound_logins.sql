-- Binding a login (a directory's, from LDAP or Kerberos through pg_hba.conf) took any
-- plain login of the cluster: another application's service account (whose connection
-- limit the bind then rewrote), another team database's member (whose issuer this
-- database cannot see, so four eyes could not follow it), or another workspace's
-- member here (whose password resets that workspace then lost). Now a login is bound
-- only when IT made it for this team, by granting it the role `<database>_directory`
-- (setup/logins.sql makes it; README, "Team"), and only while no workspace of this
-- database, and no other team database, counts it a member (team_admin.team_login_bind
-- checks the roles; this function the workspaces).

CREATE OR REPLACE FUNCTION team_login_join(p_workspace text, p_login text, p_bind boolean) RETURNS text
LANGUAGE plpgsql SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    password text;
BEGIN
    IF p_bind THEN
        -- Two workspaces binding one login at once are taken in turn (each locks only
        -- its own workspace), so that the second sees the first's member.
        PERFORM pg_advisory_xact_lock(hashtext('team_login_join'), hashtext(p_login));
        IF EXISTS (SELECT 1 FROM team_member WHERE login = p_login) THEN
            PERFORM team_raise('KY015', 'a login another workspace counts a member is not bound here', p_login);
        END IF;
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

CREATE OR REPLACE FUNCTION team_schema_version() RETURNS integer
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$ SELECT 15 $$;

-- The team's trail records each change of the workspace's SLA policy (issue 32, found
-- by attacking it): team_set_sla_policy replaced the policy, and only its row said by
-- whom and when, so a supervisor could widen a target, let a breach pass, and set it
-- back with nothing in the trail. Now each save appends a 'team: sla-policy-set' event
-- (target: the workspace) by the caller, with what changed in a short summary, old and
-- new ("En Revisión: 16 h → 8 h; Horario: 09:00–18:00 → 00:00–24:00"; "sin cambios"
-- for a save of the same policy; '—' for the first one's old values). The function
-- keeps 0010's checks, in 0010's order: who asks, then the shape.

-- A target's hours as the summary words them: 'sin plazo' for none (JSON null), NULL
-- when there is no value at all (no policy before).
CREATE FUNCTION team_sla_hours_words(v jsonb) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN v IS NULL THEN NULL
                WHEN jsonb_typeof(v) = 'null' THEN 'sin plazo'
                ELSE left(v::text, 20) || ' h' END
$$;

-- Minutes after midnight as HH:MM; any other number (the shape allows it) as written.
CREATE FUNCTION team_sla_minute_words(v jsonb) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN v IS NULL THEN NULL
                WHEN v::text ~ '^[0-9]{1,4}$' THEN
                    lpad(((v::text)::int / 60)::text, 2, '0') || ':' || lpad(((v::text)::int % 60)::text, 2, '0')
                ELSE left(v::text, 20) END
$$;

-- The policy's parts, one line of the summary each, in the form's order.
CREATE FUNCTION team_sla_policy_words(p_old jsonb, p_new jsonb) RETURNS text
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$
    WITH part(n, label, old, new) AS (
        SELECT w.n, w.label, w.old, w.new FROM (VALUES
            (1, 'Pendiente', team_sla_hours_words(p_old #> '{targets,queuedHours}'),
                             team_sla_hours_words(p_new #> '{targets,queuedHours}')),
            (2, 'En Revisión', team_sla_hours_words(p_old #> '{targets,inReviewHours}'),
                               team_sla_hours_words(p_new #> '{targets,inReviewHours}')),
            (3, 'Enrolamiento Iniciado', team_sla_hours_words(p_old #> '{targets,enrollingHours}'),
                                         team_sla_hours_words(p_new #> '{targets,enrollingHours}')),
            (4, 'Enrolamiento Fallido', team_sla_hours_words(p_old #> '{targets,enrollmentFailedHours}'),
                                        team_sla_hours_words(p_new #> '{targets,enrollmentFailedHours}')),
            (5, 'Otro estatus', team_sla_hours_words(p_old #> '{targets,unknownHours}'),
                                team_sla_hours_words(p_new #> '{targets,unknownHours}')),
            (6, 'Por vencer', team_sla_hours_words(p_old #> '{targets,atRiskHours}'),
                              team_sla_hours_words(p_new #> '{targets,atRiskHours}')),
            (7, 'Días hábiles',
                (SELECT string_agg(CASE WHEN d ~ '^[1-7]$'
                                        THEN (ARRAY['lun','mar','mié','jue','vie','sáb','dom'])[d::int]
                                        ELSE left(d, 20) END, ' ' ORDER BY o)
                 FROM jsonb_array_elements_text(p_old #> '{calendar,workingDays}') WITH ORDINALITY AS x(d, o)),
                (SELECT string_agg(CASE WHEN d ~ '^[1-7]$'
                                        THEN (ARRAY['lun','mar','mié','jue','vie','sáb','dom'])[d::int]
                                        ELSE left(d, 20) END, ' ' ORDER BY o)
                 FROM jsonb_array_elements_text(p_new #> '{calendar,workingDays}') WITH ORDINALITY AS x(d, o))),
            (8, 'Horario',
                team_sla_minute_words(p_old #> '{calendar,opensAtMinute}') || '–'
                    || team_sla_minute_words(p_old #> '{calendar,closesAtMinute}'),
                team_sla_minute_words(p_new #> '{calendar,opensAtMinute}') || '–'
                    || team_sla_minute_words(p_new #> '{calendar,closesAtMinute}')),
            (9, 'Diferencia con UTC (min)', left(p_old #>> '{calendar,utcOffsetMinutes}', 20),
                                            left(p_new #>> '{calendar,utcOffsetMinutes}', 20)),
            (10, 'Feriados oficiales',
                 CASE p_old #>> '{calendar,statutoryHolidays}' WHEN 'true' THEN 'sí' WHEN 'false' THEN 'no' END,
                 CASE p_new #>> '{calendar,statutoryHolidays}' WHEN 'true' THEN 'sí' WHEN 'false' THEN 'no' END),
            -- The days off by their number; other dates with as many days say so.
            (11, 'Días libres',
                 jsonb_array_length(p_old #> '{calendar,daysOff}')::text,
                 jsonb_array_length(p_new #> '{calendar,daysOff}')::text
                 || CASE WHEN jsonb_array_length(p_old #> '{calendar,daysOff}')
                                  = jsonb_array_length(p_new #> '{calendar,daysOff}')
                              AND EXISTS (SELECT d FROM jsonb_array_elements_text(p_old #> '{calendar,daysOff}') d
                                          EXCEPT
                                          SELECT d FROM jsonb_array_elements_text(p_new #> '{calendar,daysOff}') d)
                         THEN ' (otras fechas)' ELSE '' END)
        ) AS w(n, label, old, new)
    )
    SELECT coalesce(string_agg(label || ': ' || team_change_words(old, new), '; ' ORDER BY n), 'sin cambios')
    FROM part WHERE old IS DISTINCT FROM new
$$;

CREATE OR REPLACE FUNCTION team_set_sla_policy(p_workspace text, p_policy jsonb)
RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE
    v_policy jsonb;
    v_old jsonb;
BEGIN
    PERFORM team_supervisor(p_workspace);
    v_policy := team_sla_policy_shape(p_policy);
    -- The row locked, so that two saves at once each name the policy they replaced.
    SELECT policy INTO v_old FROM team_sla_policy WHERE workspace_id = p_workspace FOR UPDATE;
    INSERT INTO team_sla_policy (workspace_id, policy, updated_by, updated_at)
        VALUES (p_workspace, v_policy, session_user, now())
        ON CONFLICT (workspace_id) DO UPDATE
        SET policy = EXCLUDED.policy, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at;
    PERFORM team_event(p_workspace, 'sla-policy-set', p_workspace, team_sla_policy_words(v_old, v_policy));
END $$;

CREATE OR REPLACE FUNCTION team_schema_version() RETURNS integer
LANGUAGE sql IMMUTABLE SET search_path = pg_catalog, public, pg_temp AS $$ SELECT 11 $$;

-- The words are the database's own: no member calls them (team_set_sla_policy keeps
-- its grant).
REVOKE ALL ON FUNCTION team_sla_hours_words(jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION team_sla_minute_words(jsonb) FROM PUBLIC;
REVOKE ALL ON FUNCTION team_sla_policy_words(jsonb, jsonb) FROM PUBLIC;

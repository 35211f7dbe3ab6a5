-- A profile as every reader shows it: the row plus the effective partner status. One definition
-- for GET /api/profile, /rest/v1/profiles and Realtime's profile changes (each listed these
-- columns itself). security_invoker: the querying user's row-level security on profiles applies.
CREATE VIEW profile_view WITH (security_invoker = true) AS
  SELECT id, username, auth_method, farcaster_id, farcaster_username, partner_id,
         my_partner_status() AS partner_status, created_at, updated_at
    FROM profiles;

REVOKE ALL ON profile_view FROM PUBLIC;
GRANT SELECT ON profile_view TO app_user;

CREATE OR REPLACE FUNCTION realtime_visible_rows(p_table text, p_id uuid, p_users uuid[])
RETURNS TABLE (user_id uuid, record jsonb)
LANGUAGE plpgsql VOLATILE SECURITY INVOKER
AS $$
DECLARE
  subscriber uuid;
BEGIN
  IF p_table NOT IN ('profiles', 'partner_connections') THEN
    RAISE EXCEPTION 'not a published table: %', p_table USING ERRCODE = '22023';
  END IF;
  FOREACH subscriber IN ARRAY coalesce(p_users, '{}') LOOP
    PERFORM set_config('app.user_id', subscriber::text, true);
    IF p_table = 'profiles' THEN
      RETURN QUERY SELECT subscriber, to_jsonb(p) FROM profile_view p WHERE p.id = p_id;
    ELSE
      RETURN QUERY
        SELECT subscriber, to_jsonb(c) FROM (
          SELECT id, user1_id, user2_id, created_at, ended_at, ended_by
            FROM partner_connections WHERE id = p_id
        ) c;
    END IF;
  END LOOP;
  PERFORM set_config('app.user_id', '', true);
END $$;

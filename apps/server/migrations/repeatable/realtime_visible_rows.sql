-- Realtime: a changed row as each subscriber's own row-level security shows it, for all of an
-- instance's subscribers in one statement. The caller runs it as app_user; each query in the
-- loop evaluates the policies (and my_partner_status) with that subscriber's id. The columns are
-- those /rest/v1 shows (profile_view; realtime/tables.ts).
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

REVOKE ALL ON FUNCTION realtime_visible_rows(text, uuid, uuid[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION realtime_visible_rows(text, uuid, uuid[]) TO app_user;

-- Whether the two are the caller and the caller's current partner, in either order.
CREATE OR REPLACE FUNCTION app_is_my_couple(a uuid, b uuid) RETURNS boolean
LANGUAGE sql STABLE SET search_path = public, pg_temp
AS $$
  SELECT coalesce((a = app_current_user_id() AND b = get_my_partner_id())
    OR (b = app_current_user_id() AND a = get_my_partner_id()), false)
$$;

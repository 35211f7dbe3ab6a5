-- The caller's partner: id and username.
CREATE OR REPLACE FUNCTION get_partner_summary() RETURNS TABLE (id uuid, username text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
  SELECT partner.id, partner.username
  FROM profiles me JOIN profiles partner ON partner.id = me.partner_id
  WHERE me.id = app_current_user_id()
$$;

REVOKE ALL ON FUNCTION get_partner_summary() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION get_partner_summary() TO app_user;

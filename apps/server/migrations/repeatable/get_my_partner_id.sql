-- Runs as the owner so that policies can ask for the partner without recursing into profiles.
-- PL/pgSQL keeps a plan per connection; a LANGUAGE sql function that cannot be inlined (it is
-- SECURITY DEFINER) is parsed and planned again on every call.
CREATE OR REPLACE FUNCTION get_my_partner_id() RETURNS uuid
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
BEGIN
  RETURN (SELECT partner_id FROM profiles WHERE id = app_current_user_id());
END
$$;

REVOKE ALL ON FUNCTION get_my_partner_id() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION get_my_partner_id() TO app_user;

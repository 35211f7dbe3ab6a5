-- Whether the caller has a partner.
CREATE OR REPLACE FUNCTION has_partner() RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$ SELECT coalesce((SELECT partner_id IS NOT NULL FROM profiles WHERE id = app_current_user_id()), false) $$;

REVOKE ALL ON FUNCTION has_partner() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION has_partner() TO app_user;

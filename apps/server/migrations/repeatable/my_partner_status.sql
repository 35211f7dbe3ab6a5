-- The caller's effective partner status (SPEC §7), as profile_view shows it.
CREATE OR REPLACE FUNCTION my_partner_status() RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
  SELECT CASE
    WHEN p.partner_id IS NOT NULL THEN p.partner_status
    WHEN EXISTS (
      SELECT 1 FROM pairing_codes c
      WHERE c.owner_id = p.id AND c.used_at IS NULL AND c.expires_at > now()
    ) THEN 'pending'
    ELSE 'none'
  END
  FROM profiles p WHERE p.id = app_current_user_id()
$$;

REVOKE ALL ON FUNCTION my_partner_status() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION my_partner_status() TO app_user;

-- A profile as every reader shows it: the row plus the effective partner status. One definition
-- for GET /api/profile, /rest/v1/profiles and Realtime's profile changes (each listed these
-- columns itself). security_invoker: the querying user's row-level security on profiles applies.
CREATE OR REPLACE VIEW profile_view WITH (security_invoker = true) AS
  SELECT id, username, auth_method, farcaster_id, farcaster_username, partner_id,
         my_partner_status() AS partner_status, created_at, updated_at
    FROM profiles;

REVOKE ALL ON profile_view FROM PUBLIC;
GRANT SELECT ON profile_view TO app_user;

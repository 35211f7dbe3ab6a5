-- identity_keys' CHECK calls app_identity_key_id, which called app_is_p256_point unqualified.
-- pg_restore loads rows with search_path set to '' (as pg_dump writes it), so the check failed
-- and a backup of a database with identity keys could not be restored. The schema is named now.
CREATE OR REPLACE FUNCTION app_identity_key_id(p_public_key text) RETURNS text
LANGUAGE sql IMMUTABLE
AS $$
  SELECT CASE WHEN public.app_is_p256_point(p_public_key) THEN
    rtrim(translate(encode(substring(sha256(decode(
      translate(p_public_key, '-_', '+/') || '=', 'base64')) FROM 1 FOR 16), 'base64'),
      '+/', '-_'), '=')
  END
$$;

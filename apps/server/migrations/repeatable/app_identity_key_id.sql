-- The key id is the base64url of the first 16 bytes of SHA-256 of the raw public key; the CASE
-- only decodes a value whose shape is right, so a bad one fails the check instead of raising.
-- identity_keys' CHECK calls it, and pg_restore loads rows with search_path set to '' (as
-- pg_dump writes it): every name it uses is schema-qualified.
CREATE OR REPLACE FUNCTION app_identity_key_id(p_public_key text) RETURNS text
LANGUAGE sql IMMUTABLE
AS $$
  SELECT CASE WHEN public.app_is_p256_point(p_public_key) THEN
    rtrim(translate(encode(substring(sha256(decode(
      translate(p_public_key, '-_', '+/') || '=', 'base64')) FROM 1 FOR 16), 'base64'),
      '+/', '-_'), '=')
  END
$$;

-- A canonical base64url P-256 uncompressed point: 65 bytes (first 0x04) is 87 characters starting
-- with 'B'; the last character carries 2 unused bits, which must be zero.
CREATE OR REPLACE FUNCTION app_is_p256_point(p_value text) RETURNS boolean
LANGUAGE sql IMMUTABLE
AS $$ SELECT p_value ~ '^B[A-Za-z0-9_-]{85}[AEIMQUYcgkosw048]$' $$;

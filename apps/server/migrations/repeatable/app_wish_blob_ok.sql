-- A sealed blob is a v2 note's shape around other bytes; version 1 (passphrase) is refused.
-- 24000: WISH_SEALED_CONTENT_MAX (packages/protocol), the largest blob of any kind
-- (src/db/sql-constants.test.ts holds the two together).
CREATE OR REPLACE FUNCTION app_wish_blob_ok(content text, data jsonb) RETURNS boolean
LANGUAGE sql IMMUTABLE SET search_path = public, pg_temp
AS $$
  SELECT coalesce(char_length(content) BETWEEN 1 AND 24000, false)
    AND coalesce(data ->> 'version' = '2', false)
    AND coalesce(app_note_encryption_shape_ok(data), false)
$$;

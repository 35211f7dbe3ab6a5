-- The shape of encryption_data, as messages_encryption_shape checks it for desires.
-- coalesce: a missing field must fail the check, not make it unknown (which would pass).
CREATE OR REPLACE FUNCTION app_note_encryption_shape_ok(data jsonb) RETURNS boolean
LANGUAGE sql IMMUTABLE
AS $$
  SELECT jsonb_typeof(data) = 'object'
    AND CASE data ->> 'version'
      WHEN '1' THEN
        coalesce(char_length(data ->> 'iv') = 16, false)
        AND coalesce(char_length(data ->> 'salt') = 24, false)
      WHEN '2' THEN
        coalesce(char_length(data ->> 'iv') = 16, false)
        AND coalesce(char_length(data ->> 'sender_key_id') = 22, false)
        AND CASE WHEN jsonb_typeof(data -> 'recipients') = 'array'
          THEN jsonb_array_length(data -> 'recipients') BETWEEN 1 AND 2
          ELSE false END
      ELSE false
    END
$$;

-- The CHECK messages_encryption_shape: the shape of a desire's note fields, once a CHECK
-- expression of its own. A function keeps its plan for the session, where a
-- CHECK expression is read from its stored text and planned again on every INSERT. Nothing in
-- the body depends on search_path (a restore runs with search_path = '').
CREATE OR REPLACE FUNCTION messages_encryption_shape_ok(p_encrypted boolean, p_note text,
  p_note_encrypted text, p_data jsonb) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN CASE
    WHEN p_encrypted THEN p_note IS NULL AND p_note_encrypted IS NOT NULL
      AND pg_catalog.jsonb_typeof(p_data) = 'object'
      AND CASE p_data ->> 'version'
        WHEN '1' THEN pg_catalog.char_length(p_data ->> 'iv') = 16
          AND pg_catalog.char_length(p_data ->> 'salt') = 24
        WHEN '2' THEN coalesce(pg_catalog.char_length(p_data ->> 'iv') = 16, false)
          AND coalesce(pg_catalog.char_length(p_data ->> 'sender_key_id') = 22, false)
          AND CASE WHEN pg_catalog.jsonb_typeof(p_data -> 'recipients') = 'array'
            THEN pg_catalog.jsonb_array_length(p_data -> 'recipients') BETWEEN 1 AND 2
            ELSE false END
        ELSE false
      END
    ELSE p_note_encrypted IS NULL AND p_data IS NULL
  END;
END
$$;

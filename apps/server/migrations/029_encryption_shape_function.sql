-- The same rule as messages_encryption_shape (010), checked by a function.
--
-- PostgreSQL reads a table's CHECK expressions from their stored text and plans them again every
-- time an INSERT starts, and a desire is one INSERT of its own (each runs in its sender's scope,
-- under row-level security). This CASE over jsonb was 9.7 kB of that text, more than the five
-- other checks together: about a fifth of PostgreSQL's CPU per desire (perf on the backend of
-- send_desires_as). A PL/pgSQL function keeps its plan for the session, so the check costs a call.
-- The function's definition is migrations/repeatable/messages_encryption_shape_ok.sql.
CREATE FUNCTION messages_encryption_shape_ok(p_encrypted boolean, p_note text,
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

ALTER TABLE messages DROP CONSTRAINT messages_encryption_shape,
  ADD CONSTRAINT messages_encryption_shape
  CHECK (public.messages_encryption_shape_ok(encrypted, note, note_encrypted, encryption_data));

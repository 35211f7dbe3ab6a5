-- An answer may carry a note, encrypted on the answerer's device exactly as a desire's note is
-- (version 1, or version 2 once both partners have identity keys); the server stores only the
-- ciphertext. The key rules of send_desire_as are checked by the answer service in the same
-- transaction, before the row is written.

-- The shape of encryption_data, as messages_encryption_shape checks it for desires.
-- coalesce: a missing field must fail the check, not make it unknown (which would pass).
CREATE FUNCTION app_note_encryption_shape_ok(data jsonb) RETURNS boolean
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

ALTER TABLE desire_answers
  ADD COLUMN note_encrypted text,
  ADD COLUMN encryption_data jsonb,
  ADD CONSTRAINT desire_answers_note_shape CHECK (
    CASE WHEN note_encrypted IS NULL
      THEN encryption_data IS NULL
      ELSE coalesce(app_note_encryption_shape_ok(encryption_data), false)
    END
  );

GRANT INSERT (note_encrypted, encryption_data) ON desire_answers TO app_user;
GRANT UPDATE (note_encrypted, encryption_data) ON desire_answers TO app_user;

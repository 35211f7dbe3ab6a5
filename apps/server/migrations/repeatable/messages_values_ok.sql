-- The CHECK messages_values: the five simple rules of a desire's row, once five CHECK
-- expressions (sender is not receiver, intensity and urgency 0–10, a note of
-- 1–200 characters, a sealed note of at most 824), in one function. A function keeps its plan
-- for the session, where each CHECK expression is read from its stored text and prepared again
-- on every INSERT. NULL where a rule's column is NULL and no rule fails: the CHECK passes, as
-- the separate ones did. Nothing in the body depends on search_path (a restore runs with
-- search_path = '').
CREATE OR REPLACE FUNCTION messages_values_ok(p_sender uuid, p_receiver uuid,
  p_intensity smallint, p_urgency smallint, p_note text, p_note_encrypted text) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
AS $$
BEGIN
  RETURN p_sender <> p_receiver
    AND p_intensity BETWEEN 0 AND 10
    AND p_urgency BETWEEN 0 AND 10
    AND pg_catalog.char_length(p_note) BETWEEN 1 AND 200
    AND pg_catalog.char_length(p_note_encrypted) BETWEEN 1 AND 824;
END
$$;

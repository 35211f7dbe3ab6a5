-- Answering a desire is one SQL function, run as the caller under row-level security
-- (SECURITY INVOKER): the receiver check, the end-to-end rule of desires (app_note_key_refusal)
-- for the answer's note, and the upsert, in one statement. An answer goes only to the caller's
-- current partner (issue 27); the policies on desire_answers say the same, so a write that
-- skips it is refused.
--   outcome 'answered': the row is returned (with the asker, who is told).
--   'not_found': no desire with this id that the caller received.
--   'no_partner': the desire's sender is not the caller's partner now.
--   'upgrade_required': both partners have keys and the note is version 1.
--   'key_changed': a version 2 note not sealed by the caller's current key to the asker's
--   current key; row-level security shows the current partner's key only, so a former partner
--   has none here.
-- p_note_encrypted NULL keeps the stored note, unless p_remove_note.
CREATE OR REPLACE FUNCTION answer_desire(
  p_message_id uuid,
  p_choice text,
  p_note_encrypted text DEFAULT NULL,
  p_encryption_data jsonb DEFAULT NULL,
  p_remove_note boolean DEFAULT false
) RETURNS TABLE (
  outcome text,
  message_id uuid,
  choice text,
  note_encrypted text,
  encryption_data jsonb,
  updated_at timestamptz,
  asker_id uuid
)
LANGUAGE plpgsql VOLATILE SET search_path = public, pg_temp
AS $$
#variable_conflict use_column
DECLARE
  me uuid := app_current_user_id();
  asker uuid;
BEGIN
  SELECT m.sender_id INTO asker FROM messages m WHERE m.id = p_message_id AND m.receiver_id = me;
  IF asker IS NULL THEN
    outcome := 'not_found';
    RETURN NEXT;
    RETURN;
  END IF;
  IF asker IS DISTINCT FROM get_my_partner_id() THEN
    outcome := 'no_partner';
    RETURN NEXT;
    RETURN;
  END IF;
  IF p_note_encrypted IS NOT NULL THEN
    outcome := app_note_key_refusal(me, asker, p_encryption_data);
    IF outcome IS NOT NULL THEN
      RETURN NEXT;
      RETURN;
    END IF;
  END IF;
  INSERT INTO desire_answers AS a
    (message_id, answerer_id, asker_id, choice, note_encrypted, encryption_data)
  VALUES (p_message_id, me, asker, p_choice, p_note_encrypted, p_encryption_data)
  ON CONFLICT (message_id) DO UPDATE SET
    choice = EXCLUDED.choice,
    updated_at = now(),
    note_encrypted = CASE
      WHEN EXCLUDED.note_encrypted IS NOT NULL OR p_remove_note THEN EXCLUDED.note_encrypted
      ELSE a.note_encrypted END,
    encryption_data = CASE
      WHEN EXCLUDED.note_encrypted IS NOT NULL OR p_remove_note THEN EXCLUDED.encryption_data
      ELSE a.encryption_data END
  RETURNING a.message_id, a.choice, a.note_encrypted, a.encryption_data, a.updated_at, a.asker_id
  INTO message_id, choice, note_encrypted, encryption_data, updated_at, asker_id;
  outcome := 'answered';
  RETURN NEXT;
END
$$;

REVOKE ALL ON FUNCTION answer_desire(uuid, text, text, jsonb, boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION answer_desire(uuid, text, text, jsonb, boolean) TO app_user;

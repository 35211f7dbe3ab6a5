-- A desire is sent by one statement: one round trip and one implicit transaction (npm run
-- bench:sql-cost compares it with the statements it replaced). It enters the user scope exactly
-- as the server does for every request (app.user_id and the role app_user, both local to the
-- transaction), then works under row-level security: the INSERT passes
-- messages_insert_to_partner like any other. Called by the server as the owner in an implicit
-- transaction, so the scope ends with the statement. app_user cannot call it. No SET clause: it
-- would undo the scope when the function returns.
--   outcome: 'sent' (message + sender_username + targets), 'existing' (the id is taken: the
--   stored message when the caller may see it, else null), 'no_partner', 'not_partner'
--   (p_receiver is not the partner). message is a row of message_view, which lists the columns.
-- The end-to-end rule (app_note_key_refusal), when a note is sent; a retry of a stored desire
-- skips it: 'upgrade_required', 'key_changed'.
-- encryption_data is stored as given.
DROP FUNCTION IF EXISTS send_desire_as(uuid, uuid, uuid, smallint, smallint, boolean, text, text,
  jsonb);
CREATE FUNCTION send_desire_as(
  p_user uuid,
  p_receiver uuid,
  p_id uuid,
  p_intensity smallint,
  p_urgency smallint,
  p_encrypted boolean,
  p_note text,
  p_note_encrypted text,
  p_encryption_data jsonb
) RETURNS TABLE (
  outcome text,
  message public.message_view,
  sender_username text,
  targets jsonb
)
LANGUAGE plpgsql VOLATILE
AS $$
#variable_conflict use_column
DECLARE
  partner uuid;
  wanted uuid := coalesce(p_id, pg_catalog.gen_random_uuid());
BEGIN
  PERFORM pg_catalog.set_config('app.user_id', p_user::text, true),
          pg_catalog.set_config('role', 'app_user', true);
  SELECT p.partner_id, p.username INTO partner, sender_username
  FROM public.profiles p WHERE p.id = p_user;
  IF partner IS NULL THEN
    outcome := 'no_partner';
  ELSIF p_receiver IS NOT NULL AND p_receiver <> partner THEN
    outcome := 'not_partner';
  -- A retry of a stored desire skips the rules: it is answered as 'existing' below, even when
  -- the keys changed since it was stored.
  ELSIF (p_encrypted OR p_note IS NOT NULL)
      AND NOT (p_id IS NOT NULL AND EXISTS (SELECT 1 FROM public.messages m WHERE m.id = p_id)) THEN
    outcome := public.app_note_key_refusal(p_user, partner,
      CASE WHEN p_encrypted THEN p_encryption_data END);
  END IF;
  IF outcome IS NULL THEN
    INSERT INTO public.messages (id, sender_id, receiver_id, intensity, urgency, encrypted, note,
                                 note_encrypted, encryption_data)
    VALUES (wanted, p_user, partner, p_intensity, p_urgency, p_encrypted, p_note, p_note_encrypted,
            p_encryption_data)
    ON CONFLICT (id) DO NOTHING;
    IF FOUND THEN
      outcome := 'sent';
      targets := public.partner_delivery_targets();
    ELSE
      outcome := 'existing';
      sender_username := NULL;
    END IF;
    -- The stored row, as the caller may see it (none when another couple's desire has the id).
    SELECT v.* INTO message FROM public.message_view v WHERE v.id = wanted;
  END IF;
  RETURN NEXT;
END
$$;

REVOKE ALL ON FUNCTION send_desire_as(uuid, uuid, uuid, smallint, smallint, boolean, text, text,
  jsonb) FROM PUBLIC;

-- One desire, sent in the caller's scope: the body of send_desire_as_v2 and of each element of
-- send_desires_as_v2, which enter the scope (role app_user, app.user_id) before calling it. The
-- sender is app_current_user_id(), never an argument, and everything runs as the caller under
-- row-level security (the INSERT passes messages_insert_to_partner), so app_user may call it: it
-- does nothing app_user could not do with its own grants. The outcomes are send_desire_as_v2's.
--
-- Few statements, because each costs PostgreSQL CPU on every desire (npm run bench:sql-cost):
-- one SELECT reads the partner, the username and, only when a rule needs it, whether p_id is
-- taken; the INSERT's RETURNING is the reply's row, read again from message_view only when the
-- id was taken. No SET clause and SECURITY INVOKER: every name is schema-qualified.
DROP FUNCTION IF EXISTS send_desire_in_scope(uuid, uuid, smallint, smallint, boolean, text, text,
  jsonb);
CREATE FUNCTION send_desire_in_scope(
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
  me uuid := public.app_current_user_id();
  partner uuid;
  wanted uuid := coalesce(p_id, pg_catalog.gen_random_uuid());
  ruled boolean := p_encrypted OR p_note IS NOT NULL;
  -- A retry of a stored desire skips the rules: it is answered as 'existing' below, even when
  -- the keys changed since it was stored.
  retry boolean;
BEGIN
  SELECT p.partner_id, p.username,
         CASE WHEN ruled AND p_id IS NOT NULL
           THEN EXISTS (SELECT 1 FROM public.messages m WHERE m.id = p_id) END
  INTO partner, sender_username, retry
  FROM public.profiles p WHERE p.id = me;
  IF partner IS NULL THEN
    outcome := 'no_partner';
  ELSIF p_receiver IS NOT NULL AND p_receiver <> partner THEN
    outcome := 'not_partner';
  ELSIF ruled AND NOT coalesce(retry, false) THEN
    outcome := public.app_note_key_refusal(me, partner,
      CASE WHEN p_encrypted THEN p_encryption_data END);
  END IF;
  IF outcome IS NULL THEN
    -- The columns of message_view, in its order.
    INSERT INTO public.messages AS m (id, sender_id, receiver_id, intensity, urgency, encrypted,
                                      note, note_encrypted, encryption_data)
    VALUES (wanted, me, partner, p_intensity, p_urgency, p_encrypted, p_note, p_note_encrypted,
            p_encryption_data)
    ON CONFLICT (id) DO NOTHING
    RETURNING m.id, m.sender_id, m.receiver_id, m.intensity, m.urgency, m.encrypted, m.note,
              m.note_encrypted, m.encryption_data, m.read_at, m.read_at IS NOT NULL,
              m.created_at
    INTO message;
    IF FOUND THEN
      outcome := 'sent';
      targets := public.partner_delivery_targets();
    ELSE
      outcome := 'existing';
      sender_username := NULL;
      -- The stored row, as the caller may see it (none when another couple's desire has the id).
      SELECT v.* INTO message FROM public.message_view v WHERE v.id = wanted;
    END IF;
  END IF;
  RETURN NEXT;
END
$$;

REVOKE ALL ON FUNCTION send_desire_in_scope(uuid, uuid, smallint, smallint, boolean, text, text,
  jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION send_desire_in_scope(uuid, uuid, smallint, smallint, boolean, text, text,
  jsonb) TO app_user;

-- A desire is sent by one statement: one round trip and one implicit transaction (npm run
-- bench:sql-cost compares it with the statements it replaced). It enters the user scope exactly
-- as the server does for every request (app.user_id and the role app_user, both local to the
-- transaction), then works under row-level security: the INSERT passes
-- messages_insert_to_partner like any other. Called by the server as the owner in an implicit
-- transaction, so the scope ends with the statement. app_user cannot call it. No SET clause: it
-- would undo the scope when the function returns.
--   outcome: 'sent' (row + sender_username + targets), 'existing' (the id is taken: the stored row
--   when the caller may see it, else nulls), 'no_partner', 'not_partner' (p_receiver is not the
--   partner).
-- The end-to-end rules, when a note is sent (the current keys of both, read under row-level
-- security; a retry of a stored desire skips them):
--   'upgrade_required': both have keys, and the note is plain text or version 1.
--   'key_changed': a version 2 note whose sender_key_id is not the sender's current key, or
--   whose recipients lack the partner's current key_id (or either has no key).
-- encryption_data is stored as given.
CREATE OR REPLACE FUNCTION send_desire_as(
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
  id uuid,
  sender_id uuid,
  receiver_id uuid,
  intensity smallint,
  urgency smallint,
  encrypted boolean,
  note text,
  note_encrypted text,
  encryption_data jsonb,
  read_at timestamptz,
  is_read boolean,
  created_at timestamptz,
  sender_username text,
  targets jsonb
)
LANGUAGE plpgsql VOLATILE
AS $$
#variable_conflict use_column
DECLARE
  partner uuid;
  my_key text;
  partner_key text;
  end_to_end boolean;
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
    SELECT max(k.key_id) FILTER (WHERE k.user_id = p_user),
           max(k.key_id) FILTER (WHERE k.user_id = partner)
    INTO my_key, partner_key
    FROM public.identity_keys k
    WHERE k.user_id IN (p_user, partner) AND k.replaced_at IS NULL;
    end_to_end := p_encrypted AND p_encryption_data ->> 'version' = '2';
    IF end_to_end AND (my_key IS NULL OR partner_key IS NULL
        OR p_encryption_data ->> 'sender_key_id' IS DISTINCT FROM my_key
        OR NOT coalesce(p_encryption_data -> 'recipients'
          @> pg_catalog.jsonb_build_array(pg_catalog.jsonb_build_object('key_id', partner_key)),
          false)) THEN
      outcome := 'key_changed';
    ELSIF NOT end_to_end AND my_key IS NOT NULL AND partner_key IS NOT NULL THEN
      outcome := 'upgrade_required';
    END IF;
  END IF;
  IF outcome IS NULL THEN
    INSERT INTO public.messages AS m (id, sender_id, receiver_id, intensity, urgency, encrypted,
                                      note, note_encrypted, encryption_data)
    VALUES (coalesce(p_id, pg_catalog.gen_random_uuid()), p_user, partner, p_intensity, p_urgency,
            p_encrypted, p_note, p_note_encrypted, p_encryption_data)
    ON CONFLICT (id) DO NOTHING
    RETURNING m.id, m.sender_id, m.receiver_id, m.intensity, m.urgency, m.encrypted, m.note,
              m.note_encrypted, m.encryption_data, m.read_at, m.read_at IS NOT NULL, m.created_at
    INTO id, sender_id, receiver_id, intensity, urgency, encrypted, note, note_encrypted,
         encryption_data, read_at, is_read, created_at;
    IF FOUND THEN
      outcome := 'sent';
      targets := public.partner_delivery_targets();
    ELSE
      outcome := 'existing';
      sender_username := NULL;
      SELECT m.id, m.sender_id, m.receiver_id, m.intensity, m.urgency, m.encrypted, m.note,
             m.note_encrypted, m.encryption_data, m.read_at, m.read_at IS NOT NULL, m.created_at
      INTO id, sender_id, receiver_id, intensity, urgency, encrypted, note, note_encrypted,
           encryption_data, read_at, is_read, created_at
      FROM public.messages m WHERE m.id = p_id;
    END IF;
  END IF;
  RETURN NEXT;
END
$$;

REVOKE ALL ON FUNCTION send_desire_as(uuid, uuid, uuid, smallint, smallint, boolean, text, text, jsonb) FROM PUBLIC;

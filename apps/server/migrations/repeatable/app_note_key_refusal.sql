-- The end-to-end rule for a note sent to the partner (a desire's in send_desire_as_v2, an answer's in
-- answer_desire): with the current identity keys of both, read under the caller's row-level
-- security, a note whose encryption data is p_data (NULL: plain text)
--   'key_changed': is version 2 but not sealed by the sender's current key, or its recipients
--   lack the partner's current key_id (or either has no key);
--   'upgrade_required': is plain text or version 1 while both have keys;
--   NULL: may be stored.
-- Wish blobs follow a stricter rule of their own (sealed to exactly both keys): wishes/sealed.ts.
-- SECURITY INVOKER and no SET clause, as its callers: every name is schema-qualified.
CREATE OR REPLACE FUNCTION app_note_key_refusal(p_sender uuid, p_partner uuid, p_data jsonb)
RETURNS text
LANGUAGE plpgsql STABLE
AS $$
DECLARE
  my_key text;
  partner_key text;
BEGIN
  SELECT max(k.key_id) FILTER (WHERE k.user_id = p_sender),
         max(k.key_id) FILTER (WHERE k.user_id = p_partner)
  INTO my_key, partner_key
  FROM public.identity_keys k
  WHERE k.user_id IN (p_sender, p_partner) AND k.replaced_at IS NULL;
  IF p_data ->> 'version' = '2' THEN
    IF my_key IS NULL OR partner_key IS NULL
        OR p_data ->> 'sender_key_id' IS DISTINCT FROM my_key
        OR NOT coalesce(p_data -> 'recipients'
          @> pg_catalog.jsonb_build_array(pg_catalog.jsonb_build_object('key_id', partner_key)),
          false) THEN
      RETURN 'key_changed';
    END IF;
  ELSIF my_key IS NOT NULL AND partner_key IS NOT NULL THEN
    RETURN 'upgrade_required';
  END IF;
  RETURN NULL;
END
$$;

-- End-to-end encrypted notes (version 2): each account publishes an identity public key; a note
-- is encrypted on the device for the current keys of both partners. The server stores public keys,
-- key ids and ciphertext, and cannot open a v2 note. Binary values are base64url without padding.

-- A canonical base64url P-256 uncompressed point: 65 bytes (first 0x04) is 87 characters starting
-- with 'B'; the last character carries 2 unused bits, which must be zero.
CREATE FUNCTION app_is_p256_point(p_value text) RETURNS boolean
LANGUAGE sql IMMUTABLE
AS $$ SELECT p_value ~ '^B[A-Za-z0-9_-]{85}[AEIMQUYcgkosw048]$' $$;

-- The key id is the base64url of the first 16 bytes of SHA-256 of the raw public key; the CASE
-- only decodes a value whose shape is right, so a bad one fails the check instead of raising.
CREATE FUNCTION app_identity_key_id(p_public_key text) RETURNS text
LANGUAGE sql IMMUTABLE
AS $$
  SELECT CASE WHEN app_is_p256_point(p_public_key) THEN
    rtrim(translate(encode(substring(sha256(decode(
      translate(p_public_key, '-_', '+/') || '=', 'base64')) FROM 1 FOR 16), 'base64'),
      '+/', '-_'), '=')
  END
$$;

CREATE TABLE identity_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  public_key text NOT NULL CHECK (app_is_p256_point(public_key)),
  key_id text NOT NULL CHECK (key_id = app_identity_key_id(public_key)),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Set when the user publishes another key: replaced keys stay, so a partner's client can tell
  -- a key change from a first key.
  replaced_at timestamptz
);
CREATE UNIQUE INDEX identity_keys_current ON identity_keys (user_id) WHERE replaced_at IS NULL;
CREATE INDEX identity_keys_user_created ON identity_keys (user_id, created_at DESC);

-- A new device of a signed-in account asks an existing device for the private key: it posts an
-- ephemeral public key, the old device answers with the key sealed to it. Short-lived.
CREATE TABLE device_links (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  ephemeral_public_key text NOT NULL CHECK (app_is_p256_point(ephemeral_public_key)),
  sealed_payload text CHECK (
    char_length(sealed_payload) <= 512
    AND sealed_payload ~ '^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  approved_at timestamptz,
  CHECK ((sealed_payload IS NULL) = (approved_at IS NULL)),
  CHECK (expires_at > created_at)
);
CREATE INDEX device_links_user ON device_links (user_id);

ALTER TABLE identity_keys ENABLE ROW LEVEL SECURITY;
ALTER TABLE device_links ENABLE ROW LEVEL SECURITY;

-- Own keys and the current partner's, history included (key-change detection); writes own only.
GRANT SELECT ON identity_keys TO app_user;
GRANT INSERT (user_id, public_key, key_id) ON identity_keys TO app_user;
GRANT UPDATE (replaced_at) ON identity_keys TO app_user;
CREATE POLICY identity_keys_select_own_or_partner ON identity_keys FOR SELECT TO app_user
  USING (user_id = app_current_user_id() OR user_id = get_my_partner_id());
CREATE POLICY identity_keys_insert_own ON identity_keys FOR INSERT TO app_user
  WITH CHECK (user_id = app_current_user_id());
CREATE POLICY identity_keys_update_own ON identity_keys FOR UPDATE TO app_user
  USING (user_id = app_current_user_id()) WITH CHECK (user_id = app_current_user_id());

GRANT SELECT, DELETE ON device_links TO app_user;
GRANT INSERT (user_id, ephemeral_public_key, expires_at) ON device_links TO app_user;
GRANT UPDATE (sealed_payload, approved_at) ON device_links TO app_user;
CREATE POLICY device_links_own ON device_links FOR ALL TO app_user
  USING (user_id = app_current_user_id()) WITH CHECK (user_id = app_current_user_id());

-- An encrypted row carries version 1 (passphrase, as before) or version 2 (recipients' keys).
-- coalesce: a missing field must fail the check, not make it unknown (which would pass).
ALTER TABLE messages DROP CONSTRAINT messages_check1;
ALTER TABLE messages ADD CONSTRAINT messages_encryption_shape CHECK (
  CASE WHEN encrypted
    THEN note IS NULL AND note_encrypted IS NOT NULL
      AND jsonb_typeof(encryption_data) = 'object'
      AND CASE encryption_data ->> 'version'
        WHEN '1' THEN
          char_length(encryption_data ->> 'iv') = 16
          AND char_length(encryption_data ->> 'salt') = 24
        WHEN '2' THEN
          coalesce(char_length(encryption_data ->> 'iv') = 16, false)
          AND coalesce(char_length(encryption_data ->> 'sender_key_id') = 22, false)
          AND CASE WHEN jsonb_typeof(encryption_data -> 'recipients') = 'array'
            THEN jsonb_array_length(encryption_data -> 'recipients') BETWEEN 1 AND 2
            ELSE false END
        ELSE false
      END
    ELSE note_encrypted IS NULL AND encryption_data IS NULL
  END
);

-- send_desire_as of 007 plus the end-to-end rules, in the same statement (no extra round trip):
-- when a note is sent, the current keys of both are read under row-level security.
--   'upgrade_required': both have keys, and the note is plain text or version 1.
--   'key_changed': a version 2 note whose sender_key_id is not the sender's current key, or
--   whose recipients lack the partner's current key_id (or either has no key).
-- encryption_data is stored as given. Same signature and result, so the grants stay.
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

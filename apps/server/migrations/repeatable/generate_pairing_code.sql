-- One of the partner rules of SPEC §7, atomic. It runs as the owner (SECURITY DEFINER) and acts
-- only for app_current_user_id(). Locks are always taken profiles first (in id order), then
-- pairing codes, so that concurrent calls cannot deadlock.
-- A failure is named by its code in error_code (packages/protocol/src/errors.ts).
CREATE OR REPLACE FUNCTION generate_pairing_code() RETURNS jsonb
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
DECLARE
  me uuid := app_require_user();
  alphabet constant text := 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  lifetime constant interval := interval '15 minutes';
  current_partner uuid;
  candidate text;
  random_bytes bytea;
  byte_value int;
  expires timestamptz := now() + lifetime;
BEGIN
  SELECT partner_id INTO current_partner FROM profiles WHERE id = me FOR UPDATE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('success', false, 'code', null, 'expires_at', null,
      'error_code', 'profile_not_found');
  END IF;
  IF current_partner IS NOT NULL THEN
    RETURN jsonb_build_object('success', false, 'code', null, 'expires_at', null,
      'error_code', 'already_paired');
  END IF;

  DELETE FROM pairing_codes WHERE owner_id = me AND used_at IS NULL;

  LOOP
    candidate := '';
    WHILE char_length(candidate) < 8 LOOP
      -- gen_random_uuid() draws from the strong random source; bytes 6 and 8 carry the
      -- version and variant bits, so they are skipped. Rejection above 247 (= 31 * 8) keeps
      -- every character equally likely.
      random_bytes := uuid_send(gen_random_uuid());
      FOR i IN 0..15 LOOP
        CONTINUE WHEN i IN (6, 8);
        byte_value := get_byte(random_bytes, i);
        CONTINUE WHEN byte_value >= 248;
        candidate := candidate || substr(alphabet, byte_value % 31 + 1, 1);
        EXIT WHEN char_length(candidate) = 8;
      END LOOP;
    END LOOP;

    INSERT INTO pairing_codes (code, owner_id, expires_at)
    VALUES (candidate, me, expires)
    ON CONFLICT (code) DO NOTHING;
    EXIT WHEN FOUND;
  END LOOP;

  RETURN jsonb_build_object(
    'success', true,
    'code', substr(candidate, 1, 4) || '-' || substr(candidate, 5, 4),
    'expires_at', expires,
    'error_code', null);
END
$$;

REVOKE ALL ON FUNCTION generate_pairing_code() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION generate_pairing_code() TO app_user;

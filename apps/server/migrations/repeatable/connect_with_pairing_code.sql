-- One of the partner rules of SPEC §7, atomic. It runs as the owner (SECURITY DEFINER) and acts
-- only for app_current_user_id(). Locks are always taken profiles first (in id order), then
-- pairing codes, so that concurrent calls cannot deadlock.
-- A failure is named by its code in error_code (packages/protocol/src/errors.ts).
CREATE OR REPLACE FUNCTION connect_with_pairing_code(pairing_code text) RETURNS jsonb
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
DECLARE
  me uuid := app_require_user();
  wanted text := upper(regexp_replace(coalesce(pairing_code, ''), '[[:space:]-]', '', 'g'));
  owner uuid;
  found_code pairing_codes%ROWTYPE;
  my_partner uuid;
  owner_partner uuid;
BEGIN
  SELECT c.owner_id INTO owner FROM pairing_codes c WHERE c.code = wanted;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('success', false, 'error_code', 'pairing_code_invalid');
  END IF;
  IF owner = me THEN
    RETURN jsonb_build_object('success', false, 'error_code', 'pairing_code_own');
  END IF;

  PERFORM 1 FROM profiles WHERE id IN (me, owner) ORDER BY id FOR UPDATE;
  SELECT * INTO found_code FROM pairing_codes c WHERE c.code = wanted FOR UPDATE;

  IF found_code.used_at IS NOT NULL THEN
    RETURN jsonb_build_object('success', false, 'error_code', 'pairing_code_used');
  END IF;
  IF found_code.expires_at <= now() THEN
    RETURN jsonb_build_object('success', false, 'error_code', 'pairing_code_expired');
  END IF;

  SELECT partner_id INTO my_partner FROM profiles WHERE id = me;
  IF my_partner IS NOT NULL THEN
    RETURN jsonb_build_object('success', false, 'error_code', 'already_paired');
  END IF;
  SELECT partner_id INTO owner_partner FROM profiles WHERE id = owner;
  IF owner_partner IS NOT NULL THEN
    RETURN jsonb_build_object('success', false,
      'error_code', 'code_owner_paired');
  END IF;

  UPDATE pairing_codes SET used_at = now(), used_by = me WHERE code = wanted;
  -- The redeemer's own open code can no longer be used by anyone.
  DELETE FROM pairing_codes WHERE owner_id = me AND used_at IS NULL;
  UPDATE profiles
    SET partner_id = CASE WHEN id = me THEN owner ELSE me END,
        partner_status = 'accepted',
        updated_at = now()
    WHERE id IN (me, owner);
  INSERT INTO partner_connections (user1_id, user2_id) VALUES (owner, me);

  RETURN jsonb_build_object('success', true, 'error_code', null, 'partner_id', owner);
END
$$;

REVOKE ALL ON FUNCTION connect_with_pairing_code(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION connect_with_pairing_code(text) TO app_user;

-- The functions that answer { success, ... } now name a failure by a stable code in error_code
-- (the codes of packages/protocol/src/errors.ts) instead of an English sentence: the server maps
-- a code to its status and text in one table, and /rest/v1/rpc answers the spec's text from it.
-- Bodies are otherwise those of 003; CREATE OR REPLACE keeps owners and grants.

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

CREATE OR REPLACE FUNCTION disconnect_from_partner() RETURNS jsonb
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
DECLARE
  me uuid := app_require_user();
  partner uuid;
BEGIN
  SELECT partner_id INTO partner FROM profiles WHERE id = me;
  IF partner IS NULL THEN
    RETURN jsonb_build_object('success', false, 'message', null,
      'error_code', 'no_partner_connection');
  END IF;

  PERFORM 1 FROM profiles WHERE id IN (me, partner) ORDER BY id FOR UPDATE;
  -- Re-read under the lock: a concurrent disconnect may have won.
  SELECT partner_id INTO partner FROM profiles WHERE id = me;
  IF partner IS NULL THEN
    RETURN jsonb_build_object('success', false, 'message', null,
      'error_code', 'no_partner_connection');
  END IF;

  UPDATE profiles SET partner_id = NULL, partner_status = 'none', updated_at = now()
    WHERE id IN (me, partner);
  UPDATE partner_connections SET ended_at = now(), ended_by = me
    WHERE ended_at IS NULL AND (user1_id IN (me, partner) OR user2_id IN (me, partner));

  RETURN jsonb_build_object('success', true, 'message', 'Disconnected from partner',
    'error_code', null, 'partner_id', partner);
END
$$;

CREATE OR REPLACE FUNCTION store_notification_token(p_platform text, p_token text, p_url text DEFAULT NULL)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
DECLARE
  me uuid := app_require_user();
  holder uuid;
BEGIN
  IF p_platform IS NULL OR p_platform !~ '^[a-z0-9_-]{1,32}$' THEN
    RETURN jsonb_build_object('success', false, 'error_code', 'notification_platform_invalid');
  END IF;
  IF p_token IS NULL OR char_length(p_token) NOT BETWEEN 1 AND 512 THEN
    RETURN jsonb_build_object('success', false, 'error_code', 'notification_token_invalid');
  END IF;
  IF p_url IS NOT NULL AND (char_length(p_url) > 1024 OR p_url !~ '^https?://') THEN
    RETURN jsonb_build_object('success', false, 'error_code', 'notification_url_invalid');
  END IF;

  SELECT user_id INTO holder FROM notification_tokens
    WHERE platform = p_platform AND token = p_token FOR UPDATE;
  IF FOUND AND holder <> me THEN
    RETURN jsonb_build_object('success', false, 'error_code', 'notification_token_taken');
  END IF;

  INSERT INTO notification_tokens (user_id, platform, token, url)
  VALUES (me, p_platform, p_token, p_url)
  ON CONFLICT (platform, token) DO UPDATE
    SET url = coalesce(EXCLUDED.url, notification_tokens.url), enabled = true, updated_at = now();
  RETURN jsonb_build_object('success', true, 'error_code', null);
END
$$;

CREATE OR REPLACE FUNCTION get_user_notification_tokens(p_user_id uuid) RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
DECLARE
  me uuid := app_require_user();
BEGIN
  IF p_user_id IS NULL OR (p_user_id <> me AND p_user_id IS DISTINCT FROM get_my_partner_id()) THEN
    RETURN jsonb_build_object('success', false, 'tokens', '[]'::jsonb,
      'error_code', 'notification_tokens_failed');
  END IF;
  RETURN jsonb_build_object('success', true, 'error_code', null, 'tokens', coalesce((
    SELECT jsonb_agg(jsonb_build_object('platform', platform, 'token', token) ORDER BY id)
    FROM notification_tokens WHERE user_id = p_user_id AND enabled
  ), '[]'::jsonb));
END
$$;

CREATE OR REPLACE FUNCTION log_debug(p_function_name text, p_input_params jsonb DEFAULT NULL,
  p_error_message text DEFAULT NULL, p_execution_time_ms integer DEFAULT NULL)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
DECLARE
  me uuid := app_require_user();
BEGIN
  IF p_function_name IS NULL OR char_length(btrim(p_function_name)) = 0 THEN
    RETURN jsonb_build_object('success', false, 'error_code', 'debug_function_name_required');
  END IF;
  INSERT INTO debug_logs (user_id, function_name, input_params, error_message, execution_time_ms)
  VALUES (
    me,
    left(p_function_name, 100),
    CASE WHEN octet_length(p_input_params::text) > 8192
      THEN jsonb_build_object('truncated', true) ELSE p_input_params END,
    left(p_error_message, 2000),
    greatest(p_execution_time_ms, 0));
  RETURN jsonb_build_object('success', true, 'error_code', null);
END
$$;

-- The partner rules of SPEC §7, each one atomic. They run as the owner (SECURITY DEFINER) and
-- act only for app_current_user_id(). Locks are always taken profiles first (in id order),
-- then pairing codes, so that concurrent calls cannot deadlock.

CREATE FUNCTION my_partner_status() RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
  SELECT CASE
    WHEN p.partner_id IS NOT NULL THEN p.partner_status
    WHEN EXISTS (
      SELECT 1 FROM pairing_codes c
      WHERE c.owner_id = p.id AND c.used_at IS NULL AND c.expires_at > now()
    ) THEN 'pending'
    ELSE 'none'
  END
  FROM profiles p WHERE p.id = app_current_user_id()
$$;

CREATE FUNCTION get_partner_summary() RETURNS TABLE (id uuid, username text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
  SELECT partner.id, partner.username
  FROM profiles me JOIN profiles partner ON partner.id = me.partner_id
  WHERE me.id = app_current_user_id()
$$;

CREATE FUNCTION has_partner() RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$ SELECT coalesce((SELECT partner_id IS NOT NULL FROM profiles WHERE id = app_current_user_id()), false) $$;

CREATE FUNCTION generate_pairing_code() RETURNS jsonb
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
      'error', 'Profile not found');
  END IF;
  IF current_partner IS NOT NULL THEN
    RETURN jsonb_build_object('success', false, 'code', null, 'expires_at', null,
      'error', 'You are already connected to a partner');
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
    'error', null);
END
$$;

CREATE FUNCTION connect_with_pairing_code(pairing_code text) RETURNS jsonb
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
    RETURN jsonb_build_object('success', false, 'error', 'Invalid pairing code');
  END IF;
  IF owner = me THEN
    RETURN jsonb_build_object('success', false, 'error', 'You cannot use your own pairing code');
  END IF;

  PERFORM 1 FROM profiles WHERE id IN (me, owner) ORDER BY id FOR UPDATE;
  SELECT * INTO found_code FROM pairing_codes c WHERE c.code = wanted FOR UPDATE;

  IF found_code.used_at IS NOT NULL THEN
    RETURN jsonb_build_object('success', false, 'error', 'This pairing code has already been used');
  END IF;
  IF found_code.expires_at <= now() THEN
    RETURN jsonb_build_object('success', false, 'error', 'This pairing code has expired');
  END IF;

  SELECT partner_id INTO my_partner FROM profiles WHERE id = me;
  IF my_partner IS NOT NULL THEN
    RETURN jsonb_build_object('success', false, 'error', 'You are already connected to a partner');
  END IF;
  SELECT partner_id INTO owner_partner FROM profiles WHERE id = owner;
  IF owner_partner IS NOT NULL THEN
    RETURN jsonb_build_object('success', false,
      'error', 'The owner of this code is already connected to a partner');
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

  RETURN jsonb_build_object('success', true, 'error', null, 'partner_id', owner);
END
$$;

CREATE FUNCTION disconnect_from_partner() RETURNS jsonb
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
DECLARE
  me uuid := app_require_user();
  partner uuid;
BEGIN
  SELECT partner_id INTO partner FROM profiles WHERE id = me;
  IF partner IS NULL THEN
    RETURN jsonb_build_object('success', false, 'message', null,
      'error', 'No partner connection found');
  END IF;

  PERFORM 1 FROM profiles WHERE id IN (me, partner) ORDER BY id FOR UPDATE;
  -- Re-read under the lock: a concurrent disconnect may have won.
  SELECT partner_id INTO partner FROM profiles WHERE id = me;
  IF partner IS NULL THEN
    RETURN jsonb_build_object('success', false, 'message', null,
      'error', 'No partner connection found');
  END IF;

  UPDATE profiles SET partner_id = NULL, partner_status = 'none', updated_at = now()
    WHERE id IN (me, partner);
  UPDATE partner_connections SET ended_at = now(), ended_by = me
    WHERE ended_at IS NULL AND (user1_id IN (me, partner) OR user2_id IN (me, partner));

  RETURN jsonb_build_object('success', true, 'message', 'Disconnected from partner',
    'error', null, 'partner_id', partner);
END
$$;

CREATE FUNCTION store_notification_token(p_platform text, p_token text, p_url text DEFAULT NULL)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
DECLARE
  me uuid := app_require_user();
  holder uuid;
BEGIN
  IF p_platform IS NULL OR p_platform !~ '^[a-z0-9_-]{1,32}$' THEN
    RETURN jsonb_build_object('success', false, 'error', 'Invalid platform');
  END IF;
  IF p_token IS NULL OR char_length(p_token) NOT BETWEEN 1 AND 512 THEN
    RETURN jsonb_build_object('success', false, 'error', 'Invalid token');
  END IF;
  IF p_url IS NOT NULL AND (char_length(p_url) > 1024 OR p_url !~ '^https?://') THEN
    RETURN jsonb_build_object('success', false, 'error', 'Invalid url');
  END IF;

  SELECT user_id INTO holder FROM notification_tokens
    WHERE platform = p_platform AND token = p_token FOR UPDATE;
  IF FOUND AND holder <> me THEN
    RETURN jsonb_build_object('success', false, 'error', 'Token already registered');
  END IF;

  INSERT INTO notification_tokens (user_id, platform, token, url)
  VALUES (me, p_platform, p_token, p_url)
  ON CONFLICT (platform, token) DO UPDATE
    SET url = coalesce(EXCLUDED.url, notification_tokens.url), enabled = true, updated_at = now();
  RETURN jsonb_build_object('success', true, 'error', null);
END
$$;

CREATE FUNCTION get_user_notification_tokens(p_user_id uuid) RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
DECLARE
  me uuid := app_require_user();
BEGIN
  IF p_user_id IS NULL OR (p_user_id <> me AND p_user_id IS DISTINCT FROM get_my_partner_id()) THEN
    RETURN jsonb_build_object('success', false, 'tokens', '[]'::jsonb,
      'error', 'Failed to get notification tokens');
  END IF;
  RETURN jsonb_build_object('success', true, 'error', null, 'tokens', coalesce((
    SELECT jsonb_agg(jsonb_build_object('platform', platform, 'token', token) ORDER BY id)
    FROM notification_tokens WHERE user_id = p_user_id AND enabled
  ), '[]'::jsonb));
END
$$;

CREATE FUNCTION log_debug(p_function_name text, p_input_params jsonb DEFAULT NULL,
  p_error_message text DEFAULT NULL, p_execution_time_ms integer DEFAULT NULL)
RETURNS jsonb
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
DECLARE
  me uuid := app_require_user();
BEGIN
  IF p_function_name IS NULL OR char_length(btrim(p_function_name)) = 0 THEN
    RETURN jsonb_build_object('success', false, 'error', 'p_function_name is required');
  END IF;
  INSERT INTO debug_logs (user_id, function_name, input_params, error_message, execution_time_ms)
  VALUES (
    me,
    left(p_function_name, 100),
    CASE WHEN octet_length(p_input_params::text) > 8192
      THEN jsonb_build_object('truncated', true) ELSE p_input_params END,
    left(p_error_message, 2000),
    greatest(p_execution_time_ms, 0));
  RETURN jsonb_build_object('success', true, 'error', null);
END
$$;

CREATE FUNCTION get_recent_debug_logs(p_limit integer DEFAULT 50, p_function_name text DEFAULT NULL)
RETURNS TABLE (function_name text, input_params jsonb, error_message text,
  execution_time_ms integer, created_at timestamptz)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
  SELECT l.function_name, l.input_params, l.error_message, l.execution_time_ms, l.created_at
  FROM debug_logs l
  WHERE (l.user_id = app_require_user() OR l.user_id = get_my_partner_id())
    AND (p_function_name IS NULL OR l.function_name = p_function_name)
  ORDER BY l.created_at DESC, l.id DESC
  LIMIT least(greatest(coalesce(p_limit, 50), 1), 100)
$$;

CREATE FUNCTION debug_message_access() RETURNS jsonb
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
  SELECT jsonb_build_object(
    'user_id', me.id,
    'partner_id', get_my_partner_id(),
    'has_partner', get_my_partner_id() IS NOT NULL,
    'sent_count', (SELECT count(*) FROM messages WHERE sender_id = me.id),
    'received_count', (SELECT count(*) FROM messages WHERE receiver_id = me.id),
    'unread_count', (SELECT count(*) FROM messages WHERE receiver_id = me.id AND read_at IS NULL))
  FROM (SELECT app_require_user() AS id) me
$$;

REVOKE EXECUTE ON FUNCTION get_my_partner_id(), my_partner_status(), get_partner_summary(),
  has_partner(), generate_pairing_code(), connect_with_pairing_code(text),
  disconnect_from_partner(), store_notification_token(text, text, text),
  get_user_notification_tokens(uuid), log_debug(text, jsonb, text, integer),
  get_recent_debug_logs(integer, text), debug_message_access() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION get_my_partner_id(), my_partner_status(), get_partner_summary(),
  has_partner(), generate_pairing_code(), connect_with_pairing_code(text),
  disconnect_from_partner(), store_notification_token(text, text, text),
  get_user_notification_tokens(uuid), log_debug(text, jsonb, text, integer),
  get_recent_debug_logs(integer, text), debug_message_access() TO app_user;

-- Stores a notification token for the caller as the owner; a token held by another account is
-- refused.
-- A failure is named by its code in error_code (packages/protocol/src/errors.ts).
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

REVOKE ALL ON FUNCTION store_notification_token(text, text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION store_notification_token(text, text, text) TO app_user;

-- The enabled notification tokens of the caller or the caller's partner, read as the owner.
-- A failure is named by its code in error_code (packages/protocol/src/errors.ts).
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

REVOKE ALL ON FUNCTION get_user_notification_tokens(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION get_user_notification_tokens(uuid) TO app_user;

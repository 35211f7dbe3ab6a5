-- What the sender's server needs to notify the partner of a desire, read with it in one
-- statement: the receiver's unread desires (the live unread_count, SPEC §7) and unread thoughts
-- (the push badge counts both, as the app does), push subscription, Farcaster tokens, quiet
-- hours and locale.
CREATE OR REPLACE FUNCTION partner_delivery_targets() RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
DECLARE
  partner uuid := get_my_partner_id();
BEGIN
  RETURN jsonb_build_object(
    'unread_count', (
      SELECT count(*) FROM messages WHERE receiver_id = partner AND read_at IS NULL),
    'unread_thoughts', (
      SELECT count(*) FROM thoughts WHERE receiver_id = partner AND read_at IS NULL),
    'push_subscription', (
      SELECT subscription FROM push_subscriptions WHERE user_id = partner),
    'farcaster_tokens', coalesce((
      SELECT jsonb_agg(jsonb_build_object('token', token, 'url', url) ORDER BY id)
      FROM notification_tokens
      WHERE user_id = partner AND platform = 'farcaster' AND enabled AND url IS NOT NULL
    ), '[]'::jsonb),
    'quiet_hours', (
      SELECT jsonb_build_object('start', start_time, 'end', end_time, 'time_zone', time_zone)
      FROM quiet_hours WHERE user_id = partner),
    'locale', (SELECT locale FROM profiles WHERE id = partner));
END
$$;

REVOKE ALL ON FUNCTION partner_delivery_targets() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION partner_delivery_targets() TO app_user;

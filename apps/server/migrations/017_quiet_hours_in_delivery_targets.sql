-- The receiver's quiet-hours window joins the delivery targets read with each desire, so push
-- and mini-app delivery decide "silent" / "not now" without another query per desire. The
-- window (not a yes/no) is returned: the server's clock decides, as it does for the settings.
CREATE OR REPLACE FUNCTION partner_delivery_targets() RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
DECLARE
  partner uuid := get_my_partner_id();
BEGIN
  RETURN jsonb_build_object(
    'unread_count', (
      SELECT count(*) FROM messages WHERE receiver_id = partner AND read_at IS NULL),
    'push_subscription', (
      SELECT subscription FROM push_subscriptions WHERE user_id = partner),
    'farcaster_tokens', coalesce((
      SELECT jsonb_agg(jsonb_build_object('token', token, 'url', url) ORDER BY id)
      FROM notification_tokens
      WHERE user_id = partner AND platform = 'farcaster' AND enabled AND url IS NOT NULL
    ), '[]'::jsonb),
    'quiet_hours', (
      SELECT jsonb_build_object('start', start_time, 'end', end_time, 'time_zone', time_zone)
      FROM quiet_hours WHERE user_id = partner));
END
$$;

-- What notifying one person needs, read in the transaction of the change that notifies them
-- (apps/server/src/delivery): their unread desires (the live unread_count, SPEC §7) and unread
-- thoughts (the push badge counts both, as the app does), push subscription, enabled Farcaster
-- tokens, quiet hours and locale. It checks nothing: only the owner calls it (account deletion,
-- for the former partner) and the SECURITY DEFINER functions that check who p_user is
-- (partner_delivery_targets, delivery_targets_of). No SET clause, as its callers: every name is
-- schema-qualified.
CREATE OR REPLACE FUNCTION app_delivery_targets(p_user uuid) RETURNS jsonb
LANGUAGE plpgsql STABLE
AS $$
BEGIN
  RETURN jsonb_build_object(
    'unread_count', (
      SELECT count(*) FROM public.messages WHERE receiver_id = p_user AND read_at IS NULL),
    'unread_thoughts', (
      SELECT count(*) FROM public.thoughts WHERE receiver_id = p_user AND read_at IS NULL),
    'push_subscription', (
      SELECT subscription FROM public.push_subscriptions WHERE user_id = p_user),
    'farcaster_tokens', coalesce((
      SELECT jsonb_agg(jsonb_build_object('token', token, 'url', url) ORDER BY id)
      FROM public.notification_tokens
      WHERE user_id = p_user AND platform = 'farcaster' AND enabled AND url IS NOT NULL
    ), '[]'::jsonb),
    'quiet_hours', (
      SELECT jsonb_build_object('start', start_time, 'end', end_time, 'time_zone', time_zone)
      FROM public.quiet_hours WHERE user_id = p_user),
    'locale', (SELECT locale FROM public.profiles WHERE id = p_user));
END
$$;

REVOKE ALL ON FUNCTION app_delivery_targets(uuid) FROM PUBLIC;

-- Everything the delivery of a new desire needs about its receiver, read once in the sender's
-- transaction: the unread count (live channel), the push subscription and the enabled mini-app
-- tokens. It saves a second transaction and two extra connections per desire. Only the server
-- reads the result; no route returns it.
CREATE FUNCTION partner_delivery_targets() RETURNS jsonb
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
  SELECT jsonb_build_object(
    'unread_count', (
      SELECT count(*) FROM messages WHERE receiver_id = partner.id AND read_at IS NULL),
    'push_subscription', (
      SELECT subscription FROM push_subscriptions WHERE user_id = partner.id),
    'farcaster_tokens', coalesce((
      SELECT jsonb_agg(jsonb_build_object('token', token, 'url', url) ORDER BY id)
      FROM notification_tokens
      WHERE user_id = partner.id AND platform = 'farcaster' AND enabled AND url IS NOT NULL
    ), '[]'::jsonb))
  FROM (SELECT get_my_partner_id() AS id) partner
$$;

REVOKE EXECUTE ON FUNCTION partner_delivery_targets() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION partner_delivery_targets() TO app_user;

-- The language a person reads (issue 28): the server writes that person's pushes, mini-app
-- notifications and e-mails in it. Null until a device of the account tells it (PUT
-- /api/profile/locale); the server then falls back to the request's Accept-Language (e-mails a
-- request triggers) or English. The list is the shipped one (LOCALES in @couple/protocol).
ALTER TABLE profiles ADD COLUMN locale text
  CHECK (locale IN ('en', 'es', 'pt-BR', 'fr', 'de', 'ar'));

-- Like the username: the owner reads its row (profiles_select_own) and may change this column of
-- it (profiles_update_own); nobody else reads it (the partner's pushes are written by the server).
GRANT UPDATE (locale) ON profiles TO app_user;

-- The receiver's language joins the delivery targets read with each desire, so the push and the
-- mini-app notification are written in it without another query per desire.
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
      FROM quiet_hours WHERE user_id = partner),
    'locale', (SELECT locale FROM profiles WHERE id = partner));
END
$$;

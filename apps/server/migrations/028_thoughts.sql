-- "Thinking of you" (issue 29): a one-tap sign from one partner to the other, with no score and
-- no note. Only the two people it is between see it; only its sender writes it, and only to the
-- sender's partner at that moment; only its receiver marks it read. The rate limit is the
-- server's (src/abuse/action-limits.ts), not the table's: it holds across every instance.
CREATE TABLE thoughts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  sender_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  receiver_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz,
  CHECK (sender_id <> receiver_id)
);
CREATE INDEX thoughts_receiver_created_idx ON thoughts (receiver_id, created_at DESC);
CREATE INDEX thoughts_sender_created_idx ON thoughts (sender_id, created_at DESC);
CREATE INDEX thoughts_receiver_unread_idx ON thoughts (receiver_id) WHERE read_at IS NULL;

ALTER TABLE thoughts ENABLE ROW LEVEL SECURITY;

-- As tight as messages (002): no DELETE (an account's thoughts go with it, by the cascade).
GRANT SELECT ON thoughts TO app_user;
GRANT INSERT (id, sender_id, receiver_id) ON thoughts TO app_user;
GRANT UPDATE (read_at) ON thoughts TO app_user;
CREATE POLICY thoughts_select_party ON thoughts FOR SELECT TO app_user
  USING (app_current_user_id() IN (sender_id, receiver_id));
CREATE POLICY thoughts_insert_to_partner ON thoughts FOR INSERT TO app_user
  WITH CHECK (sender_id = app_current_user_id() AND receiver_id = get_my_partner_id());
CREATE POLICY thoughts_update_received ON thoughts FOR UPDATE TO app_user
  USING (receiver_id = app_current_user_id()) WITH CHECK (receiver_id = app_current_user_id());

-- The delivery targets read with each desire gain the receiver's unread thoughts, so that a
-- desire's push shows the same badge as the app (unread desires and thoughts together). The
-- live unread_count stays the count of desires (SPEC §7).
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

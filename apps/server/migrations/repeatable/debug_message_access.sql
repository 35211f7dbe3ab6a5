-- What the caller can see of desires, for debugging access problems.
CREATE OR REPLACE FUNCTION debug_message_access() RETURNS jsonb
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

REVOKE ALL ON FUNCTION debug_message_access() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION debug_message_access() TO app_user;

-- The receiver's unread count travels with each new desire, read in the sender's own
-- transaction: one query instead of a second transaction per desire. It tells the sender no more
-- than the read receipts (messages_marked_read) already do.
CREATE FUNCTION partner_unread_count() RETURNS integer
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
AS $$
  SELECT count(*)::int FROM messages
  WHERE receiver_id = get_my_partner_id() AND read_at IS NULL
$$;

REVOKE EXECUTE ON FUNCTION partner_unread_count() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION partner_unread_count() TO app_user;

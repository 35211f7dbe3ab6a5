-- Several desires, from any senders, in one statement and one commit: while a send is in flight
-- the server gathers the desires that arrive and sends them together, so at 1000 desires/s the
-- database flushes its WAL once per batch instead of once per desire (npm run bench:delivery).
--
-- Each element goes through send_desire_as exactly as a lone desire does: the role is reset to
-- the session user (the owner, who alone may call it) and send_desire_as enters that sender's
-- scope again, so every INSERT runs as app_user under row-level security with its own
-- app.user_id. p_batch is a JSON array of objects with the parameters of send_desire_as:
-- user_id, receiver_id, id, intensity, urgency, encrypted, note, note_encrypted,
-- encryption_data. Rows come back with ord, the element's 1-based position, then the columns of
-- send_desire_as.
DROP FUNCTION IF EXISTS send_desires_as(jsonb);
CREATE FUNCTION send_desires_as(p_batch jsonb)
RETURNS TABLE (
  ord integer,
  outcome text,
  message public.message_view,
  sender_username text,
  targets jsonb
)
LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  item jsonb;
BEGIN
  FOR i IN 1..pg_catalog.jsonb_array_length(p_batch) LOOP
    item := p_batch -> (i - 1);
    PERFORM pg_catalog.set_config('role', 'none', true);
    RETURN QUERY
      SELECT i, s.*
      FROM public.send_desire_as(
        (item ->> 'user_id')::uuid,
        (item ->> 'receiver_id')::uuid,
        (item ->> 'id')::uuid,
        (item ->> 'intensity')::smallint,
        (item ->> 'urgency')::smallint,
        (item ->> 'encrypted')::boolean,
        item ->> 'note',
        item ->> 'note_encrypted',
        NULLIF(item -> 'encryption_data', 'null'::jsonb)) s;
  END LOOP;
END
$$;

REVOKE ALL ON FUNCTION send_desires_as(jsonb) FROM PUBLIC;

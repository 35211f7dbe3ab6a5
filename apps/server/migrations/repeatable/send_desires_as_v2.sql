-- Several desires, from any senders, in one statement and one commit: while a send is in flight
-- the server gathers the desires that arrive and sends them together, so at 1000 desires/s the
-- database flushes its WAL once per batch instead of once per desire (npm run bench:delivery).
--
-- Each element is sent as a lone desire is (send_desire_in_scope, the body of send_desire_as_v2):
-- the role becomes app_user once, for the whole batch, and app.user_id becomes each element's
-- sender before its send, so every INSERT runs as app_user under row-level security with its
-- sender's app.user_id. Called by the server as the owner in an implicit transaction: both
-- settings are local to it. p_batch is a JSON array of objects with the parameters of
-- send_desire_as_v2: user_id, receiver_id, id, intensity, urgency, encrypted, note, note_encrypted,
-- encryption_data. Rows come back with ord, the element's 1-based position, then the columns of
-- send_desire_as_v2.
DROP FUNCTION IF EXISTS send_desires_as_v2(jsonb);
CREATE FUNCTION send_desires_as_v2(p_batch jsonb)
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
  -- Generic plans: the statements of send_desire_in_scope and of the functions and policies
  -- it runs look rows up by key, and a custom plan for each desire cost more CPU than the
  -- rest of its send (bench/sql-cost.ts; local to this statement's transaction).
  PERFORM pg_catalog.set_config('role', 'app_user', true),
          pg_catalog.set_config('plan_cache_mode', 'force_generic_plan', true);
  FOR i IN 1..pg_catalog.jsonb_array_length(p_batch) LOOP
    item := p_batch -> (i - 1);
    -- Cast to uuid as send_desire_as_v2's parameter is; NULL resets it (the sender has no partner).
    PERFORM pg_catalog.set_config('app.user_id', ((item ->> 'user_id')::uuid)::text, true);
    RETURN QUERY
      SELECT i, s.*
      FROM public.send_desire_in_scope(
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

REVOKE ALL ON FUNCTION send_desires_as_v2(jsonb) FROM PUBLIC;

-- A desire is sent by one statement: one round trip and one implicit transaction (npm run
-- bench:sql-cost compares it with the statements it replaced). It enters the user scope exactly
-- as the server does for every request (app.user_id and the role app_user, both local to the
-- transaction), then works under row-level security: the INSERT passes
-- messages_insert_to_partner like any other. Called by the server as the owner in an implicit
-- transaction, so the scope ends with the statement. app_user cannot call it. No SET clause: it
-- would undo the scope when the function returns.
--   outcome: 'sent' (message + sender_username + targets), 'existing' (the id is taken: the
--   stored message when the caller may see it, else null), 'no_partner', 'not_partner'
--   (p_receiver is not the partner). message is a row of message_view, which lists the columns.
-- The end-to-end rule (app_note_key_refusal), when a note is sent; a retry of a stored desire
-- skips it: 'upgrade_required', 'key_changed'.
-- encryption_data is stored as given. The body is send_desire_in_scope, run in the scope
-- entered here.
DROP FUNCTION IF EXISTS send_desire_as_v2(uuid, uuid, uuid, smallint, smallint, boolean, text, text,
  jsonb);
CREATE FUNCTION send_desire_as_v2(
  p_user uuid,
  p_receiver uuid,
  p_id uuid,
  p_intensity smallint,
  p_urgency smallint,
  p_encrypted boolean,
  p_note text,
  p_note_encrypted text,
  p_encryption_data jsonb
) RETURNS TABLE (
  outcome text,
  message public.message_view,
  sender_username text,
  targets jsonb
)
LANGUAGE plpgsql VOLATILE
AS $$
BEGIN
  PERFORM pg_catalog.set_config('app.user_id', p_user::text, true),
          pg_catalog.set_config('role', 'app_user', true),
          -- As send_desires_as_v2 does, for the same reason.
          pg_catalog.set_config('plan_cache_mode', 'force_generic_plan', true);
  RETURN QUERY SELECT * FROM public.send_desire_in_scope(p_receiver, p_id, p_intensity,
    p_urgency, p_encrypted, p_note, p_note_encrypted, p_encryption_data);
END
$$;

REVOKE ALL ON FUNCTION send_desire_as_v2(uuid, uuid, uuid, smallint, smallint, boolean, text, text,
  jsonb) FROM PUBLIC;

-- The previous release's send (migration 010's shape: outcome, the message's columns flat, then
-- sender_username and targets), kept so that its instances keep sending during a rolling
-- upgrade (docs/deploy.md, Upgrades). The server now calls send_desire_as_v2, whose message is
-- one column of message_view's type; this reads the same send and spreads it. Drop it in the
-- next release, with send_desires_as. Owner-only, as send_desire_as_v2.
DROP FUNCTION IF EXISTS send_desire_as(uuid, uuid, uuid, smallint, smallint, boolean, text, text,
  jsonb);
CREATE FUNCTION send_desire_as(
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
  id uuid,
  sender_id uuid,
  receiver_id uuid,
  intensity smallint,
  urgency smallint,
  encrypted boolean,
  note text,
  note_encrypted text,
  encryption_data jsonb,
  read_at timestamptz,
  is_read boolean,
  created_at timestamptz,
  sender_username text,
  targets jsonb
)
LANGUAGE plpgsql VOLATILE
AS $$
BEGIN
  RETURN QUERY
    SELECT s.outcome, (s.message).id, (s.message).sender_id, (s.message).receiver_id,
           (s.message).intensity, (s.message).urgency, (s.message).encrypted, (s.message).note,
           (s.message).note_encrypted, (s.message).encryption_data, (s.message).read_at,
           (s.message).is_read, (s.message).created_at, s.sender_username, s.targets
      FROM public.send_desire_as_v2(p_user, p_receiver, p_id, p_intensity, p_urgency,
        p_encrypted, p_note, p_note_encrypted, p_encryption_data) s;
END
$$;

REVOKE ALL ON FUNCTION send_desire_as(uuid, uuid, uuid, smallint, smallint, boolean, text, text,
  jsonb) FROM PUBLIC;

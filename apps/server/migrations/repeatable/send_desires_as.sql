-- The previous release's batch send (migration 008's shape: ord, outcome, the message's columns
-- flat, then sender_username and targets), kept so that its instances keep sending during a
-- rolling upgrade (docs/deploy.md, Upgrades). The server now calls send_desires_as_v2; this
-- reads the same sends and spreads each message. Drop it in the next release, with
-- send_desire_as. Owner-only, as send_desires_as_v2.
DROP FUNCTION IF EXISTS send_desires_as(jsonb);
CREATE FUNCTION send_desires_as(p_batch jsonb)
RETURNS TABLE (
  ord integer,
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
    SELECT s.ord, s.outcome, (s.message).id, (s.message).sender_id, (s.message).receiver_id,
           (s.message).intensity, (s.message).urgency, (s.message).encrypted, (s.message).note,
           (s.message).note_encrypted, (s.message).encryption_data, (s.message).read_at,
           (s.message).is_read, (s.message).created_at, s.sender_username, s.targets
      FROM public.send_desires_as_v2(p_batch) s;
END
$$;

REVOKE ALL ON FUNCTION send_desires_as(jsonb) FROM PUBLIC;

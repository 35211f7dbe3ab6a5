-- A desire as every reader shows it: the row of messages plus is_read. The one list of a desire's
-- columns: send_desire_as_v2 and send_desires_as_v2 return rows of this view's type, and the
-- server's reads (messages/repository.ts, the /rest/v1 table, the account export) select from it.
-- security_invoker: the querying user's row-level security on messages applies.
-- A change of its columns other than adding one at the end is DROP VIEW IF EXISTS message_view
-- CASCADE first (the files of those two, which sort after this one, then make them again).
CREATE OR REPLACE VIEW message_view WITH (security_invoker = true) AS
  SELECT id, sender_id, receiver_id, intensity, urgency, encrypted, note, note_encrypted,
         encryption_data, read_at, read_at IS NOT NULL AS is_read, created_at
    FROM messages;

REVOKE ALL ON message_view FROM PUBLIC;
GRANT SELECT ON message_view TO app_user;

-- The five simple CHECK constraints of messages (001) as one, checked by a function.
--
-- PostgreSQL reads a table's CHECK expressions from their stored text and prepares each again
-- every time an INSERT starts, and a desire is one INSERT of its own (each in its sender's scope,
-- under row-level security): six constraints were six expressions to read per desire, about 9 %
-- of PostgreSQL's CPU per desire in send_desires_as (perf on the backend) after 029 moved the
-- largest into a function. Now two: messages_encryption_shape and messages_values. The rules are
-- the same and a violation is still 23514; only the constraint's name in the error changes.
-- The function is declared here and defined by repeatable/messages_values_ok.sql, which runs
-- after this file in the same transaction. Until then the CHECK passes every row: the rows here
-- already passed the same rules as the five CHECK expressions it replaces.
CREATE FUNCTION messages_values_ok(p_sender uuid, p_receiver uuid, p_intensity smallint,
  p_urgency smallint, p_note text, p_note_encrypted text) RETURNS boolean
  LANGUAGE sql AS 'SELECT NULL::boolean';

ALTER TABLE messages
  DROP CONSTRAINT messages_check,
  DROP CONSTRAINT messages_intensity_check,
  DROP CONSTRAINT messages_urgency_check,
  DROP CONSTRAINT messages_note_check,
  DROP CONSTRAINT messages_note_encrypted_check,
  ADD CONSTRAINT messages_values CHECK (public.messages_values_ok(sender_id, receiver_id,
    intensity, urgency, note, note_encrypted));

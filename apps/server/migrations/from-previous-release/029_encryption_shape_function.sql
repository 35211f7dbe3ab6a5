-- The same rule as messages_encryption_shape (010), checked by a function.
--
-- PostgreSQL reads a table's CHECK expressions from their stored text and plans them again every
-- time an INSERT starts, and a desire is one INSERT of its own (each runs in its sender's scope,
-- under row-level security). This CASE over jsonb was 9.7 kB of that text, more than the five
-- other checks together: about a fifth of PostgreSQL's CPU per desire (perf on the backend of
-- send_desires_as). A PL/pgSQL function keeps its plan for the session, so the check costs a call.
-- The function is declared here and defined by repeatable/messages_encryption_shape_ok.sql,
-- which runs after this file in the same transaction. Until then the CHECK passes every row: the
-- rows here already passed the same rule as migration 010's CHECK expression.
CREATE FUNCTION messages_encryption_shape_ok(p_encrypted boolean, p_note text,
  p_note_encrypted text, p_data jsonb) RETURNS boolean LANGUAGE sql AS 'SELECT NULL::boolean';

ALTER TABLE messages DROP CONSTRAINT messages_encryption_shape,
  ADD CONSTRAINT messages_encryption_shape
  CHECK (public.messages_encryption_shape_ok(encrypted, note, note_encrypted, encryption_data));

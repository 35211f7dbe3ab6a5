-- A wish round id is used once (issue 39; docs/decisions.md, "A round id is used once"). The
-- access rules let either partner delete a round, so the initiator could make a round again
-- under an id already replied to, and the responder's devices would reply under the same round
-- scalar a second time. Every id a couple starts a round with is kept here, and a round with an
-- id used before is not inserted. A row holds the id and the pair only (in id order: not who
-- started it, nor when), all of which the server saw when the round was started; the couple's
-- unpairing (app_forget_couple_wishes) and either account's deletion (the cascades) remove it.
CREATE TABLE wish_round_ids (
  id uuid PRIMARY KEY,
  first_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  second_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  CONSTRAINT wish_round_ids_pair_in_order CHECK (first_id < second_id)
);
CREATE INDEX wish_round_ids_pair ON wish_round_ids (first_id, second_id);
CREATE INDEX wish_round_ids_second ON wish_round_ids (second_id);

-- The rounds open now have used their ids.
INSERT INTO wish_round_ids (id, first_id, second_id)
  SELECT id, least(initiator_id, responder_id), greatest(initiator_id, responder_id)
  FROM wish_rounds;

ALTER TABLE wish_round_ids ENABLE ROW LEVEL SECURITY;

-- Written only by the trigger below, as the initiator, for the current pair. No read, no
-- delete: an id once used stays used while the pairing lasts.
GRANT INSERT (id, first_id, second_id) ON wish_round_ids TO app_user;
CREATE POLICY wish_round_ids_insert_couple ON wish_round_ids FOR INSERT TO app_user
  WITH CHECK (app_is_my_couple(first_id, second_id));

-- Declared here and defined by repeatable/app_wish_round_id_once.sql, which runs after this
-- file in the same transaction.
CREATE FUNCTION app_wish_round_id_once() RETURNS trigger
  LANGUAGE plpgsql AS 'BEGIN RETURN NEW; END';
CREATE TRIGGER wish_rounds_id_once BEFORE INSERT ON wish_rounds
  FOR EACH ROW EXECUTE FUNCTION app_wish_round_id_once();

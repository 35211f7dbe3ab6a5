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

-- The definition is migrations/repeatable/app_wish_round_id_once.sql.
CREATE FUNCTION app_wish_round_id_once() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp
AS $$
BEGIN
  -- The owner (restore, db:move) copies both tables as they are.
  IF app_current_user_id() IS NULL THEN
    RETURN NEW;
  END IF;
  -- No conflict target: naming one would need SELECT on the table, which app_user lacks.
  INSERT INTO wish_round_ids (id, first_id, second_id)
    VALUES (NEW.id, least(NEW.initiator_id, NEW.responder_id),
      greatest(NEW.initiator_id, NEW.responder_id))
    ON CONFLICT DO NOTHING;
  -- Used before (by this couple, open or gone, or by anyone): the row is skipped, as
  -- ON CONFLICT DO NOTHING skips one, so the insert returns nothing (wish_id_taken).
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER wish_rounds_id_once BEFORE INSERT ON wish_rounds
  FOR EACH ROW EXECUTE FUNCTION app_wish_round_id_once();

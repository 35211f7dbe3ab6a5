-- A wish round id is used once (the trigger wish_rounds_id_once): the round's id goes into
-- wish_round_ids as it is inserted, and a round with an id used before is skipped.
CREATE OR REPLACE FUNCTION app_wish_round_id_once() RETURNS trigger
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

-- Only the responder replies, once; only the initiator finishes, once, after the reply.
CREATE OR REPLACE FUNCTION app_wish_round_step_guard() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp
AS $$
DECLARE
  me uuid := app_current_user_id();
BEGIN
  -- The owner (maintenance, restore) is not a side of any round.
  IF me IS NULL THEN
    RETURN NEW;
  END IF;
  IF (NEW.reply_content, NEW.reply_encryption_data)
      IS DISTINCT FROM (OLD.reply_content, OLD.reply_encryption_data)
    AND (me <> OLD.responder_id OR OLD.reply_content IS NOT NULL) THEN
    RAISE EXCEPTION 'only the responder replies, once' USING ERRCODE = '42501';
  END IF;
  IF (NEW.finish_content, NEW.finish_encryption_data)
      IS DISTINCT FROM (OLD.finish_content, OLD.finish_encryption_data)
    AND (me <> OLD.initiator_id OR OLD.finish_content IS NOT NULL
      OR OLD.reply_content IS NULL) THEN
    RAISE EXCEPTION 'only the initiator finishes, once, after the reply' USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END
$$;

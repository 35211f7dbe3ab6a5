-- A wish list belongs to a pair (docs/decisions.md, "A wish list belongs to a pair"): when a
-- profile's partner changes (a disconnect, or the partner's account deleted), the couple's
-- items, rounds, used round ids and match lists go. As the owner: neither side may delete the
-- other's rows, nor a used round id.
CREATE OR REPLACE FUNCTION app_forget_couple_wishes() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
AS $$
BEGIN
  IF OLD.partner_id IS NOT NULL AND NEW.partner_id IS DISTINCT FROM OLD.partner_id THEN
    DELETE FROM wish_items
      WHERE (proposer_id = OLD.id AND partner_id = OLD.partner_id)
         OR (proposer_id = OLD.partner_id AND partner_id = OLD.id);
    DELETE FROM wish_rounds
      WHERE (initiator_id = OLD.id AND responder_id = OLD.partner_id)
         OR (initiator_id = OLD.partner_id AND responder_id = OLD.id);
    DELETE FROM wish_round_ids
      WHERE first_id = least(OLD.id, OLD.partner_id)
        AND second_id = greatest(OLD.id, OLD.partner_id);
    DELETE FROM wish_match_sets
      WHERE (user_id = OLD.id AND partner_id = OLD.partner_id)
         OR (user_id = OLD.partner_id AND partner_id = OLD.id);
  END IF;
  RETURN NULL;
END
$$;

REVOKE ALL ON FUNCTION app_forget_couple_wishes() FROM PUBLIC;

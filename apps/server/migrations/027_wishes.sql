-- Wishes (issue 29): a couple's custom wishes, the rounds of private matching between their two
-- devices, and each person's sealed match list. The server stores and relays sealed blobs only
-- (end-to-end, version 2: HPKE to the partner's and the sender's own identity keys) and never
-- opens one (docs/security.md, "What the server stores for wishes"). Every row belongs to one
-- couple: only the two partners of the current pairing see it, and unpairing deletes it.

-- A sealed blob is a v2 note's shape around other bytes; version 1 (passphrase) is refused.
-- 24000: WISH_SEALED_CONTENT_MAX (packages/protocol), the largest blob of any kind.
CREATE FUNCTION app_wish_blob_ok(content text, data jsonb) RETURNS boolean
LANGUAGE sql IMMUTABLE SET search_path = public, pg_temp
AS $$
  SELECT coalesce(char_length(content) BETWEEN 1 AND 24000, false)
    AND coalesce(data ->> 'version' = '2', false)
    AND coalesce(app_note_encryption_shape_ok(data), false)
$$;

CREATE TABLE wish_items (
  id uuid PRIMARY KEY,
  proposer_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  partner_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  content text NOT NULL,
  encryption_data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT wish_items_sealed CHECK (app_wish_blob_ok(content, encryption_data)),
  CONSTRAINT wish_items_two_people CHECK (proposer_id <> partner_id)
);
CREATE INDEX wish_items_proposer ON wish_items (proposer_id, partner_id);
CREATE INDEX wish_items_partner ON wish_items (partner_id);

-- One round: the initiator's offer, the responder's reply, the initiator's finish. The
-- responder's complete deletes it; a newer round of the couple deletes it too.
CREATE TABLE wish_rounds (
  id uuid PRIMARY KEY,
  initiator_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  responder_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  offer_content text NOT NULL,
  offer_encryption_data jsonb NOT NULL,
  reply_content text,
  reply_encryption_data jsonb,
  finish_content text,
  finish_encryption_data jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT wish_rounds_two_people CHECK (initiator_id <> responder_id),
  CONSTRAINT wish_rounds_offer CHECK (app_wish_blob_ok(offer_content, offer_encryption_data)),
  CONSTRAINT wish_rounds_reply CHECK (
    CASE WHEN reply_content IS NULL THEN reply_encryption_data IS NULL
      ELSE app_wish_blob_ok(reply_content, reply_encryption_data) END),
  CONSTRAINT wish_rounds_finish CHECK (
    CASE WHEN finish_content IS NULL THEN finish_encryption_data IS NULL
      ELSE reply_content IS NOT NULL AND app_wish_blob_ok(finish_content, finish_encryption_data)
    END)
);
CREATE INDEX wish_rounds_initiator ON wish_rounds (initiator_id, responder_id);
CREATE INDEX wish_rounds_responder ON wish_rounds (responder_id);

-- Each person's matches with their current partner, sealed by the device that computed them.
CREATE TABLE wish_match_sets (
  user_id uuid PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
  partner_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  -- The round that wrote it; no foreign key, as completing the round deletes it.
  round_id uuid NOT NULL,
  content text NOT NULL,
  encryption_data jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT wish_match_sets_sealed CHECK (app_wish_blob_ok(content, encryption_data)),
  CONSTRAINT wish_match_sets_two_people CHECK (user_id <> partner_id)
);
CREATE INDEX wish_match_sets_partner ON wish_match_sets (partner_id);

-- Whether the two are the caller and the caller's current partner, in either order.
CREATE FUNCTION app_is_my_couple(a uuid, b uuid) RETURNS boolean
LANGUAGE sql STABLE SET search_path = public, pg_temp
AS $$
  SELECT coalesce((a = app_current_user_id() AND b = get_my_partner_id())
    OR (b = app_current_user_id() AND a = get_my_partner_id()), false)
$$;

ALTER TABLE wish_items ENABLE ROW LEVEL SECURITY;
ALTER TABLE wish_rounds ENABLE ROW LEVEL SECURITY;
ALTER TABLE wish_match_sets ENABLE ROW LEVEL SECURITY;

GRANT SELECT, DELETE ON wish_items TO app_user;
GRANT INSERT (id, proposer_id, partner_id, content, encryption_data) ON wish_items TO app_user;
-- Both partners of the current pairing see the couple's list; only the proposer adds or
-- withdraws an item, and only for the current partner.
CREATE POLICY wish_items_select_couple ON wish_items FOR SELECT TO app_user
  USING (app_is_my_couple(proposer_id, partner_id));
CREATE POLICY wish_items_insert_proposer ON wish_items FOR INSERT TO app_user
  WITH CHECK (proposer_id = app_current_user_id() AND partner_id = get_my_partner_id());
CREATE POLICY wish_items_delete_proposer ON wish_items FOR DELETE TO app_user
  USING (proposer_id = app_current_user_id() AND partner_id = get_my_partner_id());

GRANT SELECT, DELETE ON wish_rounds TO app_user;
GRANT INSERT (id, initiator_id, responder_id, offer_content, offer_encryption_data)
  ON wish_rounds TO app_user;
GRANT UPDATE (reply_content, reply_encryption_data, finish_content, finish_encryption_data,
  updated_at) ON wish_rounds TO app_user;
CREATE POLICY wish_rounds_select_couple ON wish_rounds FOR SELECT TO app_user
  USING (app_is_my_couple(initiator_id, responder_id));
CREATE POLICY wish_rounds_insert_initiator ON wish_rounds FOR INSERT TO app_user
  WITH CHECK (initiator_id = app_current_user_id() AND responder_id = get_my_partner_id());
-- Either partner writes a step; which step is whose, and in which order, is the trigger's.
CREATE POLICY wish_rounds_update_couple ON wish_rounds FOR UPDATE TO app_user
  USING (app_is_my_couple(initiator_id, responder_id))
  WITH CHECK (app_is_my_couple(initiator_id, responder_id));
-- The responder deletes a round by completing it; either partner by starting a newer one.
CREATE POLICY wish_rounds_delete_couple ON wish_rounds FOR DELETE TO app_user
  USING (app_is_my_couple(initiator_id, responder_id));

-- Only the responder replies, once; only the initiator finishes, once, after the reply.
CREATE FUNCTION app_wish_round_step_guard() RETURNS trigger
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
CREATE TRIGGER wish_rounds_step_guard BEFORE UPDATE ON wish_rounds
  FOR EACH ROW EXECUTE FUNCTION app_wish_round_step_guard();

GRANT SELECT ON wish_match_sets TO app_user;
GRANT INSERT (user_id, partner_id, round_id, content, encryption_data) ON wish_match_sets
  TO app_user;
GRANT UPDATE (partner_id, round_id, content, encryption_data, updated_at) ON wish_match_sets
  TO app_user;
-- A person's match list is theirs: sealed to both, but only its owner reads or writes the row.
CREATE POLICY wish_match_sets_select_own ON wish_match_sets FOR SELECT TO app_user
  USING (user_id = app_current_user_id() AND partner_id = get_my_partner_id());
CREATE POLICY wish_match_sets_insert_own ON wish_match_sets FOR INSERT TO app_user
  WITH CHECK (user_id = app_current_user_id() AND partner_id = get_my_partner_id());
CREATE POLICY wish_match_sets_update_own ON wish_match_sets FOR UPDATE TO app_user
  USING (user_id = app_current_user_id() AND partner_id = get_my_partner_id())
  WITH CHECK (user_id = app_current_user_id() AND partner_id = get_my_partner_id());

-- A wish list belongs to a pair (docs/decisions.md, "A wish list belongs to a pair"): when a
-- profile's partner changes (a disconnect, or the partner's account deleted), the couple's
-- items, rounds and match lists go. As the owner: neither side may delete the other's rows.
CREATE FUNCTION app_forget_couple_wishes() RETURNS trigger
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
    DELETE FROM wish_match_sets
      WHERE (user_id = OLD.id AND partner_id = OLD.partner_id)
         OR (user_id = OLD.partner_id AND partner_id = OLD.id);
  END IF;
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION app_forget_couple_wishes() FROM PUBLIC;
CREATE TRIGGER profiles_forget_couple_wishes AFTER UPDATE OF partner_id ON profiles
  FOR EACH ROW EXECUTE FUNCTION app_forget_couple_wishes();

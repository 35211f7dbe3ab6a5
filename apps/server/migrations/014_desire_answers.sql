-- Answers to desires (issue 17): the receiver of a desire answers it once, and may change the
-- answer; both partners see it. The answer is a choice from a fixed set, so nothing in it needs
-- encrypting.
CREATE TABLE desire_answers (
  message_id uuid PRIMARY KEY REFERENCES messages (id) ON DELETE CASCADE,
  answerer_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  -- The desire's sender, who reads the answer; kept here so the policy needs no join to read.
  asker_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  choice text NOT NULL CHECK (choice IN ('in', 'later', 'not_tonight')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX desire_answers_asker ON desire_answers (asker_id);

ALTER TABLE desire_answers ENABLE ROW LEVEL SECURITY;

GRANT SELECT ON desire_answers TO app_user;
GRANT INSERT (message_id, answerer_id, asker_id, choice) ON desire_answers TO app_user;
GRANT UPDATE (choice, updated_at) ON desire_answers TO app_user;

CREATE POLICY desire_answers_select_party ON desire_answers FOR SELECT TO app_user
  USING (app_current_user_id() IN (answerer_id, asker_id));
-- Only the receiver of the desire answers it, and the asker must be the desire's sender.
CREATE POLICY desire_answers_insert_receiver ON desire_answers FOR INSERT TO app_user
  WITH CHECK (
    answerer_id = app_current_user_id()
    AND EXISTS (
      SELECT 1 FROM messages m
      WHERE m.id = message_id AND m.receiver_id = answerer_id AND m.sender_id = asker_id));
CREATE POLICY desire_answers_update_receiver ON desire_answers FOR UPDATE TO app_user
  USING (answerer_id = app_current_user_id())
  WITH CHECK (answerer_id = app_current_user_id());

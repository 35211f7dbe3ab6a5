-- Quiet hours (issue 17): one daily window per user, in the user's time zone; no row means off.
-- The partner may read the window (the sender is told "in quiet hours until …").
CREATE TABLE quiet_hours (
  user_id uuid PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
  start_time text NOT NULL CHECK (start_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  end_time text NOT NULL CHECK (end_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  time_zone text NOT NULL CHECK (char_length(time_zone) BETWEEN 1 AND 64),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (start_time <> end_time)
);

ALTER TABLE quiet_hours ENABLE ROW LEVEL SECURITY;

GRANT SELECT, DELETE ON quiet_hours TO app_user;
GRANT INSERT (user_id, start_time, end_time, time_zone) ON quiet_hours TO app_user;
GRANT UPDATE (start_time, end_time, time_zone, updated_at) ON quiet_hours TO app_user;

CREATE POLICY quiet_hours_select_own_or_partner ON quiet_hours FOR SELECT TO app_user
  USING (user_id = app_current_user_id() OR user_id = get_my_partner_id());
CREATE POLICY quiet_hours_write_own ON quiet_hours FOR INSERT TO app_user
  WITH CHECK (user_id = app_current_user_id());
CREATE POLICY quiet_hours_update_own ON quiet_hours FOR UPDATE TO app_user
  USING (user_id = app_current_user_id()) WITH CHECK (user_id = app_current_user_id());
CREATE POLICY quiet_hours_delete_own ON quiet_hours FOR DELETE TO app_user
  USING (user_id = app_current_user_id());

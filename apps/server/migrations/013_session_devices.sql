-- The sessions list of settings: each session keeps the user agent it was last used with (its device
-- name is derived when listed) and when it was last seen. last_seen_at is written at most once a
-- minute per session (touchActiveSession in apps/server/src/auth/sessions-repository.ts). No index
-- covers last_seen_at, so that write is a HOT update; the list reads auth_sessions_user_idx.
ALTER TABLE auth_sessions ADD COLUMN user_agent text CHECK (char_length(user_agent) <= 512);
ALTER TABLE auth_sessions ADD COLUMN last_seen_at timestamptz;
UPDATE auth_sessions SET last_seen_at = coalesce(refreshed_at, created_at);
ALTER TABLE auth_sessions ALTER COLUMN last_seen_at SET DEFAULT now();
ALTER TABLE auth_sessions ALTER COLUMN last_seen_at SET NOT NULL;


-- Recovering and changing credentials (issue 16). Each mailed link's token is stored only as its
-- SHA-256 hash, works once and expires; nobody but the server's own role reads these tables.

CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  -- The session that /auth/v1/verify opened with this link: it may set a new password without
  -- the current one (supabase-js updateUser after PASSWORD_RECOVERY).
  session_id uuid REFERENCES auth_sessions (id) ON DELETE SET NULL
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id);
CREATE INDEX password_resets_session_idx ON password_resets (session_id) WHERE session_id IS NOT NULL;

CREATE TABLE email_changes (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  new_email text NOT NULL CHECK (new_email = lower(new_email) AND char_length(new_email) <= 254),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_changes_user_idx ON email_changes (user_id);

-- Like users and auth_sessions: row-level security on, no grant and no policy for app_user.
ALTER TABLE password_resets ENABLE ROW LEVEL SECURITY;
ALTER TABLE email_changes ENABLE ROW LEVEL SECURITY;

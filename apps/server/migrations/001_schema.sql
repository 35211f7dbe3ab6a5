-- Tables, constraints and indexes. Every rule that data must obey is here, not only in code.

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL CHECK (email = lower(email) AND char_length(email) <= 254),
  -- NULL: the account has no usable password (Farcaster sign-in only).
  password_hash text,
  email_confirmed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (email);

CREATE TABLE auth_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  refreshed_at timestamptz,
  revoked_at timestamptz,
  revoked_reason text
);
CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id);

-- Opaque refresh tokens, stored as SHA-256 hashes; each is used once, then rotated.
CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  rotated_at timestamptz
);
CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);

CREATE TABLE email_confirmations (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- Secrets generated once and shared by every instance (JWT signing key, VAPID keys).
CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE profiles (
  id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  username text NOT NULL CHECK (
    char_length(username) BETWEEN 3 AND 20 AND username ~ '^[a-z0-9_.]+$'
  ),
  auth_method text NOT NULL DEFAULT 'email' CHECK (auth_method IN ('email', 'farcaster')),
  farcaster_id bigint UNIQUE,
  farcaster_username text CHECK (char_length(farcaster_username) <= 100),
  partner_id uuid REFERENCES profiles (id) ON DELETE SET NULL,
  partner_status text NOT NULL DEFAULT 'none'
    CHECK (partner_status IN ('none', 'pending', 'accepted', 'active')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (partner_id IS DISTINCT FROM id),
  CHECK ((partner_id IS NULL) = (partner_status IN ('none', 'pending')))
);
CREATE UNIQUE INDEX profiles_username_key ON profiles (username);
-- Nobody can be the partner of two profiles.
CREATE UNIQUE INDEX profiles_partner_key ON profiles (partner_id) WHERE partner_id IS NOT NULL;

CREATE TABLE pairing_codes (
  code text PRIMARY KEY CHECK (code ~ '^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$'),
  owner_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  used_by uuid REFERENCES profiles (id) ON DELETE SET NULL
);
CREATE UNIQUE INDEX pairing_codes_open_per_owner ON pairing_codes (owner_id) WHERE used_at IS NULL;

CREATE TABLE partner_connections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user1_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  user2_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  ended_by uuid REFERENCES profiles (id) ON DELETE SET NULL,
  CHECK (user1_id <> user2_id)
);
CREATE UNIQUE INDEX partner_connections_open_user1 ON partner_connections (user1_id) WHERE ended_at IS NULL;
CREATE UNIQUE INDEX partner_connections_open_user2 ON partner_connections (user2_id) WHERE ended_at IS NULL;

CREATE TABLE messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  sender_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  receiver_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  intensity smallint NOT NULL CHECK (intensity BETWEEN 0 AND 10),
  urgency smallint NOT NULL CHECK (urgency BETWEEN 0 AND 10),
  encrypted boolean NOT NULL DEFAULT false,
  note text CHECK (char_length(note) BETWEEN 1 AND 200),
  -- Longest base64 AES-GCM ciphertext of a 200-character note (NOTE_CIPHERTEXT_BASE64_MAX).
  note_encrypted text CHECK (char_length(note_encrypted) BETWEEN 1 AND 824),
  encryption_data jsonb,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (sender_id <> receiver_id),
  CHECK (
    CASE WHEN encrypted
      THEN note IS NULL AND note_encrypted IS NOT NULL
        AND jsonb_typeof(encryption_data) = 'object'
        AND encryption_data ->> 'version' = '1'
        AND char_length(encryption_data ->> 'iv') = 16
        AND char_length(encryption_data ->> 'salt') = 24
      ELSE note_encrypted IS NULL AND encryption_data IS NULL
    END
  )
);
CREATE INDEX messages_receiver_created_idx ON messages (receiver_id, created_at DESC);
CREATE INDEX messages_sender_created_idx ON messages (sender_id, created_at DESC);
CREATE INDEX messages_receiver_unread_idx ON messages (receiver_id, created_at DESC) WHERE read_at IS NULL;

CREATE TABLE push_subscriptions (
  user_id uuid PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
  subscription jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE notification_tokens (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  platform text NOT NULL CHECK (platform ~ '^[a-z0-9_-]{1,32}$'),
  token text NOT NULL CHECK (char_length(token) BETWEEN 1 AND 512),
  url text CHECK (char_length(url) <= 1024),
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (platform, token)
);
CREATE INDEX notification_tokens_user_idx ON notification_tokens (user_id) WHERE enabled;

CREATE TABLE debug_logs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid REFERENCES profiles (id) ON DELETE CASCADE,
  function_name text NOT NULL CHECK (char_length(function_name) BETWEEN 1 AND 100),
  input_params jsonb,
  error_message text CHECK (char_length(error_message) <= 2000),
  execution_time_ms integer CHECK (execution_time_ms >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX debug_logs_user_created_idx ON debug_logs (user_id, created_at DESC);

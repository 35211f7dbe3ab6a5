-- The schema as migrations 001 to 037 left it, in one file: tables, constraints, indexes,
-- row-level security, grants and triggers. Every rule that data must obey is here, not only in
-- code. Functions and views live in repeatable/, which runs after this file in the same
-- transaction (CONTRIBUTING.md, "Database changes"). A database of the previous release reaches
-- this schema through from-previous-release/ instead, and a test compares the two catalogs
-- (test/baseline-schema.test.ts): a change here is a new numbered migration, never an edit.

-- User-scoped work runs as app_user (never the table owner) with the caller's id in the
-- transaction-local setting app.user_id. The policies are the only way rows become visible.
DO $$
BEGIN
  CREATE ROLE app_user NOLOGIN;
EXCEPTION
  -- Roles are cluster-wide: another database (or a concurrent migration) may have made it.
  WHEN duplicate_object OR unique_violation THEN NULL;
END
$$;

DO $$
BEGIN
  IF NOT pg_has_role(current_user, 'app_user', 'MEMBER') THEN
    EXECUTE format('GRANT app_user TO %I', current_user);
  END IF;
END
$$;

GRANT USAGE ON SCHEMA public TO app_user;

-- The functions that the checks, policies and triggers below call, declared with their
-- signatures only: each is defined by the file of its name in repeatable/, whose CREATE OR
-- REPLACE keeps the function (and so what is bound to it) and replaces the body.
CREATE FUNCTION app_current_user_id() RETURNS uuid LANGUAGE sql AS 'SELECT NULL::uuid';
CREATE FUNCTION get_my_partner_id() RETURNS uuid LANGUAGE sql AS 'SELECT NULL::uuid';
CREATE FUNCTION app_is_my_couple(a uuid, b uuid) RETURNS boolean
  LANGUAGE sql AS 'SELECT NULL::boolean';
CREATE FUNCTION app_is_p256_point(p_value text) RETURNS boolean
  LANGUAGE sql AS 'SELECT NULL::boolean';
CREATE FUNCTION app_identity_key_id(p_public_key text) RETURNS text
  LANGUAGE sql AS 'SELECT NULL::text';
CREATE FUNCTION messages_encryption_shape_ok(p_encrypted boolean, p_note text,
  p_note_encrypted text, p_data jsonb) RETURNS boolean LANGUAGE sql AS 'SELECT NULL::boolean';
CREATE FUNCTION messages_values_ok(p_sender uuid, p_receiver uuid, p_intensity smallint,
  p_urgency smallint, p_note text, p_note_encrypted text) RETURNS boolean
  LANGUAGE sql AS 'SELECT NULL::boolean';
CREATE FUNCTION app_note_encryption_shape_ok(data jsonb) RETURNS boolean
  LANGUAGE sql AS 'SELECT NULL::boolean';
CREATE FUNCTION app_wish_blob_ok(content text, data jsonb) RETURNS boolean
  LANGUAGE sql AS 'SELECT NULL::boolean';
CREATE FUNCTION app_wish_round_step_guard() RETURNS trigger
  LANGUAGE plpgsql AS 'BEGIN RETURN NEW; END';
CREATE FUNCTION app_wish_round_id_once() RETURNS trigger
  LANGUAGE plpgsql AS 'BEGIN RETURN NEW; END';
CREATE FUNCTION app_forget_couple_wishes() RETURNS trigger
  LANGUAGE plpgsql AS 'BEGIN RETURN NULL; END';

-- Accounts and sessions. users, auth_sessions, refresh_tokens, email_confirmations, app_secrets,
-- password_resets and email_changes: row-level security on, no grant and no policy for app_user.
-- Nobody but the server's own role reads them.

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
ALTER TABLE users ENABLE ROW LEVEL SECURITY;

-- Each session keeps the user agent it was last used with (settings derive a device name from
-- it) and when it was last seen. last_seen_at is written at most once a minute per session
-- (touchActiveSession in auth/sessions-repository.ts); no index covers it, so that write is a
-- HOT update.
CREATE TABLE auth_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  refreshed_at timestamptz,
  revoked_at timestamptz,
  revoked_reason text,
  user_agent text CHECK (char_length(user_agent) <= 512),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id);
ALTER TABLE auth_sessions ENABLE ROW LEVEL SECURITY;

-- Opaque refresh tokens, stored as SHA-256 hashes; each is used once, then rotated.
CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  rotated_at timestamptz
);
CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);
ALTER TABLE refresh_tokens ENABLE ROW LEVEL SECURITY;

-- Each mailed link's token (here, and in password_resets and email_changes) is stored only as
-- its SHA-256 hash, works once and expires.
CREATE TABLE email_confirmations (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
ALTER TABLE email_confirmations ENABLE ROW LEVEL SECURITY;

-- Secrets generated once and shared by every instance (JWT signing key, VAPID keys).
CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE app_secrets ENABLE ROW LEVEL SECURITY;

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
ALTER TABLE password_resets ENABLE ROW LEVEL SECURITY;

CREATE TABLE email_changes (
  token_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  new_email text NOT NULL CHECK (new_email = lower(new_email) AND char_length(new_email) <= 254),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_changes_user_idx ON email_changes (user_id);
ALTER TABLE email_changes ENABLE ROW LEVEL SECURITY;

-- Profiles and pairing (SPEC §7).

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
  -- The language the server writes this person's pushes, mini-app notifications and e-mails
  -- in. Null until a device tells it (PUT /api/profile/locale): the server then falls back to
  -- the request's Accept-Language or English.
  locale text CHECK (locale IN ('en', 'es', 'pt-BR', 'fr', 'de', 'ar')),
  CHECK (partner_id IS DISTINCT FROM id),
  CHECK ((partner_id IS NULL) = (partner_status IN ('none', 'pending')))
);
CREATE UNIQUE INDEX profiles_username_key ON profiles (username);
-- Nobody can be the partner of two profiles.
CREATE UNIQUE INDEX profiles_partner_key ON profiles (partner_id) WHERE partner_id IS NOT NULL;
ALTER TABLE profiles ENABLE ROW LEVEL SECURITY;
-- A profile sees its own row; the partner's username comes only through get_partner_summary().
GRANT SELECT ON profiles TO app_user;
GRANT UPDATE (username, updated_at, locale) ON profiles TO app_user;
CREATE POLICY profiles_select_own ON profiles FOR SELECT TO app_user
  USING (id = app_current_user_id());
CREATE POLICY profiles_update_own ON profiles FOR UPDATE TO app_user
  USING (id = app_current_user_id()) WITH CHECK (id = app_current_user_id());

CREATE TABLE pairing_codes (
  code text PRIMARY KEY CHECK (code ~ '^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$'),
  owner_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  used_by uuid REFERENCES profiles (id) ON DELETE SET NULL
);
CREATE UNIQUE INDEX pairing_codes_open_per_owner ON pairing_codes (owner_id) WHERE used_at IS NULL;
ALTER TABLE pairing_codes ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON pairing_codes TO app_user;
CREATE POLICY pairing_codes_select_own ON pairing_codes FOR SELECT TO app_user
  USING (owner_id = app_current_user_id());

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
ALTER TABLE partner_connections ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON partner_connections TO app_user;
CREATE POLICY partner_connections_select_own ON partner_connections FOR SELECT TO app_user
  USING (app_current_user_id() IN (user1_id, user2_id));

-- Desires, their answers, and thoughts.

-- A desire's rules are two CHECKs calling functions (messages_values_ok,
-- messages_encryption_shape_ok): PostgreSQL reads a CHECK expression from its stored text and
-- plans it again on every INSERT, and each desire is an INSERT of its own; a PL/pgSQL function
-- keeps its plan for the session. A violation is still 23514.
CREATE TABLE messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  sender_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  receiver_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  intensity smallint NOT NULL,
  urgency smallint NOT NULL,
  encrypted boolean NOT NULL DEFAULT false,
  note text,
  note_encrypted text,
  encryption_data jsonb,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT messages_encryption_shape
    CHECK (messages_encryption_shape_ok(encrypted, note, note_encrypted, encryption_data)),
  CONSTRAINT messages_values
    CHECK (messages_values_ok(sender_id, receiver_id, intensity, urgency, note, note_encrypted))
);
CREATE INDEX messages_receiver_created_idx ON messages (receiver_id, created_at DESC);
CREATE INDEX messages_sender_created_idx ON messages (sender_id, created_at DESC);
CREATE INDEX messages_receiver_unread_idx ON messages (receiver_id, created_at DESC) WHERE read_at IS NULL;
ALTER TABLE messages ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON messages TO app_user;
GRANT INSERT (id, sender_id, receiver_id, intensity, urgency, encrypted, note, note_encrypted,
  encryption_data) ON messages TO app_user;
GRANT UPDATE (read_at) ON messages TO app_user;
CREATE POLICY messages_select_party ON messages FOR SELECT TO app_user
  USING (app_current_user_id() IN (sender_id, receiver_id));
CREATE POLICY messages_insert_to_partner ON messages FOR INSERT TO app_user
  WITH CHECK (sender_id = app_current_user_id() AND receiver_id = get_my_partner_id());
CREATE POLICY messages_update_received ON messages FOR UPDATE TO app_user
  USING (receiver_id = app_current_user_id()) WITH CHECK (receiver_id = app_current_user_id());

-- The receiver of a desire answers it once and may change the answer; both partners see it. The
-- choice is from a fixed set; a note is sealed on the answerer's device as a desire's is.
CREATE TABLE desire_answers (
  message_id uuid PRIMARY KEY REFERENCES messages (id) ON DELETE CASCADE,
  answerer_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  -- The desire's sender, who reads the answer; kept here so the policy needs no join to read.
  asker_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  choice text NOT NULL CHECK (choice IN ('in', 'later', 'not_tonight')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  note_encrypted text,
  encryption_data jsonb,
  CONSTRAINT desire_answers_note_shape CHECK (
    CASE WHEN note_encrypted IS NULL
      THEN encryption_data IS NULL
      ELSE coalesce(app_note_encryption_shape_ok(encryption_data), false)
    END
  )
);
CREATE INDEX desire_answers_asker ON desire_answers (asker_id);
ALTER TABLE desire_answers ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON desire_answers TO app_user;
GRANT INSERT (message_id, answerer_id, asker_id, choice, note_encrypted, encryption_data)
  ON desire_answers TO app_user;
GRANT UPDATE (choice, updated_at, note_encrypted, encryption_data) ON desire_answers TO app_user;
CREATE POLICY desire_answers_select_party ON desire_answers FOR SELECT TO app_user
  USING (app_current_user_id() IN (answerer_id, asker_id));
-- Only the receiver of the desire answers it, only while its sender is the receiver's partner
-- (a former partner's answer would still notify), and the asker must be the desire's sender.
CREATE POLICY desire_answers_insert_receiver ON desire_answers FOR INSERT TO app_user
  WITH CHECK (
    answerer_id = app_current_user_id()
    AND asker_id = get_my_partner_id()
    AND EXISTS (
      SELECT 1 FROM messages m
      WHERE m.id = message_id AND m.receiver_id = answerer_id AND m.sender_id = asker_id));
CREATE POLICY desire_answers_update_receiver ON desire_answers FOR UPDATE TO app_user
  USING (answerer_id = app_current_user_id() AND asker_id = get_my_partner_id())
  WITH CHECK (answerer_id = app_current_user_id() AND asker_id = get_my_partner_id());

-- "Thinking of you": a one-tap sign with no score and no note, as tight as messages: no DELETE
-- (an account's thoughts go with it, by the cascade). The rate limit is the server's
-- (abuse/action-limits.ts), not the table's: it holds across every instance.
CREATE TABLE thoughts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  sender_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  receiver_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz,
  CHECK (sender_id <> receiver_id)
);
CREATE INDEX thoughts_receiver_created_idx ON thoughts (receiver_id, created_at DESC);
CREATE INDEX thoughts_sender_created_idx ON thoughts (sender_id, created_at DESC);
CREATE INDEX thoughts_receiver_unread_idx ON thoughts (receiver_id) WHERE read_at IS NULL;
ALTER TABLE thoughts ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON thoughts TO app_user;
GRANT INSERT (id, sender_id, receiver_id) ON thoughts TO app_user;
GRANT UPDATE (read_at) ON thoughts TO app_user;
CREATE POLICY thoughts_select_party ON thoughts FOR SELECT TO app_user
  USING (app_current_user_id() IN (sender_id, receiver_id));
CREATE POLICY thoughts_insert_to_partner ON thoughts FOR INSERT TO app_user
  WITH CHECK (sender_id = app_current_user_id() AND receiver_id = get_my_partner_id());
CREATE POLICY thoughts_update_received ON thoughts FOR UPDATE TO app_user
  USING (receiver_id = app_current_user_id()) WITH CHECK (receiver_id = app_current_user_id());

-- Notifications, settings and the debug log.

CREATE TABLE push_subscriptions (
  user_id uuid PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
  subscription jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
ALTER TABLE push_subscriptions ENABLE ROW LEVEL SECURITY;
GRANT SELECT, INSERT, UPDATE, DELETE ON push_subscriptions TO app_user;
CREATE POLICY push_subscriptions_own ON push_subscriptions FOR ALL TO app_user
  USING (user_id = app_current_user_id()) WITH CHECK (user_id = app_current_user_id());

CREATE TABLE notification_tokens (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  platform text NOT NULL CHECK (platform ~ '^[a-z0-9_-]{1,32}$'),
  token text NOT NULL CHECK (char_length(token) BETWEEN 1 AND 512),
  url text CHECK (char_length(url) <= 1024),
  enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- The Farcaster client app (appFid of the signed webhook event) a mini-app token belongs to,
  -- so that removing the mini-app in one client disables only that client's tokens. The webhook
  -- stores a token as its owner (store_notification_token, as app_user), then sets this.
  app_fid bigint,
  UNIQUE (platform, token)
);
CREATE INDEX notification_tokens_user_idx ON notification_tokens (user_id) WHERE enabled;
ALTER TABLE notification_tokens ENABLE ROW LEVEL SECURITY;
GRANT SELECT, DELETE ON notification_tokens TO app_user;
GRANT UPDATE (enabled, updated_at, app_fid) ON notification_tokens TO app_user;
CREATE POLICY notification_tokens_own ON notification_tokens FOR ALL TO app_user
  USING (user_id = app_current_user_id()) WITH CHECK (user_id = app_current_user_id());

-- One daily window per user, in the user's time zone; no row means off. The partner may read
-- the window (the sender is told "in quiet hours until …").
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

-- Written by log_debug, which keeps each account's newest entries.
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
ALTER TABLE debug_logs ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON debug_logs TO app_user;
CREATE POLICY debug_logs_own_or_partner ON debug_logs FOR SELECT TO app_user
  USING (user_id = app_current_user_id() OR user_id = get_my_partner_id());

-- End-to-end keys (docs/security.md). Each account publishes identity public keys; the server
-- stores public keys, key ids and ciphertext, and cannot open a version 2 note. Binary values
-- are base64url without padding.

CREATE TABLE identity_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  public_key text NOT NULL CHECK (app_is_p256_point(public_key)),
  key_id text NOT NULL CHECK (key_id = app_identity_key_id(public_key)),
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Set when the user publishes another key: replaced keys stay, so a partner's client can tell
  -- a key change from a first key.
  replaced_at timestamptz,
  -- A device that replaces its key while it still holds the old one signs the new public key
  -- with the old one (ECDSA P-256, 64 bytes r || s: 86 characters, the last carrying 4 zero
  -- bits), so the partner's device can tell a rotation from a key made without the old one.
  -- Null for a first key and a key made after losing the old one.
  rotation_signature text CHECK (rotation_signature ~ '^[A-Za-z0-9_-]{85}[AQgw]$'),
  -- And the new key signs the old key's id (vouching backwards): a device that first sees the
  -- partner after the rotation can then confirm the notes the older key sealed. Only beside a
  -- rotation signature: a device vouches only for a key it held.
  predecessor_signature text CHECK (predecessor_signature ~ '^[A-Za-z0-9_-]{85}[AQgw]$'),
  CONSTRAINT identity_keys_predecessor_with_rotation
    CHECK (predecessor_signature IS NULL OR rotation_signature IS NOT NULL)
);
CREATE UNIQUE INDEX identity_keys_current ON identity_keys (user_id) WHERE replaced_at IS NULL;
CREATE INDEX identity_keys_user_created ON identity_keys (user_id, created_at DESC);
ALTER TABLE identity_keys ENABLE ROW LEVEL SECURITY;
-- Own keys and the current partner's, history included (key-change detection); writes own only.
GRANT SELECT ON identity_keys TO app_user;
GRANT INSERT (user_id, public_key, key_id, rotation_signature, predecessor_signature)
  ON identity_keys TO app_user;
GRANT UPDATE (replaced_at) ON identity_keys TO app_user;
CREATE POLICY identity_keys_select_own_or_partner ON identity_keys FOR SELECT TO app_user
  USING (user_id = app_current_user_id() OR user_id = get_my_partner_id());
CREATE POLICY identity_keys_insert_own ON identity_keys FOR INSERT TO app_user
  WITH CHECK (user_id = app_current_user_id());
CREATE POLICY identity_keys_update_own ON identity_keys FOR UPDATE TO app_user
  USING (user_id = app_current_user_id()) WITH CHECK (user_id = app_current_user_id());

-- Device linking (docs/security.md, "Device linking"): the new device first stores only a
-- commitment to its ephemeral key and nonce; the approving device answers with its own key and
-- nonce; only then does the new device reveal what it committed to, and the approving device
-- seals the account's keys to it. The short code binds all four values. Short-lived.
CREATE TABLE device_links (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  ephemeral_public_key text CHECK (app_is_p256_point(ephemeral_public_key)),
  -- `enc.ciphertext`; a version 2 payload is padded to one fixed length, so the server learns
  -- nothing from its size (SEALED_PAYLOAD_MAX in packages/protocol).
  sealed_payload text CHECK (
    char_length(sealed_payload) <= 64110
    AND sealed_payload ~ '^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$'),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  approved_at timestamptz,
  commitment text NOT NULL CHECK (commitment ~ '^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$'),
  approver_public_key text
    CHECK (approver_public_key ~ '^B[A-Za-z0-9_-]{85}[AEIMQUYcgkosw048]$'),
  approver_nonce text CHECK (approver_nonce ~ '^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$'),
  nonce text CHECK (nonce ~ '^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$'),
  responded_at timestamptz,
  revealed_at timestamptz,
  CHECK ((sealed_payload IS NULL) = (approved_at IS NULL)),
  CHECK (expires_at > created_at),
  -- Each step's values come together, and only after the step before.
  CONSTRAINT device_links_answer_whole CHECK (
    (approver_public_key IS NULL) = (approver_nonce IS NULL)
    AND (approver_public_key IS NULL) = (responded_at IS NULL)),
  CONSTRAINT device_links_reveal_whole CHECK (
    (ephemeral_public_key IS NULL) = (nonce IS NULL)
    AND (ephemeral_public_key IS NULL) = (revealed_at IS NULL)),
  CONSTRAINT device_links_reveal_after_answer CHECK (
    ephemeral_public_key IS NULL OR approver_public_key IS NOT NULL),
  CONSTRAINT device_links_seal_after_reveal CHECK (
    sealed_payload IS NULL OR ephemeral_public_key IS NOT NULL)
);
CREATE INDEX device_links_user ON device_links (user_id);
ALTER TABLE device_links ENABLE ROW LEVEL SECURITY;
GRANT SELECT, DELETE ON device_links TO app_user;
GRANT INSERT (user_id, commitment, expires_at) ON device_links TO app_user;
GRANT UPDATE (approver_public_key, approver_nonce, responded_at, ephemeral_public_key, nonce,
  revealed_at, sealed_payload, approved_at) ON device_links TO app_user;
CREATE POLICY device_links_own ON device_links FOR ALL TO app_user
  USING (user_id = app_current_user_id()) WITH CHECK (user_id = app_current_user_id());

-- Wishes (docs/security.md, "Private wish matching"): a couple's custom wishes, the rounds of
-- private matching between their two devices, and each person's sealed match list. The server
-- stores and relays sealed blobs only (app_wish_blob_ok: a version 2 note's shape) and never
-- opens one. Every row belongs to one couple: only the two partners of the current pairing see
-- it, and unpairing deletes it (app_forget_couple_wishes, the trigger on profiles).

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
ALTER TABLE wish_items ENABLE ROW LEVEL SECURITY;
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
ALTER TABLE wish_rounds ENABLE ROW LEVEL SECURITY;
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
CREATE TRIGGER wish_rounds_step_guard BEFORE UPDATE ON wish_rounds
  FOR EACH ROW EXECUTE FUNCTION app_wish_round_step_guard();

-- A round id is used once (docs/decisions.md, "A round id is used once"): either partner may
-- delete a round, so the initiator could otherwise start one again under an id already replied
-- to. Every id a couple starts a round with is kept here (the id and the pair, in id order:
-- not who started it, nor when), and a round with an id used before is not inserted.
CREATE TABLE wish_round_ids (
  id uuid PRIMARY KEY,
  first_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  second_id uuid NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  CONSTRAINT wish_round_ids_pair_in_order CHECK (first_id < second_id)
);
CREATE INDEX wish_round_ids_pair ON wish_round_ids (first_id, second_id);
CREATE INDEX wish_round_ids_second ON wish_round_ids (second_id);
ALTER TABLE wish_round_ids ENABLE ROW LEVEL SECURITY;
-- Written only by the trigger, as the initiator, for the current pair. No read, no delete: an
-- id once used stays used while the pairing lasts.
GRANT INSERT (id, first_id, second_id) ON wish_round_ids TO app_user;
CREATE POLICY wish_round_ids_insert_couple ON wish_round_ids FOR INSERT TO app_user
  WITH CHECK (app_is_my_couple(first_id, second_id));
CREATE TRIGGER wish_rounds_id_once BEFORE INSERT ON wish_rounds
  FOR EACH ROW EXECUTE FUNCTION app_wish_round_id_once();

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
ALTER TABLE wish_match_sets ENABLE ROW LEVEL SECURITY;
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

-- A person's wish backup: their wish answers and settings, sealed on a device to their own
-- identity key only, so that every device of theirs holds the same answers. One blob of one
-- fixed length per person (WISH_BACKUP_CONTENT_LENGTH in packages/protocol), the key id it is
-- sealed to, a version and when it last changed; the server can neither open nor forge it. It
-- is the person's, not the couple's: unpairing keeps it, deleting the account deletes it.
CREATE TABLE wish_backups (
  user_id uuid PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
  -- `iv.enc.wrapped_key.ciphertext` in base64url.
  content text NOT NULL,
  key_id text NOT NULL,
  -- 1 for the first write, one more for each write after it: a write names the version it read
  -- (PUT /api/wishes/backup), so two devices writing at once never lose one's answers.
  version integer NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT wish_backups_content CHECK (
    char_length(content) = 38278 AND content ~ '^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+){3}$'),
  CONSTRAINT wish_backups_key_id CHECK (key_id ~ '^[A-Za-z0-9_-]{22}$'),
  CONSTRAINT wish_backups_version CHECK (version >= 1)
);
ALTER TABLE wish_backups ENABLE ROW LEVEL SECURITY;
GRANT SELECT ON wish_backups TO app_user;
GRANT INSERT (user_id, content, key_id, version) ON wish_backups TO app_user;
GRANT UPDATE (content, key_id, version, updated_at) ON wish_backups TO app_user;
-- Own row only; a write must name the account's current identity key (a device with a replaced
-- key could otherwise seal answers that the current key's devices cannot open).
CREATE POLICY wish_backups_select_own ON wish_backups FOR SELECT TO app_user
  USING (user_id = app_current_user_id());
CREATE POLICY wish_backups_insert_own ON wish_backups FOR INSERT TO app_user
  WITH CHECK (user_id = app_current_user_id() AND key_id = (
    SELECT k.key_id FROM identity_keys k
    WHERE k.user_id = app_current_user_id() AND k.replaced_at IS NULL));
CREATE POLICY wish_backups_update_own ON wish_backups FOR UPDATE TO app_user
  USING (user_id = app_current_user_id())
  WITH CHECK (user_id = app_current_user_id() AND key_id = (
    SELECT k.key_id FROM identity_keys k
    WHERE k.user_id = app_current_user_id() AND k.replaced_at IS NULL));

-- PUBLIC has no right on any table, whatever default privileges the server was set up with.
REVOKE ALL ON ALL TABLES IN SCHEMA public FROM PUBLIC;

-- When a profile's partner changes (a disconnect, or the partner's account deleted), the
-- couple's wish rows go (docs/decisions.md, "A wish list belongs to a pair").
CREATE TRIGGER profiles_forget_couple_wishes AFTER UPDATE OF partner_id ON profiles
  FOR EACH ROW EXECUTE FUNCTION app_forget_couple_wishes();

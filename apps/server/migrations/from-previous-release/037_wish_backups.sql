-- A person's wish backup (issue 39): their wish answers and settings, sealed on a device to
-- their own identity key only (HPKE auth mode from that key to itself), so that every device of
-- theirs holds the same answers. The server stores one blob of one fixed length per person, the
-- key id it is sealed to, a version and when it last changed; it can neither open nor forge it
-- (docs/security.md, "Private wish matching"). Only its owner reads or writes the row: not the
-- partner, not anyone else. It is the person's, not the couple's: unpairing keeps it, deleting
-- the account deletes it.
CREATE TABLE wish_backups (
  user_id uuid PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
  -- `iv.enc.wrapped_key.ciphertext` in base64url: 38278 characters is
  -- WISH_BACKUP_CONTENT_LENGTH (packages/protocol), the one length of every backup.
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

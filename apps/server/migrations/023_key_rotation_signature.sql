-- A device that replaces its identity key while it still holds the old one signs the new public
-- key with the old one (ECDSA P-256, 64 bytes r || s as base64url: 86 characters, the last one
-- carrying 4 zero bits). The partner's device checks it against the keys it pinned, so it can
-- tell a rotation from a key made without the old one (or made up by the server). Null for a
-- first key, a key made after losing the old one, and every row before this migration.
ALTER TABLE identity_keys ADD COLUMN rotation_signature text
  CHECK (rotation_signature ~ '^[A-Za-z0-9_-]{85}[AQgw]$');

GRANT INSERT (rotation_signature) ON identity_keys TO app_user;

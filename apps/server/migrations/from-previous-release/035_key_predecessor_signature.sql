-- A device that replaces its identity key while it still holds the old one also signs, with the
-- NEW key, the old key's id (ECDSA P-256, 64 bytes r || s as base64url: 86 characters, the last
-- one carrying 4 zero bits): the new key vouches backwards for the key it replaced. A device that
-- first sees the partner after the rotation trusts only the new key; with this it can confirm
-- the notes the older key sealed, which a key the server made up and listed in the history
-- cannot have. Only beside a rotation signature: a device vouches only for a key it held. Null
-- whenever rotation_signature is, and for every row before this migration.
ALTER TABLE identity_keys ADD COLUMN predecessor_signature text
  CHECK (predecessor_signature ~ '^[A-Za-z0-9_-]{85}[AQgw]$');
ALTER TABLE identity_keys ADD CONSTRAINT identity_keys_predecessor_with_rotation
  CHECK (predecessor_signature IS NULL OR rotation_signature IS NOT NULL);

GRANT INSERT (predecessor_signature) ON identity_keys TO app_user;

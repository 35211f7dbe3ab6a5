-- Device linking v2 (issue 27): the new device first stores only a commitment to its ephemeral
-- key and nonce; the approving device answers with its own key and nonce; only then does the new
-- device reveal what it committed to. The short code binds all four values, so a relaying server
-- can no longer search for a key with the same code. Requests live ten minutes: open v1 requests
-- are dropped, and their devices start again.
DELETE FROM device_links;

ALTER TABLE device_links
  ALTER COLUMN ephemeral_public_key DROP NOT NULL,
  ADD COLUMN commitment text NOT NULL
    CHECK (commitment ~ '^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$'),
  ADD COLUMN approver_public_key text
    CHECK (approver_public_key ~ '^B[A-Za-z0-9_-]{85}[AEIMQUYcgkosw048]$'),
  ADD COLUMN approver_nonce text
    CHECK (approver_nonce ~ '^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$'),
  ADD COLUMN nonce text CHECK (nonce ~ '^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$'),
  ADD COLUMN responded_at timestamptz,
  ADD COLUMN revealed_at timestamptz,
  -- Each step's values come together, and only after the step before.
  ADD CONSTRAINT device_links_answer_whole CHECK (
    (approver_public_key IS NULL) = (approver_nonce IS NULL)
    AND (approver_public_key IS NULL) = (responded_at IS NULL)),
  ADD CONSTRAINT device_links_reveal_whole CHECK (
    (ephemeral_public_key IS NULL) = (nonce IS NULL)
    AND (ephemeral_public_key IS NULL) = (revealed_at IS NULL)),
  ADD CONSTRAINT device_links_reveal_after_answer CHECK (
    ephemeral_public_key IS NULL OR approver_public_key IS NOT NULL),
  ADD CONSTRAINT device_links_seal_after_reveal CHECK (
    sealed_payload IS NULL OR ephemeral_public_key IS NOT NULL);

-- A table-level REVOKE also takes back the column grants of migration 010.
REVOKE INSERT, UPDATE ON device_links FROM app_user;
GRANT INSERT (user_id, commitment, expires_at) ON device_links TO app_user;
GRANT UPDATE (approver_public_key, approver_nonce, responded_at, ephemeral_public_key, nonce,
  revealed_at, sealed_payload, approved_at) ON device_links TO app_user;

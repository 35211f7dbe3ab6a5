-- Device-link payload version 2 (issue 39): the approving device seals, beside the current seed,
-- the account's older seeds and its record of trusted partner keys, padded to one fixed length
-- so the server learns nothing from the size. 64110: SEALED_PAYLOAD_MAX (packages/protocol),
-- the length of every version 2 payload; a version 1 payload (152 characters) still fits.
ALTER TABLE device_links DROP CONSTRAINT device_links_sealed_payload_check;
ALTER TABLE device_links ADD CONSTRAINT device_links_sealed_payload_check CHECK (
  char_length(sealed_payload) <= 64110
  AND sealed_payload ~ '^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$');

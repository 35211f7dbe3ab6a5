/**
 * Constants of the end-to-end note format v2 (docs/security.md, "End-to-end note format (v2)").
 * The server validates encryption_data against these lengths, so changing one is a format change.
 */
export const ENCRYPTION_VERSION_V2 = 2;

/** Raw uncompressed P-256 point: 0x04 || x || y. */
export const PUBLIC_KEY_BYTES = 65;
/** The HPKE encapsulated key of DHKEM(P-256) is also an uncompressed point. */
export const ENC_BYTES = 65;
/** key_id is the first 16 bytes of SHA-256(raw public key). */
export const KEY_ID_BYTES = 16;
/** The per-note content key (AES-256-GCM). */
export const CONTENT_KEY_BYTES = 32;
export const NOTE_IV_BYTES = 12;
/** Recovery entropy: 32 bytes, a 24-word BIP39 phrase. */
export const RECOVERY_ENTROPY_BYTES = 32;
export const RECOVERY_PHRASE_WORDS = 24;

/** Lengths in base64url without padding: ceil(bytes * 4 / 3). */
export const PUBLIC_KEY_B64URL_LENGTH = 87;
export const ENC_B64URL_LENGTH = 87;
export const KEY_ID_B64URL_LENGTH = 22;
export const NOTE_IV_B64URL_LENGTH = 16;
/** The HPKE AES-128-GCM seal of the 32-byte content key: 32 + 16-byte tag = 48 bytes. */
export const WRAPPED_KEY_B64URL_LENGTH = 64;

/** Partner first, then the sender's own key (so the sender's devices read sent history). */
export const RECIPIENTS_MIN = 1;
export const RECIPIENTS_MAX = 2;

/** HPKE info strings: domain separation between notes and device linking. */
export const NOTE_HPKE_INFO = 'couple-desires note v2';
/** Device linking v2 (docs/security.md, "Device linking"): commit, answer, reveal, compare, seal. */
export const LINK_HPKE_INFO = 'couple-desires link v2';
/** Prefix of the new device's commitment SHA-256(prefix || ephemeral key || nonce). */
export const LINK_COMMIT_PREFIX = 'couple-desires link v2 commit';
/** Prefix of the transcript hash that both the comparison code and the seal are bound to. */
export const LINK_TRANSCRIPT_PREFIX = 'couple-desires link v2 transcript';
export const LINK_CODE_DIGITS = 6;
/** Each device's nonce, and the commitment (a SHA-256): 32 bytes, 43 characters of base64url. */
export const LINK_NONCE_BYTES = 32;
export const LINK_NONCE_B64URL_LENGTH = 43;
/** A link request (commit, answer, reveal, seal) expires after 10 minutes. */
export const LINK_REQUEST_TTL_SECONDS = 600;

/**
 * A rotation signature: the previous identity key signs the next one (ECDSA P-256, SHA-256),
 * 64 bytes r || s. The prefix separates it from every other use of the same key.
 */
export const ROTATION_SIGNATURE_PREFIX = 'couple-desires key rotation v1';
export const ROTATION_SIGNATURE_BYTES = 64;
export const ROTATION_SIGNATURE_B64URL_LENGTH = 86;

/**
 * A predecessor signature: the next identity key signs the key id of the key it replaced, so a
 * device that trusts only the next key can confirm the older one ("vouching backwards"). Signed
 * like a rotation signature (the same 64 bytes), under a prefix of its own.
 */
export const KEY_PREDECESSOR_SIGNATURE_PREFIX = 'couple-desires key predecessor v1';

export const SAFETY_NUMBER_PREFIX = 'couple-desires safety v1';
export const SAFETY_NUMBER_GROUPS = 12;
export const SAFETY_NUMBER_GROUP_DIGITS = 5;
export const SAFETY_QR_PREFIX = 'couple-desires-safety:1:';

export const E2E_TEXTS = {
  noKeyForThisDevice: /*i18n*/ 'Linked to another device',
  tampered: /*i18n*/ 'This note could not be verified',
  malformed: /*i18n*/ 'This note is not in a format this app reads',
  badPhrase: /*i18n*/ 'Invalid recovery phrase',
  badLinkPayload: /*i18n*/ 'The link could not be verified',
} as const;

/**
 * Device-link payload version 2 (docs/security.md, "Device linking"): the plaintext sealed to the
 * new device is a version byte, the current seed, a 2-byte count and the seeds of the account's
 * older identities, a 4-byte length and the JSON record, then zeros. Every v2 plaintext is
 * LINK_PAYLOAD_BYTES long, so the size of the sealed payload tells the server nothing.
 * 48 000 bytes: the approving request's body then stays under 64 KiB, the request limit of the
 * reverse proxy in docs/deploy.md (64 131 bytes with its JSON).
 */
export const LINK_PAYLOAD_VERSION = 2;
export const LINK_PAYLOAD_BYTES = 48_000;
/** The AES-128-GCM tag HPKE appends to the sealed plaintext. */
export const LINK_SEAL_TAG_BYTES = 16;
/** A sealed v2 payload, `${enc}.${ciphertext}` in base64url: always this many characters. */
export const LINK_SEALED_PAYLOAD_LENGTH =
  ENC_B64URL_LENGTH + 1 + Math.ceil(((LINK_PAYLOAD_BYTES + LINK_SEAL_TAG_BYTES) * 4) / 3);

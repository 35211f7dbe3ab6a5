import { z } from 'zod';
import { SEALED_PAYLOAD_MAX } from '../constants.js';
import {
  ENCRYPTION_VERSION_V2,
  LINK_NONCE_B64URL_LENGTH,
  ROTATION_SIGNATURE_B64URL_LENGTH,
} from '../e2e/constants.js';

/*
 * End-to-end key material as the server sees it: base64url without padding, checked for shape
 * only (the server stores it and opens nothing). The last character of a value whose bit length
 * is not a multiple of 6 must carry zero bits, so every value has one spelling.
 */

/** A raw uncompressed P-256 point: 65 bytes, the first 0x04, so 87 characters from 'B'. */
const P256_POINT = /^B[A-Za-z0-9_-]{85}[AEIMQUYcgkosw048]$/;
/** 16 bytes: 22 characters. */
const KEY_ID = /^[A-Za-z0-9_-]{21}[AQgw]$/;
/** Whole bytes, base64url without padding: a 2- or 3-character tail ends in zero bits. */
const BASE64URL =
  /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-][AQgw]|[A-Za-z0-9_-]{2}[AEIMQUYcgkosw048])?$/;

function base64urlOf(name: string, chars: number) {
  return z
    .string({ error: `${name} must be base64url` })
    .length(chars, `${name} must be ${chars} characters of base64url`)
    .regex(BASE64URL, `${name} must be base64url without padding`);
}

export const p256PublicKeySchema = (name: string) =>
  z
    .string({ error: `${name} must be base64url` })
    .regex(P256_POINT, `${name} must be an uncompressed P-256 point (87 characters of base64url)`);

export const keyIdSchema = (name: string) =>
  z
    .string({ error: `${name} must be base64url` })
    .regex(KEY_ID, `${name} must be 16 bytes of base64url (22 characters)`);

/** One recipient of a v2 note: its key id, the ephemeral point and the wrapped note key. */
export const recipientSchema = z.strictObject({
  key_id: keyIdSchema('recipients.key_id'),
  enc: base64urlOf('recipients.enc', 87),
  wrapped_key: base64urlOf('recipients.wrapped_key', 64),
});

export const encryptionDataV2Schema = z.strictObject(
  {
    version: z.literal(ENCRYPTION_VERSION_V2),
    iv: base64urlOf('iv', 16),
    sender_key_id: keyIdSchema('sender_key_id'),
    recipients: z
      .array(recipientSchema, { error: 'recipients must be a list' })
      .min(1, 'recipients must name 1 or 2 keys')
      .max(2, 'recipients must name 1 or 2 keys'),
  },
  { error: 'encryptionData is required when encrypted' },
);

/** The replaced key's ECDSA signature of the new key, when the publishing device held it. */
const rotationSignatureSchema = base64urlOf('rotation_signature', ROTATION_SIGNATURE_B64URL_LENGTH);

/**
 * The new key's signature of the replaced key's id (vouching backwards), signed like the rotation
 * signature: only with one, as a device vouches only for a key it held itself.
 */
const predecessorSignatureSchema = base64urlOf(
  'predecessor_signature',
  ROTATION_SIGNATURE_B64URL_LENGTH,
);

export const publishIdentityKeyBodySchema = z.strictObject({
  public_key: p256PublicKeySchema('public_key'),
  key_id: keyIdSchema('key_id'),
  rotation_signature: rotationSignatureSchema.optional(),
  predecessor_signature: predecessorSignatureSchema.optional(),
});
export type PublishIdentityKeyBody = z.infer<typeof publishIdentityKeyBodySchema>;

export const keyInfoSchema = z.object({
  public_key: z.string(),
  key_id: z.string(),
  created_at: z.string(),
  /** The key this one replaced, so a client can tell a key change from a first key. */
  previous_key_id: z.string().nullable(),
});
export type KeyInfo = z.infer<typeof keyInfoSchema>;

export const identityKeysSchema = z.object({
  own: keyInfoSchema.nullable(),
  partner: keyInfoSchema.nullable(),
});
export type IdentityKeysAnswer = z.infer<typeof identityKeysSchema>;

/** Step 1, the new device: only a commitment to its ephemeral key and nonce. */
export const createLinkRequestBodySchema = z.strictObject({
  commitment: base64urlOf('commitment', LINK_NONCE_B64URL_LENGTH),
});

export const linkRequestIdParamsSchema = z.strictObject({
  id: z.uuid({ error: 'Invalid link request id' }),
});

/** Step 2, the approving device: its ephemeral key and nonce, once the commitment is stored. */
export const respondLinkRequestBodySchema = z.strictObject({
  approver_public_key: p256PublicKeySchema('approver_public_key'),
  approver_nonce: base64urlOf('approver_nonce', LINK_NONCE_B64URL_LENGTH),
});

export type RespondLinkRequestBody = z.infer<typeof respondLinkRequestBodySchema>;

/** Step 3, the new device: the key and nonce it committed to, after the answer. */
export const revealLinkRequestBodySchema = z.strictObject({
  ephemeral_public_key: p256PublicKeySchema('ephemeral_public_key'),
  nonce: base64urlOf('nonce', LINK_NONCE_B64URL_LENGTH),
});

export type RevealLinkRequestBody = z.infer<typeof revealLinkRequestBodySchema>;

export const approveLinkRequestBodySchema = z.strictObject({
  sealed_payload: z
    .string({ error: 'sealed_payload must be text' })
    .max(SEALED_PAYLOAD_MAX, `sealed_payload must be at most ${SEALED_PAYLOAD_MAX} characters`)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'sealed_payload must be base64url.base64url'),
});

export const createdLinkRequestSchema = z.object({ id: z.uuid(), expires_at: z.string() });
/** A request as stored: each step's values are null until that step is taken. */
export const linkRequestSchema = z.object({
  id: z.uuid(),
  commitment: z.string(),
  approver_public_key: z.string().nullable(),
  approver_nonce: z.string().nullable(),
  ephemeral_public_key: z.string().nullable(),
  nonce: z.string().nullable(),
  expires_at: z.string(),
  sealed_payload: z.string().nullable(),
});
export type LinkRequestAnswer = z.infer<typeof linkRequestSchema>;
export const linkStepTakenSchema = z.object({ id: z.uuid() });
export const approvedLinkRequestSchema = z.object({ id: z.uuid(), approved_at: z.string() });

/** Every key an account has published, newest first: old notes name the key they were sealed with. */
export const keyHistoryEntrySchema = z.object({
  public_key: z.string(),
  key_id: z.string(),
  created_at: z.string(),
  replaced_at: z.string().nullable(),
  /** Null for a first key, a key made without the previous one at hand, or an older row. */
  rotation_signature: z.string().nullable(),
  /** This key's signature of the id of the key it replaced; null whenever the above is, or older. */
  predecessor_signature: z.string().nullable(),
});
export type KeyHistoryEntry = z.infer<typeof keyHistoryEntrySchema>;
export const keyHistorySchema = z.object({
  own: z.array(keyHistoryEntrySchema),
  partner: z.array(keyHistoryEntrySchema),
});
export type KeyHistoryAnswer = z.infer<typeof keyHistorySchema>;

/** The account's request waiting for an answer (at most one), for the approving device. */
export const pendingLinkRequestsSchema = z.object({
  requests: z.array(z.object({ id: z.uuid(), commitment: z.string(), expires_at: z.string() })),
});
export type PendingLinkRequestsAnswer = z.infer<typeof pendingLinkRequestsSchema>;

import { z } from 'zod';
import { WISH_BACKUP_CONTENT_LENGTH, WISH_SEALED_CONTENT_MAX } from '../wishes/constants.js';
import { NOTE_CIPHERTEXT_BASE64_MAX } from '../constants.js';
import {
  ENC_B64URL_LENGTH,
  NOTE_IV_B64URL_LENGTH,
  WRAPPED_KEY_B64URL_LENGTH,
} from '../e2e/constants.js';
import { encryptionDataV2Schema, keyIdSchema } from './keys.js';
import { storedEncryptionDataSchema } from './sealed-note.js';

/*
 * Wishes as the server sees them: sealed blobs it stores and relays, never opens
 * (docs/security.md, "Private wish matching"). Every blob is end-to-end (v2) only.
 */
const base64 = /^[A-Za-z0-9+/]+={0,2}$/;

function sealedBlobSchema(max: number) {
  return z.strictObject(
    {
      content: z
        .string({ error: 'content must be base64' })
        .min(1, 'content is required')
        .max(max, `content must be at most ${max} characters`)
        .regex(base64, 'content must be base64'),
      encryption_data: encryptionDataV2Schema,
    },
    { error: 'a sealed object with content and encryption_data is required' },
  );
}

/** A round message or a match list. */
export const sealedWishBlobSchema = sealedBlobSchema(WISH_SEALED_CONTENT_MAX);
/** A custom wish's text, no longer than a note's. */
export const sealedWishTextSchema = sealedBlobSchema(NOTE_CIPHERTEXT_BASE64_MAX);

const storedBlobSchema = z.object({
  content: z.string(),
  encryption_data: storedEncryptionDataSchema,
});

export const wishIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'Invalid wish id' }) });
export const wishRoundIdParamsSchema = z.strictObject({
  id: z.uuid({ error: 'Invalid round id' }),
});

/** A wish one partner proposed; its text is sealed to both partners by the proposer. */
export const proposeWishBodySchema = z.strictObject({
  id: z.uuid({ error: 'id must be a UUID' }),
  text: sealedWishTextSchema,
});
export const wishItemSchema = z.object({
  id: z.uuid(),
  proposer_id: z.uuid(),
  text: storedBlobSchema,
  created_at: z.string(),
});
export type WishItem = z.infer<typeof wishItemSchema>;

export const startWishRoundBodySchema = z.strictObject({
  id: z.uuid({ error: 'id must be a UUID' }),
  offer: sealedWishBlobSchema,
});
export const replyWishRoundBodySchema = z.strictObject({ reply: sealedWishBlobSchema });
/**
 * The initiator's last step: the finish for the partner, its own match list, and whether the
 * round found a match it did not have before (the one bit the server learns: it sends the push).
 */
export const finishWishRoundBodySchema = z.strictObject({
  finish: sealedWishBlobSchema,
  matches: sealedWishBlobSchema,
  new_match: z.boolean({ error: 'new_match must be true or false' }),
});
export const completeWishRoundBodySchema = z.strictObject({ matches: sealedWishBlobSchema });

export const wishRoundSchema = z.object({
  id: z.uuid(),
  initiator_id: z.uuid(),
  responder_id: z.uuid(),
  offer: storedBlobSchema,
  reply: storedBlobSchema.nullable(),
  finish: storedBlobSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WishRound = z.infer<typeof wishRoundSchema>;

/** One person's matches, sealed by the device that computed them to both partners. */
export const wishMatchSetSchema = z.object({
  round_id: z.uuid(),
  matches: storedBlobSchema,
  updated_at: z.string(),
});
export type WishMatchSet = z.infer<typeof wishMatchSetSchema>;

/** Everything of the couple's wishes a device needs: custom wishes, open rounds, own matches. */
export const wishesStateSchema = z.object({
  items: z.array(wishItemSchema),
  rounds: z.array(wishRoundSchema),
  matches: wishMatchSetSchema.nullable(),
});
export type WishesState = z.infer<typeof wishesStateSchema>;

/**
 * A person's wish backup (issue 39): their answers and settings sealed to their own key, as
 * `iv.enc.wrapped_key.ciphertext` (base64url), always WISH_BACKUP_CONTENT_LENGTH characters.
 */
const BACKUP_CONTENT = new RegExp(
  `^[A-Za-z0-9_-]{${NOTE_IV_B64URL_LENGTH}}\\.[A-Za-z0-9_-]{${ENC_B64URL_LENGTH}}\\.` +
    `[A-Za-z0-9_-]{${WRAPPED_KEY_B64URL_LENGTH}}\\.[A-Za-z0-9_-]+$`,
);

export const wishBackupSchema = z.object({
  content: z.string(),
  key_id: z.string(),
  /** 1 for the first write, one more for each write after it. */
  version: z.number().int(),
  updated_at: z.string(),
});
export type WishBackup = z.infer<typeof wishBackupSchema>;
export const wishBackupAnswerSchema = z.object({ backup: wishBackupSchema.nullable() });

/** A write replaces the backup only if it is still the version the device read (0: none yet). */
export const putWishBackupBodySchema = z.strictObject({
  content: z
    .string({ error: 'content must be a sealed backup' })
    .length(
      WISH_BACKUP_CONTENT_LENGTH,
      `content must be exactly ${WISH_BACKUP_CONTENT_LENGTH} characters`,
    )
    .regex(BACKUP_CONTENT, 'content must be four base64url parts joined by dots'),
  key_id: keyIdSchema('key_id'),
  expected_version: z
    .number({ error: 'expected_version must be a whole number from 0' })
    .int('expected_version must be a whole number from 0')
    .min(0, 'expected_version must be a whole number from 0')
    .max(2_147_483_647, 'expected_version is too large'),
});
export const wishBackupWrittenSchema = z.object({
  version: z.number().int(),
  updated_at: z.string(),
});

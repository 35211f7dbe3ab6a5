import { z } from 'zod';
import {
  ENCRYPTION_IV_BYTES,
  ENCRYPTION_SALT_BYTES,
  ENCRYPTION_VERSION,
  NOTE_CIPHERTEXT_BASE64_MAX,
  NOTE_MAX,
} from '../constants.js';
import { ENCRYPTION_VERSION_V2 } from '../e2e/constants.js';
import type { EncryptionDataV2 } from '../e2e/note.js';
import { TEXTS } from '../texts.js';
import { fillEnglish } from '../i18n/fill.js';
import { encryptionDataV2Schema } from './keys.js';

/** The shapes of an encrypted note (SPEC §9 version 1, end-to-end version 2), for desires and answers. */
const base64 = /^[A-Za-z0-9+/]+={0,2}$/;
const base64Length = (bytes: number) => 4 * Math.ceil(bytes / 3);

function base64Of(name: string, bytes: number) {
  return z
    .string({ error: `${name} must be base64` })
    .length(base64Length(bytes), `${name} must be ${bytes} bytes of base64`)
    .regex(base64, `${name} must be base64`);
}

export const encryptionDataSchema = z.strictObject(
  {
    iv: base64Of('iv', ENCRYPTION_IV_BYTES),
    salt: base64Of('salt', ENCRYPTION_SALT_BYTES),
    version: z.unknown().refine((v) => v === ENCRYPTION_VERSION, {
      error: (issue) =>
        fillEnglish(TEXTS.unsupportedEncryptionVersion, { version: String(issue.input) }),
    }),
  },
  { error: 'encryptionData is required when encrypted' },
);
export type EncryptionDataV1 = { iv: string; salt: string; version: typeof ENCRYPTION_VERSION };
/** Version 1 (passphrase) or version 2 (end-to-end, for the partners' identity keys). */
export type EncryptionData = EncryptionDataV1 | EncryptionDataV2;
/** What a client sends, before it is checked. */
export type EncryptionDataInput = { iv: string; salt: string; version: number } | EncryptionDataV2;

/** Version 2 data goes to its own schema; anything else is read as version 1, as before. */
function parseEncryptionData(data: unknown) {
  const isV2 =
    typeof data === 'object' &&
    data !== null &&
    (data as { version?: unknown }).version === ENCRYPTION_VERSION_V2;
  return isV2 ? encryptionDataV2Schema.safeParse(data) : encryptionDataSchema.safeParse(data);
}

export const noteCiphertextSchema = z
  .string({ error: 'content must be base64' })
  .min(1, 'content is required when encrypted')
  .max(NOTE_CIPHERTEXT_BASE64_MAX, `Note must be at most ${NOTE_MAX} characters`)
  .regex(base64, 'content must be base64');

export const plainNoteSchema = z
  .string({ error: 'Note must be text' })
  .trim()
  .max(NOTE_MAX, `Note must be at most ${NOTE_MAX} characters`);

/** encryption_data as stored and read back (the server checked it on the way in). */
export const storedEncryptionDataSchema = z.union([
  z.object({ iv: z.string(), salt: z.string(), version: z.literal(ENCRYPTION_VERSION) }),
  z.object({
    version: z.literal(ENCRYPTION_VERSION_V2),
    iv: z.string(),
    sender_key_id: z.string(),
    recipients: z.array(z.object({ key_id: z.string(), enc: z.string(), wrapped_key: z.string() })),
  }),
]);

/**
 * An encrypted note as a client sends it: the ciphertext and its encryption data, version 1 or
 * version 2, checked exactly as a desire's encrypted note is.
 */
export const sealedNoteInputSchema = z
  .strictObject(
    {
      content: noteCiphertextSchema,
      encryptionData: z.custom<EncryptionDataInput>(() => true),
    },
    { error: 'note must be an object with content and encryptionData' },
  )
  .transform((input, ctx) => {
    const data = parseEncryptionData(input.encryptionData);
    if (!data.success) {
      ctx.addIssue({ code: 'custom', message: data.error.issues[0]?.message ?? 'Invalid note' });
      return z.NEVER;
    }
    return { noteEncrypted: input.content, encryptionData: data.data as EncryptionData };
  });
export type SealedNoteInput = z.input<typeof sealedNoteInputSchema>;

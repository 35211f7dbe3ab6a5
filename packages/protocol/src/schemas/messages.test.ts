import { describe, expect, it } from 'vitest';
import { NOTE_CIPHERTEXT_BASE64_MAX } from '../constants.js';
import { TEXTS } from '../texts.js';
import { english } from '../i18n/translate.js';
import { listMessagesQuerySchema, sendDesireSchema } from './messages.js';

const IV = 'AAECAwQFBgcICQoL';
const SALT = 'AAECAwQFBgcICQoLDA0ODw==';
const plain = (overrides: Record<string, unknown> = {}) => ({
  intensity: 5,
  urgency: 5,
  ...overrides,
});
const secret = (overrides: Record<string, unknown> = {}, data: Record<string, unknown> = {}) =>
  plain({
    encrypted: true,
    content: 'q83vEjRWeJq8',
    encryptionData: { iv: IV, salt: SALT, version: 1, ...data },
    ...overrides,
  });
const errorOf = (input: unknown) => sendDesireSchema.safeParse(input).error?.issues[0]?.message;

describe('sendDesireSchema scores', () => {
  it('accepts integers and numeric strings from 0 to 10', () => {
    expect(sendDesireSchema.parse(plain({ intensity: 0, urgency: '10' }))).toMatchObject({
      intensity: 0,
      urgency: 10,
    });
    expect(sendDesireSchema.parse(plain({ urgency: ' 7 ' })).urgency).toBe(7);
  });

  it.each([-1, 11, 5.5, '5.5', 'abc', '', null, undefined, true, '-1', '11', Number.NaN])(
    'refuses %j',
    (score) => {
      expect(errorOf(plain({ intensity: score }))).toBe(
        'intensity must be an integer from 0 to 10',
      );
      expect(errorOf(plain({ urgency: score }))).toBe('urgency must be an integer from 0 to 10');
    },
  );
});

describe('sendDesireSchema plain notes', () => {
  it('trims, keeps 200 characters and turns empty into none', () => {
    expect(sendDesireSchema.parse(plain({ content: '  hi  ' })).note).toBe('hi');
    expect(sendDesireSchema.parse(plain({ content: `${'n'.repeat(200)}  ` })).note).toHaveLength(
      200,
    );
    expect(sendDesireSchema.parse(plain({ content: '   ' })).note).toBeNull();
    expect(sendDesireSchema.parse(plain({ content: null })).note).toBeNull();
    expect(sendDesireSchema.parse(plain())).toMatchObject({
      encrypted: false,
      note: null,
      noteEncrypted: null,
      encryptionData: null,
    });
  });

  it('refuses 201 characters, a non-string and encryption data', () => {
    expect(errorOf(plain({ content: 'n'.repeat(201) }))).toBe(
      'Note must be at most 200 characters',
    );
    expect(errorOf(plain({ content: 7 }))).toBe('content must be text');
    expect(errorOf(plain({ encryptionData: { iv: IV, salt: SALT, version: 1 } }))).toBe(
      'encryptionData is only allowed when encrypted',
    );
  });
});

describe('sendDesireSchema encrypted notes', () => {
  it('keeps the ciphertext and the encryption data, and no plain note', () => {
    expect(sendDesireSchema.parse(secret())).toEqual({
      id: undefined,
      receiverId: undefined,
      intensity: 5,
      urgency: 5,
      encrypted: true,
      note: null,
      noteEncrypted: 'q83vEjRWeJq8',
      encryptionData: { iv: IV, salt: SALT, version: 1 },
    });
  });

  it('refuses missing or wrong encryption data', () => {
    expect(errorOf(secret({ encryptionData: undefined }))).toBe(
      'encryptionData is required when encrypted',
    );
    expect(errorOf(secret({}, { version: 3 }))).toBe(
      english(TEXTS.unsupportedEncryptionVersion, { version: 3 }),
    );
    expect(errorOf(secret({}, { version: '1' }))).toBe(
      english(TEXTS.unsupportedEncryptionVersion, { version: '1' }),
    );
    expect(errorOf(secret({}, { iv: 'AAAA' }))).toBe('iv must be 12 bytes of base64');
    expect(errorOf(secret({}, { iv: '****************' }))).toBe('iv must be base64');
    expect(errorOf(secret({}, { salt: undefined }))).toBe('salt must be base64');
  });

  it('refuses empty, non-base64 or over-long ciphertext', () => {
    expect(errorOf(secret({ content: '' }))).toBe('content is required when encrypted');
    expect(errorOf(secret({ content: null }))).toBe('content must be base64');
    expect(errorOf(secret({ content: 'not base64!' }))).toBe('content must be base64');
    expect(
      sendDesireSchema.safeParse(secret({ content: 'A'.repeat(NOTE_CIPHERTEXT_BASE64_MAX) }))
        .success,
    ).toBe(true);
    expect(errorOf(secret({ content: 'A'.repeat(NOTE_CIPHERTEXT_BASE64_MAX + 4) }))).toBe(
      'Note must be at most 200 characters',
    );
  });

  it('refuses an encrypted flag that is not a boolean, and a bad id or receiver', () => {
    expect(errorOf(secret({ encrypted: 'true' }))).toBe('encrypted must be a boolean');
    expect(errorOf(plain({ id: 'nope' }))).toBe('id must be a UUID');
    expect(errorOf(plain({ receiverId: 'nope' }))).toBe('Invalid user id');
  });
});

describe('listMessagesQuerySchema', () => {
  it('defaults to all messages, 50 at most', () => {
    expect(listMessagesQuerySchema.parse({})).toEqual({ unreadOnly: false, limit: 50 });
    expect(listMessagesQuerySchema.parse({ unreadOnly: '1', limit: '1' })).toEqual({
      unreadOnly: true,
      limit: 1,
    });
  });

  it.each(['0', '51', 'x', '-1', '2.5'])('refuses limit %j', (limit) => {
    expect(listMessagesQuerySchema.safeParse({ limit }).success).toBe(false);
  });
});

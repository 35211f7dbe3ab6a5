import { describe, expect, it } from 'vitest';
import { NOTE_CIPHERTEXT_BASE64_MAX, SEALED_PAYLOAD_MAX } from '../constants.js';
import {
  approveLinkRequestBodySchema,
  encryptionDataV2Schema,
  publishIdentityKeyBodySchema,
} from './keys.js';
import { sendDesireSchema } from './messages.js';

const POINT = `B${'A'.repeat(85)}E`;
const KEY_ID = `${'k'.repeat(21)}g`;
const recipient = { key_id: KEY_ID, enc: POINT, wrapped_key: 'w'.repeat(64) };
const v2 = (overrides: Record<string, unknown> = {}) => ({
  version: 2,
  iv: 'i'.repeat(16),
  sender_key_id: KEY_ID,
  recipients: [recipient],
  ...overrides,
});
const secretV2 = (data: unknown, content = 'q83vEjRWeJq8') => ({
  intensity: 5,
  urgency: 5,
  encrypted: true,
  content,
  encryptionData: data,
});
const errorOf = (input: unknown) => sendDesireSchema.safeParse(input).error?.issues[0]?.message;

describe('version 2 encryption data', () => {
  it('passes through unchanged, with one or two recipients', () => {
    expect(sendDesireSchema.parse(secretV2(v2())).encryptionData).toEqual(v2());
    const two = v2({ recipients: [recipient, { ...recipient, key_id: `${'a'.repeat(21)}A` }] });
    expect(sendDesireSchema.parse(secretV2(two)).encryptionData).toEqual(two);
  });

  it('refuses other shapes', () => {
    for (const bad of [
      v2({ recipients: [] }),
      v2({ recipients: [recipient, recipient, recipient] }),
      v2({ iv: 'i'.repeat(15) }),
      v2({ iv: 'i'.repeat(15) + '=' }),
      v2({ sender_key_id: `${'k'.repeat(21)}h` }),
      v2({ salt: 'A'.repeat(24) }),
      v2({ recipients: [{ ...recipient, extra: 1 }] }),
      v2({ recipients: [{ ...recipient, enc: `${POINT.slice(0, 86)}B` }] }),
      v2({ recipients: [{ ...recipient, wrapped_key: 'w'.repeat(63) }] }),
      v2({ recipients: 'x' }),
    ]) {
      expect(encryptionDataV2Schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
      expect(errorOf(secretV2(bad))).toBeDefined();
    }
  });

  it('bounds the ciphertext as version 1 does', () => {
    expect(errorOf(secretV2(v2(), 'A'.repeat(NOTE_CIPHERTEXT_BASE64_MAX + 4)))).toBe(
      'Note must be at most 200 characters',
    );
    expect(errorOf(secretV2(v2(), 'not base64!'))).toBe('content must be base64');
  });

  it('is refused on a plain desire', () => {
    expect(errorOf({ intensity: 1, urgency: 1, encryptionData: v2() })).toBe(
      'encryptionData is only allowed when encrypted',
    );
  });
});

describe('key route bodies', () => {
  it('takes a canonical P-256 point and a 16-byte key id', () => {
    expect(
      publishIdentityKeyBodySchema.safeParse({ public_key: POINT, key_id: KEY_ID }).success,
    ).toBe(true);
    for (const public_key of [
      `A${POINT.slice(1)}`,
      POINT.slice(1),
      `${POINT}A`,
      `${POINT.slice(0, 86)}B`,
    ]) {
      expect(publishIdentityKeyBodySchema.safeParse({ public_key, key_id: KEY_ID }).success).toBe(
        false,
      );
    }
    expect(
      publishIdentityKeyBodySchema.safeParse({ public_key: POINT, key_id: KEY_ID.slice(1) })
        .success,
    ).toBe(false);
  });

  it('takes a sealed payload of two base64url parts up to the v2 length, 64 110 characters', () => {
    const ok = (sealed_payload: string) =>
      approveLinkRequestBodySchema.safeParse({ sealed_payload }).success;
    expect(SEALED_PAYLOAD_MAX).toBe(64_110);
    expect(ok('abc.def')).toBe(true);
    expect(ok(`${'a'.repeat(87)}.${'b'.repeat(SEALED_PAYLOAD_MAX - 88)}`)).toBe(true);
    expect(ok(`${'a'.repeat(87)}.${'b'.repeat(SEALED_PAYLOAD_MAX - 87)}`)).toBe(false);
    expect(ok('abcdef')).toBe(false);
    expect(ok('a.b.c')).toBe(false);
    expect(ok('a+b.c')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { PAIRING_CODE_ALPHABET } from '../constants.js';
import { SERVER_TEXTS } from '../texts.js';
import {
  connectBodySchema,
  formatPairingCode,
  normalizePairingCode,
  pairingCodeSchema,
} from './partner.js';

describe('normalizePairingCode and formatPairingCode', () => {
  it('strips dashes and white space and upper-cases', () => {
    expect(normalizePairingCode(' abcd-efgh ')).toBe('ABCDEFGH');
    expect(normalizePairingCode('ab cd\tef-gh')).toBe('ABCDEFGH');
    expect(normalizePairingCode('ABCDEFGH')).toBe('ABCDEFGH');
  });

  it('shows any typing as XXXX-XXXX', () => {
    expect(formatPairingCode('abcdefgh')).toBe('ABCD-EFGH');
    expect(formatPairingCode('ABCD-EFGH')).toBe('ABCD-EFGH');
    expect(formatPairingCode(' ab-cd efgh')).toBe('ABCD-EFGH');
  });
});

describe('pairingCodeSchema', () => {
  it.each(['ABCD-EFGH', 'abcdefgh', ' abcd-EFGH ', 'AB-CD-EF-GH', 'XYZ2-3456'])(
    'accepts %j',
    (code) => {
      expect(pairingCodeSchema.parse(code)).toBe(normalizePairingCode(code));
    },
  );

  it('has no look-alike characters in its alphabet', () => {
    expect(PAIRING_CODE_ALPHABET).not.toMatch(/[01OIL]/);
    expect(PAIRING_CODE_ALPHABET).toHaveLength(31);
  });

  it.each([
    'ABCD-EFG0',
    'ABCD-EFGO',
    'ABCD-EFG1',
    'ABCD-EFGI',
    'ABCD-EFGL',
    'ABC',
    'ABCD-EFGHJ',
    '',
    'ABCD_EFGH',
    'A'.repeat(33),
  ])('refuses %j', (code) => {
    expect(pairingCodeSchema.safeParse(code).error?.issues[0]?.message).toBe(
      SERVER_TEXTS.invalidPairingCode,
    );
  });

  it('refuses a non-string code', () => {
    expect(connectBodySchema.safeParse({ code: 12345678 }).error?.issues[0]?.message).toBe(
      SERVER_TEXTS.invalidPairingCode,
    );
    expect(connectBodySchema.safeParse({}).success).toBe(false);
  });
});

import {
  SAFETY_NUMBER_GROUP_DIGITS,
  SAFETY_NUMBER_GROUPS,
  SAFETY_NUMBER_PREFIX,
  SAFETY_QR_PREFIX,
} from './constants.js';
import { compareBytes, concatBytes, digest, utf8 } from './encoding.js';
import { decodePublicKey } from './identity.js';

export interface SafetyNumber {
  /** 60 digits in 12 groups of 5, separated by single spaces. */
  digits: string;
  /** 'couple-desires-safety:1:' followed by the 60 digits without spaces. */
  qrPayload: string;
}

const GROUP_BYTES = 5;
const GROUP_MODULUS = 10 ** SAFETY_NUMBER_GROUP_DIGITS;

/**
 * The number both partners compare to detect a substituted key. The keys are sorted bytewise so
 * both sides hash the same input: SHA-512(prefix || low || high), group i = big-endian uint of
 * digest bytes 5i..5i+4 mod 100000 (40 bits, exact in a double), zero-padded to 5 digits.
 */
export async function safetyNumber(publicKeyA: string, publicKeyB: string): Promise<SafetyNumber> {
  const [low, high] = [decodePublicKey(publicKeyA), decodePublicKey(publicKeyB)].sort(compareBytes);
  const hash = await digest(
    'SHA-512',
    concatBytes(utf8(SAFETY_NUMBER_PREFIX), low ?? new Uint8Array(), high ?? new Uint8Array()),
  );
  const groups: string[] = [];
  for (let i = 0; i < SAFETY_NUMBER_GROUPS; i += 1) {
    let value = 0;
    for (const byte of hash.subarray(GROUP_BYTES * i, GROUP_BYTES * (i + 1))) {
      value = value * 256 + byte;
    }
    groups.push(String(value % GROUP_MODULUS).padStart(SAFETY_NUMBER_GROUP_DIGITS, '0'));
  }
  return { digits: groups.join(' '), qrPayload: SAFETY_QR_PREFIX + groups.join('') };
}

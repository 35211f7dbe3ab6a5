import { LINK_PAYLOAD_BYTES, LINK_PAYLOAD_VERSION, RECOVERY_ENTROPY_BYTES } from './constants.js';
import { utf8 } from './encoding.js';
import { E2eError } from './suite.js';

/**
 * The plaintext a device link seals (docs/security.md, "Device linking"). Version 1, from an
 * approver of the previous release, is the 32-byte seed alone. Version 2, LINK_PAYLOAD_BYTES
 * long whatever it holds:
 *
 *   0x02 | seed (32) | n (uint16 BE) | n older seeds (32 each) | L (uint32 BE) | record (L) | zeros
 *
 * The record is JSON that this layer only carries: the web app checks what it holds.
 */
export interface LinkPlaintext {
  entropy: Uint8Array<ArrayBuffer>;
  formerEntropies: Uint8Array<ArrayBuffer>[];
  /** null in version 1. */
  record: unknown;
}

const COUNT_BYTES = 2;
const LENGTH_BYTES = 4;
const FIXED_BYTES = 1 + RECOVERY_ENTROPY_BYTES + COUNT_BYTES + LENGTH_BYTES;
const FORMER_MAX = 0xffff;

function recordBytes(record: unknown): Uint8Array<ArrayBuffer> {
  return utf8(JSON.stringify(record ?? null));
}

/** Bytes of JSON a v2 payload holds beside the current seed and `formerCount` older ones. */
function recordRoom(formerCount: number): number {
  return LINK_PAYLOAD_BYTES - FIXED_BYTES - formerCount * RECOVERY_ENTROPY_BYTES;
}

/** Whether a v2 payload can carry this record beside `formerCount` older seeds. */
export function linkRecordFits(record: unknown, formerCount: number): boolean {
  return recordBytes(record).length <= recordRoom(formerCount);
}

function checkSeed(seed: Uint8Array): void {
  if (seed.length !== RECOVERY_ENTROPY_BYTES) {
    throw new RangeError(`Recovery entropy must be ${RECOVERY_ENTROPY_BYTES} bytes`);
  }
}

/** The v2 plaintext; a RangeError when a seed is not 32 bytes or the record does not fit. */
export function encodeLinkPlaintext(
  entropy: Uint8Array,
  formerEntropies: readonly Uint8Array[],
  record: unknown,
): Uint8Array<ArrayBuffer> {
  [entropy, ...formerEntropies].forEach(checkSeed);
  const json = recordBytes(record);
  const room = recordRoom(formerEntropies.length);
  if (formerEntropies.length > FORMER_MAX || json.length > room) {
    throw new RangeError(
      `The link record is ${json.length} bytes; ${Math.max(room, 0)} fit beside ` +
        `${formerEntropies.length} older keys in a ${LINK_PAYLOAD_BYTES}-byte link payload`,
    );
  }
  const plaintext = new Uint8Array(LINK_PAYLOAD_BYTES);
  const view = new DataView(plaintext.buffer);
  plaintext[0] = LINK_PAYLOAD_VERSION;
  plaintext.set(entropy, 1);
  let offset = 1 + RECOVERY_ENTROPY_BYTES;
  view.setUint16(offset, formerEntropies.length, false);
  offset += COUNT_BYTES;
  for (const former of formerEntropies) {
    plaintext.set(former, offset);
    offset += RECOVERY_ENTROPY_BYTES;
  }
  view.setUint32(offset, json.length, false);
  plaintext.set(json, offset + LENGTH_BYTES);
  return plaintext;
}

/** Reads version 1 or 2; E2eError 'Malformed' for any other length, version, count or padding. */
export function decodeLinkPlaintext(plaintext: Uint8Array<ArrayBuffer>): LinkPlaintext {
  if (plaintext.length === RECOVERY_ENTROPY_BYTES) {
    return { entropy: plaintext.slice(), formerEntropies: [], record: null };
  }
  if (plaintext.length !== LINK_PAYLOAD_BYTES || plaintext[0] !== LINK_PAYLOAD_VERSION) {
    throw new E2eError('Malformed');
  }
  const view = new DataView(plaintext.buffer, plaintext.byteOffset, plaintext.byteLength);
  let offset = 1 + RECOVERY_ENTROPY_BYTES;
  const count = view.getUint16(offset, false);
  offset += COUNT_BYTES;
  if (recordRoom(count) < 0) throw new E2eError('Malformed');
  const formerEntropies: Uint8Array<ArrayBuffer>[] = [];
  for (let index = 0; index < count; index += 1) {
    formerEntropies.push(plaintext.slice(offset, offset + RECOVERY_ENTROPY_BYTES));
    offset += RECOVERY_ENTROPY_BYTES;
  }
  const length = view.getUint32(offset, false);
  offset += LENGTH_BYTES;
  if (
    length > recordRoom(count) ||
    plaintext.subarray(offset + length).some((byte) => byte !== 0)
  ) {
    throw new E2eError('Malformed');
  }
  let record: unknown;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(
      plaintext.subarray(offset, offset + length),
    );
    record = JSON.parse(text);
  } catch (cause) {
    throw new E2eError('Malformed', { cause });
  }
  return {
    entropy: plaintext.slice(1, 1 + RECOVERY_ENTROPY_BYTES),
    formerEntropies,
    record,
  };
}

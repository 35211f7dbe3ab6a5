/**
 * The bytes of a wish backup (issue 39): a person's answers, the answers they cleared and their
 * wish settings, each with when it last changed, in one length (WISH_BACKUP_PLAINTEXT_BYTES)
 * whatever they hold. backup.ts seals them to the person's own key.
 *
 * Layout: format (1 byte, 1), the settings' time (8), flags (1: bit 0, a maybe counts as a
 * yes), the hidden tiers (a count byte, then each a length byte and ASCII), the entries (a 2-byte
 * count, then each: the id as a length byte and ASCII, the answer as 0 cleared, 1 yes, 2 maybe,
 * 3 no, and its time), then zeros. Times are milliseconds since the epoch, 8 bytes big-endian.
 * Entries are in id order, so the order tells nothing of when each was given.
 */
import { E2eError } from '../e2e/suite.js';
import {
  WISH_BACKUP_ENTRIES_MAX,
  WISH_BACKUP_PLAINTEXT_BYTES,
  WISH_BACKUP_TIERS_MAX,
  WISH_BACKUP_TIER_ID_MAX,
  WISH_ITEM_ID_MAX,
  isWishItemId,
} from './constants.js';
import { assertZeroPadding } from './envelope.js';
import { isWishTier, type WishTier } from './tiers.js';

export type WishSnapshotAnswer = 'yes' | 'maybe' | 'no';

export interface WishSnapshotEntry {
  /** null: the answer was cleared, so that clearing it on one device clears it on the others. */
  answer: WishSnapshotAnswer | null;
  /** When it was given or cleared, in milliseconds since the epoch (0: before times were kept). */
  at: number;
}

export interface WishSnapshotSettings {
  hiddenTiers: WishTier[];
  maybeCountsAsYes: boolean;
  /** When the settings last changed (0: never on any device). */
  at: number;
}

/** A person's answers by wish id, cleared ones included, and their wish settings. */
export interface WishSnapshot {
  answers: Record<string, WishSnapshotEntry>;
  settings: WishSnapshotSettings;
}

const FORMAT = 1;
const ANSWER_CODES: readonly (WishSnapshotAnswer | null)[] = [null, 'yes', 'maybe', 'no'];
const MAYBE_COUNTS_AS_YES = 1;
const TIME_BYTES = 8;
const HIGH = 2 ** 32;

export function isSnapshotTime(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

class Writer {
  readonly bytes = new Uint8Array(WISH_BACKUP_PLAINTEXT_BYTES);
  private readonly view = new DataView(this.bytes.buffer);
  private offset = 0;

  byte(value: number): void {
    this.view.setUint8(this.offset, value);
    this.offset += 1;
  }

  time(at: number): void {
    if (!isSnapshotTime(at)) throw new RangeError('Invalid time');
    this.view.setUint32(this.offset, Math.floor(at / HIGH));
    this.view.setUint32(this.offset + 4, at % HIGH);
    this.offset += TIME_BYTES;
  }

  count(value: number): void {
    this.view.setUint16(this.offset, value);
    this.offset += 2;
  }

  /** Ids and tiers are ASCII (checked by the caller): one byte a character. */
  field(text: string): void {
    this.byte(text.length);
    this.bytes.set(new TextEncoder().encode(text), this.offset);
    this.offset += text.length;
  }
}

class Reader {
  private readonly view: DataView;
  offset = 0;

  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  byte(): number {
    if (this.offset >= this.bytes.length) throw new E2eError('Malformed');
    const value = this.view.getUint8(this.offset);
    this.offset += 1;
    return value;
  }

  time(): number {
    if (this.offset + TIME_BYTES > this.bytes.length) throw new E2eError('Malformed');
    const at = this.view.getUint32(this.offset) * HIGH + this.view.getUint32(this.offset + 4);
    this.offset += TIME_BYTES;
    if (!isSnapshotTime(at)) throw new E2eError('Malformed');
    return at;
  }

  count(): number {
    return this.byte() * 256 + this.byte();
  }

  field(max: number): string {
    const length = this.byte();
    if (length === 0 || length > max || this.offset + length > this.bytes.length) {
      throw new E2eError('Malformed');
    }
    const text = String.fromCharCode(...this.bytes.subarray(this.offset, this.offset + length));
    this.offset += length;
    return text;
  }
}

/** The snapshot's bytes, padded to WISH_BACKUP_PLAINTEXT_BYTES; more than fits is a RangeError. */
export function encodeWishSnapshot(snapshot: WishSnapshot): Uint8Array<ArrayBuffer> {
  const entries = Object.entries(snapshot.answers).sort(([a], [b]) => (a < b ? -1 : 1));
  if (entries.length > WISH_BACKUP_ENTRIES_MAX) {
    throw new RangeError(`A backup holds at most ${WISH_BACKUP_ENTRIES_MAX} answers`);
  }
  const tiers = [...new Set(snapshot.settings.hiddenTiers)];
  if (tiers.length > WISH_BACKUP_TIERS_MAX || tiers.some((tier) => !isWishTier(tier))) {
    throw new RangeError('Invalid hidden tiers');
  }
  const out = new Writer();
  out.byte(FORMAT);
  out.time(snapshot.settings.at);
  out.byte(snapshot.settings.maybeCountsAsYes ? MAYBE_COUNTS_AS_YES : 0);
  out.byte(tiers.length);
  for (const tier of tiers) out.field(tier);
  out.count(entries.length);
  for (const [id, entry] of entries) {
    const code = ANSWER_CODES.indexOf(entry.answer);
    if (!isWishItemId(id) || code < 0) throw new RangeError('Invalid wish answer');
    out.field(id);
    out.byte(code);
    out.time(entry.at);
  }
  return out.bytes;
}

/**
 * Reads a backup's bytes. A hidden tier this app does not know (a newer app's) is skipped; any
 * other surprise (length, format, an unknown answer or flag, a repeated id, bytes after the end)
 * is E2eError('Malformed').
 */
export function decodeWishSnapshot(plain: Uint8Array): WishSnapshot {
  if (plain.length !== WISH_BACKUP_PLAINTEXT_BYTES) throw new E2eError('Malformed');
  const input = new Reader(plain);
  if (input.byte() !== FORMAT) throw new E2eError('Malformed');
  const settingsAt = input.time();
  const flags = input.byte();
  if ((flags & ~MAYBE_COUNTS_AS_YES) !== 0) throw new E2eError('Malformed');
  const tierCount = input.byte();
  if (tierCount > WISH_BACKUP_TIERS_MAX) throw new E2eError('Malformed');
  const hiddenTiers: WishTier[] = [];
  for (let index = 0; index < tierCount; index += 1) {
    const tier = input.field(WISH_BACKUP_TIER_ID_MAX);
    if (isWishTier(tier) && !hiddenTiers.includes(tier)) hiddenTiers.push(tier);
  }
  const count = input.count();
  if (count > WISH_BACKUP_ENTRIES_MAX) throw new E2eError('Malformed');
  // A Map, not `record[id] = …`: an id may be `__proto__`.
  const answers = new Map<string, WishSnapshotEntry>();
  for (let index = 0; index < count; index += 1) {
    const id = input.field(WISH_ITEM_ID_MAX);
    const answer = ANSWER_CODES[input.byte()];
    if (!isWishItemId(id) || answer === undefined || answers.has(id)) {
      throw new E2eError('Malformed');
    }
    answers.set(id, { answer, at: input.time() });
  }
  assertZeroPadding(plain, input.offset);
  return {
    answers: Object.fromEntries(answers),
    settings: { hiddenTiers, maybeCountsAsYes: flags === MAYBE_COUNTS_AS_YES, at: settingsAt },
  };
}

/**
 * What of a snapshot goes into a backup: every answer to a wish still on the list (`onList`),
 * which the constants make sure always fit (a RangeError otherwise), then, newest first, as many
 * of the rest as fit: cleared answers, and answers to wishes gone from the list (a withdrawn
 * custom wish, an id of another catalog), which no round uses.
 */
export function fitWishSnapshot(
  snapshot: WishSnapshot,
  onList: (id: string) => boolean,
): WishSnapshot {
  const entries = Object.entries(snapshot.answers);
  const live = entries.filter(([id, entry]) => entry.answer !== null && onList(id));
  if (live.length > WISH_BACKUP_ENTRIES_MAX) {
    throw new RangeError(`More than ${WISH_BACKUP_ENTRIES_MAX} answers on the list`);
  }
  if (entries.length <= WISH_BACKUP_ENTRIES_MAX) return snapshot;
  const kept = new Set(live.map(([id]) => id));
  const rest = entries
    .filter(([id]) => !kept.has(id))
    .sort(([idA, a], [idB, b]) => b.at - a.at || (idA < idB ? -1 : 1))
    .slice(0, WISH_BACKUP_ENTRIES_MAX - live.length);
  return { answers: Object.fromEntries([...live, ...rest]), settings: snapshot.settings };
}

import {
  ENC_B64URL_LENGTH,
  NOTE_IV_B64URL_LENGTH,
  WRAPPED_KEY_B64URL_LENGTH,
} from '../e2e/constants.js';
import type { EncryptionDataV2 } from '../e2e/note.js';

/** Points in one array of a round message: every message is padded to this many (docs/security.md). */
export const WISH_SET_MAX = 256;
/** A catalog id `c:<slug>` or a custom wish's `u:<uuid>`. */
export const WISH_ITEM_ID_MAX = 64;
/** A custom wish's text, in characters. */
export const WISH_ITEM_TEXT_MAX = 120;
/** Base64 characters of any sealed round message or match list (each kind has one fixed length). */
export const WISH_SEALED_CONTENT_MAX = 24_000;
/** Custom wishes one couple may hold (both partners' together). */
export const WISH_CUSTOM_MAX = 100;

/** Who the two partners of a round are, as one of them sees it. */
export interface WishCouple {
  selfId: string;
  partnerId: string;
}

/** A sealed round message, match list or custom wish: a v2 note's shape around other bytes. */
export interface SealedWishBlob {
  content: string;
  encryption_data: EncryptionDataV2;
}

/*
 * The protocol's domain strings and encodings (docs/security.md, "Private wish matching").
 * Changing one is a protocol change: both partners must agree.
 */

/** Item ids: ASCII letters, digits and `:._-`, so an id never contains the `|` of an aad. */
export const WISH_ITEM_ID_PATTERN = /^[A-Za-z0-9:._-]+$/;

export function isWishItemId(id: string): boolean {
  return id.length <= WISH_ITEM_ID_MAX && WISH_ITEM_ID_PATTERN.test(id);
}
/** Round ids and user ids as they enter a domain string or an aad: no `|`, bounded. */
export const WISH_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** Hash-to-group domain of a round: `${prefix}|${lower id}|${higher id}|${roundId}`. */
export const WISH_DST_PREFIX = 'couple-desires wishes v1';
/** HKDF salt of a person's per-round scalar; the info adds the couple and the round. */
export const WISH_SCALAR_LABEL = 'couple-desires wishes v1 scalar';
/** HPKE info of every wishes envelope: separates them from notes at the key-wrapping layer. */
export const WISH_HPKE_INFO = 'couple-desires wishes v1';
/** A round element: an X25519 u-coordinate, 32 bytes little-endian (RFC 7748). */
export const WISH_POINT_BYTES = 32;

/**
 * At most one "You have a new match" push or mini-app notification per person in this many
 * seconds: someone going through the list makes a round, and maybe a match, every few taps.
 * The live toast is not held back.
 */
export const WISH_MATCH_NOTICE_INTERVAL_SECONDS = 10 * 60;

/*
 * Rounds a couple may start, both partners together (docs/security.md, "What each side learns"):
 * a device starts one when its set changed, WISH_ROUND_DEBOUNCE_MS (1.5 s) after the last tap,
 * so even two people answering as fast as they can read stay far under the minute's; going
 * through the whole list (64 catalog wishes and custom ones), a round per answer on both devices,
 * stays under the hour's. A client that starts rounds only to probe, and never finishes them,
 * gets that many a window. Enforced by the server per couple on every instance
 * (apps/server/src/abuse/action-limits.ts).
 */
export const WISH_ROUNDS_PER_MINUTE = 60;
/** At most this many in an hour (fixed windows from the first counted one). */
export const WISH_ROUNDS_PER_HOUR = 400;
/**
 * After this device replied to a round, a finish that has not come within this many minutes
 * counts the round as unfinished: the partner's device may have seen the matches without
 * sharing them (issue 39). An honest device finishes within seconds of the reply reaching it;
 * a device offline in between finishes when it comes back, and is then no longer counted.
 */
export const WISH_ROUND_FINISH_WAIT_MINUTES = 10;

/*
 * A person's wish backup (issue 39; docs/security.md, "Private wish matching"): their answers and
 * wish settings, sealed to their own key only, so that every device of theirs holds the same.
 * One plaintext length whatever it holds: the server learns nothing of how many answers there are.
 */
/** HPKE info of the backup: never a round's, a note's or a link's. */
export const WISH_BACKUP_HPKE_INFO = 'couple-desires wish backup v1';
/**
 * Answers and cleared answers a backup holds. The most live answers a device can hold on the list
 * are the catalog's and WISH_CUSTOM_MAX custom ones (164 today); the rest is room for the catalog
 * to grow and for cleared answers (backup-layout.ts keeps the newest of those that fit).
 */
export const WISH_BACKUP_ENTRIES_MAX = 384;
/** Hidden tiers a backup holds, each id at most this many bytes (four tiers today). */
export const WISH_BACKUP_TIERS_MAX = 8;
export const WISH_BACKUP_TIER_ID_MAX = 16;
/** An entry: the id (a length byte and up to 64 bytes), the answer (1), when (8). */
const BACKUP_ENTRY_BYTES = 1 + WISH_ITEM_ID_MAX + 1 + 8;
/** Format (1), the settings' time (8), flags (1), the tier count (1) and tiers, the count (2). */
const BACKUP_HEADER_BYTES =
  1 + 8 + 1 + 1 + WISH_BACKUP_TIERS_MAX * (1 + WISH_BACKUP_TIER_ID_MAX) + 2;
export const WISH_BACKUP_PLAINTEXT_BYTES =
  BACKUP_HEADER_BYTES + WISH_BACKUP_ENTRIES_MAX * BACKUP_ENTRY_BYTES;
/**
 * The sealed backup as one string: `iv.enc.wrapped_key.ciphertext`, each base64url without
 * padding (12, 65, 48 bytes and the plaintext with its 16-byte tag). Every backup has exactly
 * this many characters; the server refuses any other length.
 */
export const WISH_BACKUP_CONTENT_LENGTH =
  NOTE_IV_B64URL_LENGTH +
  ENC_B64URL_LENGTH +
  WRAPPED_KEY_B64URL_LENGTH +
  Math.ceil(((WISH_BACKUP_PLAINTEXT_BYTES + 16) * 4) / 3) +
  3;
/**
 * Backup writes a person may make, all devices together: a device writes a couple of seconds
 * after the last change, so even answering as fast as one reads stays far under these. Enforced
 * by the server on every instance (apps/server/src/abuse/action-limits.ts).
 */
export const WISH_BACKUP_WRITES_PER_MINUTE = 60;
export const WISH_BACKUP_WRITES_PER_HOUR = 600;

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

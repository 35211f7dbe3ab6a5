/**
 * Limits and domain strings of private wish matching (docs/security.md, "Private wish
 * matching"). Changing a string or a capacity is a protocol change: both partners must agree.
 */

/** Points per array of a round message, and so the most items one side can bring to a round. */
export const WISH_SET_MAX = 256;
/** An item id: `c:<slug>` for the catalog, `u:<uuid>` for a custom item. */
export const WISH_ITEM_ID_MAX = 64;
/** A custom item's text, in characters (UTF-16 code units, as notes count). */
export const WISH_ITEM_TEXT_MAX = 120;
/**
 * Upper bound, in base64 characters, of the content of any sealed round message or match list.
 * Every kind is padded to one fixed length below it (wishes/round-messages.test.ts proves it).
 */
export const WISH_SEALED_CONTENT_MAX = 24_000;

/** Item ids: ASCII letters, digits and `:._-`, so an id never contains the `|` of an aad. */
export const WISH_ITEM_ID_PATTERN = /^[A-Za-z0-9:._-]+$/;
/** Round ids and user ids as they enter a domain string or an aad: no `|`, bounded. */
export const WISH_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** Hash-to-group domain of a round: `${prefix}|${lower id}|${higher id}|${roundId}`. */
export const WISH_DST_PREFIX = 'couple-desires wishes v1';
/** HKDF salt of a person's per-round scalar; the info adds the couple and the round. */
export const WISH_SCALAR_LABEL = 'couple-desires wishes v1 scalar';
/** HPKE info of every wishes envelope: separates them from notes at the key-wrapping layer. */
export const WISH_HPKE_INFO = 'couple-desires wishes v1';
/** A ristretto255 point encoding (RFC 9496). */
export const WISH_POINT_BYTES = 32;

/** Custom wishes one couple may hold (both partners' together). */
export const WISH_CUSTOM_MAX = 100;

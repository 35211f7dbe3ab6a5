import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { identityFromEntropy, type Identity } from '@couple/protocol/browser';

/**
 * The device's end-to-end keys, in IndexedDB (docs/security.md, "Keys on the device"). Every
 * identity the device ever held for an account stays, so notes sealed to a replaced key still
 * open. The 32-byte seed is kept, not only the key pair: the recovery phrase must be shown again
 * and a new device gets the identity from it. The derived private CryptoKey is non-extractable.
 */
interface StoredIdentity {
  keyId: string;
  userId: string;
  publicKey: string;
  entropy: Uint8Array<ArrayBuffer>;
  createdAt: string;
}

/**
 * Why this device holds a partner key (docs/security.md, "Pinned partner keys"):
 * - `first-use`: the partner's current key when this device first saw this partner;
 * - `accepted`: the person accepted it after the key-change warning or the rotation notice;
 * - `verified`: the person compared the safety number of it;
 * - `signed-rotation`: a key already trusted here signed it as the partner's next key;
 * - `vouched-by-successor`: a key already trusted here signed its id as the key it replaced
 *   (vouching backwards). It confirms the notes it sealed, but it was replaced: it counts as
 *   superseded from when it was pinned, so offered as current again it is a key change;
 * - `seen-in-history`: an older key the server listed at first use. It is no key change to
 *   warn about, but it vouches for nothing: a note it sealed is not shown as end-to-end.
 */
export type PinReason =
  | 'first-use'
  | 'accepted'
  | 'verified'
  | 'signed-rotation'
  | 'vouched-by-successor'
  | 'seen-in-history';

export interface PartnerKeyPin {
  partnerId: string;
  keyId: string;
  publicKey: string;
  reason: PinReason;
  pinnedAt: string;
  /**
   * The partner's keys this pin superseded at `pinnedAt` (supersession.ts): the signer of a
   * signed rotation, or every other key when the person accepted or verified this one.
   */
  supersedes: readonly string[];
}

/** What this device remembers about the account's keys, apart from the keys themselves. */
export interface DeviceKeyState {
  userId: string;
  /**
   * `${partnerId}:${keyId}` of the partner key this device accepted before pins existed. No
   * longer written: read once to make the first pins of that partner (pins.ts).
   */
  acceptedPartnerKey: string | null;
  /** `${ownKeyId}:${partnerKeyId}` whose safety number the user compared and marked verified. */
  verifiedPair: string | null;
  /** The own key whose recovery phrase the user confirmed having written down. */
  phraseSavedForKeyId: string | null;
}

/** One accepted partner key, as this device recorded it for one of its accounts. */
interface StoredPin extends Omit<PartnerKeyPin, 'supersedes'> {
  userId: string;
  /** Missing from the rows written before pins recorded what they superseded. */
  supersedes?: readonly string[];
}

interface KeyringSchema extends DBSchema {
  identities: { key: string; value: StoredIdentity; indexes: { byUser: string } };
  devices: { key: string; value: DeviceKeyState };
  /**
   * Append-only (docs/security.md, "Pinned partner keys"): rows are added, never changed; only a
   * link to a device without a key of the account replaces them (replaceAccountPins).
   */
  pins: { key: number; value: StoredPin; indexes: { byUser: string } };
}

const DB_NAME = 'couple-keys';
let database: Promise<IDBPDatabase<KeyringSchema>> | null = null;

function db(): Promise<IDBPDatabase<KeyringSchema>> {
  database ??= openDB<KeyringSchema>(DB_NAME, 2, {
    upgrade(upgrading, oldVersion) {
      if (oldVersion < 1) {
        const identities = upgrading.createObjectStore('identities', { keyPath: 'keyId' });
        identities.createIndex('byUser', 'userId');
        upgrading.createObjectStore('devices', { keyPath: 'userId' });
      }
      if (oldVersion < 2) {
        const pins = upgrading.createObjectStore('pins', { autoIncrement: true });
        pins.createIndex('byUser', 'userId');
      }
    },
  });
  return database;
}

const derived = new Map<string, Promise<Identity>>();

/** Derives once per page life: the key pair is a pure function of the seed. */
function deriveIdentity(stored: StoredIdentity): Promise<Identity> {
  let identity = derived.get(stored.keyId);
  if (!identity) {
    identity = identityFromEntropy(stored.entropy);
    derived.set(stored.keyId, identity);
  }
  return identity;
}

/** The account's identities on this device, newest first. */
export async function loadIdentities(userId: string): Promise<Identity[]> {
  const stored = await (await db()).getAllFromIndex('identities', 'byUser', userId);
  stored.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return Promise.all(stored.map(deriveIdentity));
}

export async function saveIdentity(userId: string, identity: Identity): Promise<void> {
  const existing = await (await db()).get('identities', identity.keyId);
  if (existing) return;
  await (
    await db()
  ).put('identities', {
    keyId: identity.keyId,
    userId,
    publicKey: identity.publicKey,
    entropy: new Uint8Array(identity.entropy),
    createdAt: new Date().toISOString(),
  });
}

const EMPTY_STATE = {
  acceptedPartnerKey: null,
  verifiedPair: null,
  phraseSavedForKeyId: null,
} as const;

export async function loadDeviceState(userId: string): Promise<DeviceKeyState> {
  return (await (await db()).get('devices', userId)) ?? { userId, ...EMPTY_STATE };
}

export async function updateDeviceState(
  userId: string,
  patch: Partial<Omit<DeviceKeyState, 'userId'>>,
): Promise<DeviceKeyState> {
  const next = { ...(await loadDeviceState(userId)), ...patch, userId };
  await (await db()).put('devices', next);
  return next;
}

type StoredFields = Omit<StoredPin, 'userId'>;

/**
 * What a row written before pins recorded it superseded: every other key an earlier row
 * trusted. Each trusting row was the partner's current key when it was written, so those keys
 * had been replaced by then.
 */
function supersededBefore(stored: readonly StoredFields[], index: number): string[] {
  const pin = stored[index];
  if (!pin || pin.reason === 'seen-in-history') return [];
  const earlier = stored
    .slice(0, index)
    .filter((row) => row.partnerId === pin.partnerId && row.reason !== 'seen-in-history')
    .filter((row) => row.keyId !== pin.keyId);
  return [...new Set(earlier.map((row) => row.keyId))];
}

/** Pins as stored, oldest first, read in today's shape (rows are never rewritten). */
export function pinsFromStored(stored: readonly StoredFields[]): PartnerKeyPin[] {
  return stored.map(({ partnerId, keyId, publicKey, reason, pinnedAt, supersedes }, index) => ({
    partnerId,
    keyId,
    publicKey,
    reason,
    pinnedAt,
    supersedes: supersedes ?? supersededBefore(stored, index),
  }));
}

/** The partner keys this device accepted for the account, oldest first. */
export async function loadPins(userId: string): Promise<PartnerKeyPin[]> {
  return pinsFromStored(await (await db()).getAllFromIndex('pins', 'byUser', userId));
}

/**
 * Saves the identities a device link carried, newest first, dated a millisecond apart so that
 * loadIdentities keeps their order. An identity the device already holds stays as it was.
 */
export async function saveLinkedIdentities(
  userId: string,
  newestFirst: readonly Identity[],
): Promise<void> {
  const now = Date.now();
  const tx = (await db()).transaction('identities', 'readwrite');
  const held = await Promise.all(newestFirst.map((identity) => tx.store.getKey(identity.keyId)));
  const missing = newestFirst.filter((_, index) => held[index] === undefined);
  await Promise.all([
    ...missing.map((identity) =>
      tx.store.put({
        keyId: identity.keyId,
        userId,
        publicKey: identity.publicKey,
        entropy: new Uint8Array(identity.entropy),
        createdAt: new Date(now - newestFirst.indexOf(identity)).toISOString(),
      }),
    ),
    tx.done,
  ]);
}

/**
 * The one exception to append-only: a device that holds no key of the account had no trust
 * anchor, so a device link replaces the pins it recorded with those the approving device
 * carried (link-record.ts). A device that holds a key only ever appends.
 */
export async function replaceAccountPins(
  userId: string,
  pins: readonly PartnerKeyPin[],
): Promise<void> {
  const tx = (await db()).transaction('pins', 'readwrite');
  const recorded = await tx.store.index('byUser').getAllKeys(userId);
  await Promise.all([
    ...recorded.map((pinId) => tx.store.delete(pinId)),
    ...pins.map((pin) => tx.store.add({ ...pin, userId })),
    tx.done,
  ]);
}

export async function appendPins(userId: string, pins: readonly PartnerKeyPin[]): Promise<void> {
  if (pins.length === 0) return;
  const tx = (await db()).transaction('pins', 'readwrite');
  await Promise.all([...pins.map((pin) => tx.store.add({ ...pin, userId })), tx.done]);
}

/** Removes the account's keys and device state from this device (after deleting the account). */
export async function forgetAccountKeys(userId: string): Promise<void> {
  const store = await db();
  const keyIds = await store.getAllKeysFromIndex('identities', 'byUser', userId);
  const pinIds = await store.getAllKeysFromIndex('pins', 'byUser', userId);
  const tx = store.transaction(['identities', 'devices', 'pins'], 'readwrite');
  await Promise.all([
    ...keyIds.map((keyId) => tx.objectStore('identities').delete(keyId)),
    ...pinIds.map((pinId) => tx.objectStore('pins').delete(pinId)),
    tx.objectStore('devices').delete(userId),
    tx.done,
  ]);
  for (const keyId of keyIds) derived.delete(keyId);
}

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

/** What this device remembers about the account's keys, apart from the keys themselves. */
export interface DeviceKeyState {
  userId: string;
  /**
   * `${partnerId}:${keyId}` of the partner key this device last accepted: another key of the same
   * partner is a key change to warn about; a new partner's first key is not.
   */
  acceptedPartnerKey: string | null;
  /** `${ownKeyId}:${partnerKeyId}` whose safety number the user compared and marked verified. */
  verifiedPair: string | null;
  /** The own key whose recovery phrase the user confirmed having written down. */
  phraseSavedForKeyId: string | null;
}

interface KeyringSchema extends DBSchema {
  identities: { key: string; value: StoredIdentity; indexes: { byUser: string } };
  devices: { key: string; value: DeviceKeyState };
}

const DB_NAME = 'couple-keys';
let database: Promise<IDBPDatabase<KeyringSchema>> | null = null;

function db(): Promise<IDBPDatabase<KeyringSchema>> {
  database ??= openDB<KeyringSchema>(DB_NAME, 1, {
    upgrade(upgrading) {
      const identities = upgrading.createObjectStore('identities', { keyPath: 'keyId' });
      identities.createIndex('byUser', 'userId');
      upgrading.createObjectStore('devices', { keyPath: 'userId' });
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

/** Removes the account's keys and device state from this device (after deleting the account). */
export async function forgetAccountKeys(userId: string): Promise<void> {
  const store = await db();
  const keyIds = await store.getAllKeysFromIndex('identities', 'byUser', userId);
  const tx = store.transaction(['identities', 'devices'], 'readwrite');
  await Promise.all([
    ...keyIds.map((keyId) => tx.objectStore('identities').delete(keyId)),
    tx.objectStore('devices').delete(userId),
    tx.done,
  ]);
  for (const keyId of keyIds) derived.delete(keyId);
}

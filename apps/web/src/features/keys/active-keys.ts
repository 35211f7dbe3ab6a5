import type { Identity } from '@couple/protocol/browser';
import { onSignOut } from '../../lib/sign-out-hooks.js';

/**
 * The keys the inbox opens notes with, outside React: decryption runs in a module cache shared by
 * every card. Each change bumps the version, so notes that failed for want of a key try again.
 */
export interface ActiveKeys {
  version: number;
  /** The device's identities for the signed-in account, newest first. */
  identities: readonly Identity[];
  /** Public keys by key id: the account's and the partner's, replaced ones included. */
  publicKeys: ReadonlyMap<string, string>;
  /**
   * The keys a note may be sealed with to show as end-to-end, by key id: the device's own
   * identities and the partner keys pinned on this device (features/keys/pins.ts), never the
   * server's history alone.
   */
  trustedSenders: ReadonlyMap<string, string>;
  /** False until the device's keyring and the server's keys have been read once. */
  loaded: boolean;
}

const NO_KEYS = { identities: [], publicKeys: new Map(), trustedSenders: new Map() } as const;
let active: ActiveKeys = { version: 0, ...NO_KEYS, loaded: false };
const listeners = new Set<() => void>();

export function getActiveKeys(): ActiveKeys {
  return active;
}

export function subscribeActiveKeys(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setActiveKeys(next: Omit<ActiveKeys, 'version' | 'loaded'>): void {
  const sameKeys =
    active.loaded &&
    next.identities.map((identity) => identity.keyId).join() ===
      active.identities.map((identity) => identity.keyId).join() &&
    [...next.publicKeys.keys()].join() === [...active.publicKeys.keys()].join() &&
    [...next.trustedSenders.keys()].join() === [...active.trustedSenders.keys()].join();
  if (sameKeys) return;
  active = { ...next, version: active.version + 1, loaded: true };
  listeners.forEach((listener) => listener());
}

export function clearActiveKeys(): void {
  active = { version: active.version + 1, ...NO_KEYS, loaded: false };
  listeners.forEach((listener) => listener());
}

// Sign-out forgets the keys this page opens notes with; the keyring on the device keeps them.
onSignOut({ name: 'keys', clear: clearActiveKeys });

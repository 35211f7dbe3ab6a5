import type { Identity } from '@couple/protocol/browser';

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
  /** False until the device's keyring and the server's keys have been read once. */
  loaded: boolean;
}

let active: ActiveKeys = { version: 0, identities: [], publicKeys: new Map(), loaded: false };
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
    [...next.publicKeys.keys()].join() === [...active.publicKeys.keys()].join();
  if (sameKeys) return;
  active = { ...next, version: active.version + 1, loaded: true };
  listeners.forEach((listener) => listener());
}

export function clearActiveKeys(): void {
  active = { version: active.version + 1, identities: [], publicKeys: new Map(), loaded: false };
  listeners.forEach((listener) => listener());
}

import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { RoundRecord } from './round-step.js';
import type { WishAnswers } from './wish-set.js';
import type { WishAnswer } from './types.js';

/**
 * What one account's wishes keep on this device, in IndexedDB: the answers (they never leave
 * the device: docs/security.md, "Private wish matching"), the set the last round started with,
 * and the rounds this device took part in.
 */
export interface DeviceWishes {
  userId: string;
  answers: WishAnswers;
  /**
   * The person answered on this device at least once. Until then (a newly linked device) it
   * runs no round; afterwards, even with every answer cleared, an empty set is theirs to match.
   */
  answeredHere: boolean;
  /** The set of this device's last started round; null before the first. */
  lastSet: string[] | null;
  rounds: Record<string, RoundRecord>;
  /**
   * Rounds this device replied to whose finish never came (unfinished-rounds.ts): the partner's
   * device may have seen the matches without sharing them. Kept when the records are forgotten.
   */
  unfinishedRounds: number;
}

/** One read-modify-write at a time (an IndexedDB transaction), so tabs never lose a change. */
export interface WishStore {
  load(userId: string): Promise<DeviceWishes>;
  update(userId: string, change: (current: DeviceWishes) => DeviceWishes): Promise<DeviceWishes>;
}

/** Rounds remembered per account: older ones are long finished or superseded. */
const ROUNDS_KEPT = 20;

export function emptyDeviceWishes(userId: string): DeviceWishes {
  return {
    userId,
    answers: {},
    answeredHere: false,
    lastSet: null,
    rounds: {},
    unfinishedRounds: 0,
  };
}

/** A stored record, with the fields that later versions added. */
function stored(userId: string, held: Partial<DeviceWishes> | undefined): DeviceWishes {
  return { ...emptyDeviceWishes(userId), ...held };
}

export function withAnswer(
  current: DeviceWishes,
  id: string,
  answer: WishAnswer | null,
): DeviceWishes {
  const answers = { ...current.answers };
  if (answer === null) delete answers[id];
  else answers[id] = answer;
  return { ...current, answers, answeredHere: true };
}

/** Adds or replaces a round's record, forgetting the oldest beyond ROUNDS_KEPT. */
export function withRound(current: DeviceWishes, record: RoundRecord): DeviceWishes {
  const others = Object.values(current.rounds).filter((held) => held.roundId !== record.roundId);
  const kept = others.slice(-(ROUNDS_KEPT - 1));
  const rounds = Object.fromEntries(
    [...kept, record].map((held): [string, RoundRecord] => [held.roundId, held]),
  );
  return { ...current, rounds };
}

export function withoutRound(current: DeviceWishes, roundId: string): DeviceWishes {
  const rounds = Object.fromEntries(
    Object.entries(current.rounds).filter(([heldId]) => heldId !== roundId),
  );
  return { ...current, rounds };
}

interface WishesDb extends DBSchema {
  accounts: { key: string; value: DeviceWishes };
}

const DB_NAME = 'couple-wishes';
let database: Promise<IDBPDatabase<WishesDb>> | null = null;

function db(): Promise<IDBPDatabase<WishesDb>> {
  database ??= openDB<WishesDb>(DB_NAME, 1, {
    upgrade(upgrading) {
      upgrading.createObjectStore('accounts', { keyPath: 'userId' });
    },
  });
  return database;
}

const listeners = new Set<() => void>();

/** This page's views and rounds follow a change of the answers (other tabs: BroadcastChannel). */
export function subscribeDeviceWishes(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Pages only: in Node (tests) an open channel would keep the process alive. */
const channel =
  typeof window !== 'undefined' && typeof BroadcastChannel === 'function'
    ? new BroadcastChannel('couple-wishes')
    : null;
channel?.addEventListener('message', () => listeners.forEach((listener) => listener()));

function notify(): void {
  listeners.forEach((listener) => listener());
  channel?.postMessage('changed');
}

export const indexedDbWishStore: WishStore = {
  async load(userId) {
    return stored(userId, await (await db()).get('accounts', userId));
  },
  async update(userId, change) {
    const transaction = (await db()).transaction('accounts', 'readwrite');
    const current = stored(userId, await transaction.store.get(userId));
    const next = change(current);
    await transaction.store.put(next);
    await transaction.done;
    notify();
    return next;
  },
};

/** The same, in memory: for tests, and a browser without IndexedDB (answers last one page). */
export function memoryWishStore(): WishStore {
  const held = new Map<string, DeviceWishes>();
  return {
    load: (userId) => Promise.resolve(held.get(userId) ?? emptyDeviceWishes(userId)),
    update(userId, change) {
      const next = change(held.get(userId) ?? emptyDeviceWishes(userId));
      held.set(userId, next);
      notify();
      return Promise.resolve(next);
    },
  };
}

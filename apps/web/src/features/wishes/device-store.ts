import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { RoundRecord } from './round-step.js';
import type { WishAnswers } from './wish-set.js';
import type { WishAnswer } from './types.js';

/**
 * What one account's wishes keep on this device, in IndexedDB: the answers with when each was
 * given or cleared (they leave the device only sealed to the person's own key, for their other
 * devices: backup-sync.ts; docs/security.md, "Private wish matching"), the set the last round
 * started with, and the rounds this device took part in.
 */
export interface DeviceWishes {
  userId: string;
  answers: WishAnswers;
  /**
   * When each answer was given, in milliseconds since the epoch. A record stored before times
   * were kept has none: its answers count as given at the epoch, so any real change wins.
   */
  answeredAt: Readonly<Record<string, number>>;
  /** Answers cleared, and when: so that a clear on one device clears them on the others. */
  clearedAt: Readonly<Record<string, number>>;
  /**
   * The person answered, on this device or on another one whose answers came here (a backup).
   * Until then (a newly linked device) it runs no round; afterwards, even with every answer
   * cleared, an empty set is theirs to match.
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

/**
 * One read-modify-write at a time (an IndexedDB transaction), so tabs never lose a change. A
 * change that answers `current` itself changed nothing: it is not written, and nobody is told.
 */
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
    answeredAt: {},
    clearedAt: {},
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

/** The answer given (or cleared, with null) now, or `at` then. */
export function withAnswer(
  current: DeviceWishes,
  id: string,
  answer: WishAnswer | null,
  at = Date.now(),
): DeviceWishes {
  const answers = { ...current.answers };
  const answeredAt = { ...current.answeredAt };
  const clearedAt = { ...current.clearedAt };
  if (answer === null) {
    delete answers[id];
    delete answeredAt[id];
    clearedAt[id] = at;
  } else {
    answers[id] = answer;
    answeredAt[id] = at;
    delete clearedAt[id];
  }
  return { ...current, answers, answeredAt, clearedAt, answeredHere: true };
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
    if (next === current) {
      await transaction.done;
      return current;
    }
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
      const current = held.get(userId) ?? emptyDeviceWishes(userId);
      const next = change(current);
      if (next !== current) {
        held.set(userId, next);
        notify();
      }
      return Promise.resolve(next);
    },
  };
}

/** This browser's store; without IndexedDB (some private modes) answers last as long as the page. */
export const deviceWishStore: WishStore =
  typeof indexedDB === 'undefined' ? memoryWishStore() : indexedDbWishStore;

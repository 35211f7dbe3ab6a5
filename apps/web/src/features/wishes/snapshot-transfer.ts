import { deviceWishStore, type WishStore } from './device-store.js';
import { readWishPreferences, writeWishPreferences, type WishPreferences } from './preferences.js';
import {
  mergeAnswers,
  mergeSettings,
  parseWishSnapshot,
  preferencesOf,
  sameAnswers,
  snapshotAnswersOf,
  snapshotOf,
  snapshotSettingsOf,
  withSnapshotAnswers,
  type WishSnapshot,
} from './snapshot.js';

/** Where a device keeps one person's answers (IndexedDB) and wish settings (localStorage). */
export interface LocalWishes {
  store: WishStore;
  readPreferences(userId: string): WishPreferences;
  writePreferences(userId: string, next: WishPreferences): void;
}

const THIS_BROWSER: LocalWishes = {
  store: deviceWishStore,
  readPreferences: readWishPreferences,
  writePreferences: writeWishPreferences,
};

/**
 * Merges another device's snapshot into this one's answers and settings (last writer wins), and
 * writes only what changed. `answered`: the snapshot shows the person answered, so this device
 * counts as answered and runs rounds (device-store.ts, `answeredHere`).
 */
export async function mergeIntoDevice(
  local: LocalWishes,
  userId: string,
  remote: WishSnapshot,
  answered: boolean,
): Promise<void> {
  await local.store.update(userId, (current) => {
    const held = snapshotAnswersOf(current);
    const merged = mergeAnswers(held, remote.answers);
    const answeredHere = current.answeredHere || answered;
    if (sameAnswers(held, merged) && answeredHere === current.answeredHere) return current;
    return { ...withSnapshotAnswers(current, merged), answeredHere };
  });
  const preferences = local.readPreferences(userId);
  const settings = mergeSettings(snapshotSettingsOf(preferences), remote.settings);
  if (settings === remote.settings) local.writePreferences(userId, preferencesOf(settings));
}

/** This browser's answers and settings of the person, for another device of theirs. */
export async function exportWishSnapshot(userId: string): Promise<WishSnapshot> {
  return snapshotOf(await THIS_BROWSER.store.load(userId), THIS_BROWSER.readPreferences(userId));
}

/**
 * Takes in a snapshot another device of the person exported (a device link carries one): checked
 * (parseWishSnapshot; a TypeError when it is not one), then merged into this browser's answers
 * and settings. Answers in it make this device one that answered.
 */
export async function importWishSnapshot(userId: string, snapshot: unknown): Promise<void> {
  const parsed = parseWishSnapshot(snapshot);
  if (!parsed) throw new TypeError('Not a wish snapshot');
  await mergeIntoDevice(THIS_BROWSER, userId, parsed, Object.keys(parsed.answers).length > 0);
}

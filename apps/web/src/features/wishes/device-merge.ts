import type { WishStore } from './device-store.js';
import type { WishPreferences } from './preferences.js';
import {
  mergeAnswers,
  mergeSettings,
  preferencesOf,
  sameAnswers,
  snapshotAnswersOf,
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

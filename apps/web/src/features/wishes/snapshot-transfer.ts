import { z } from 'zod/mini';
import { WISH_ITEM_ID_MAX, WISH_ITEM_ID_PATTERN, isWishTier } from '@couple/protocol/browser';
import { mergeIntoDevice, type LocalWishes } from './device-merge.js';
import { deviceWishStore } from './device-store.js';
import { readWishPreferences, writeWishPreferences } from './preferences.js';
import { snapshotOf, type WishSnapshot } from './snapshot.js';

/*
 * A person's answers and settings handed from one of their devices to another directly (a device
 * link carries them: features/keys/link-record.ts). Loaded with the link's code, not with the
 * app: zod stays out of the chunks every screen loads.
 */

const THIS_BROWSER: LocalWishes = {
  store: deviceWishStore,
  readPreferences: readWishPreferences,
  writePreferences: writeWishPreferences,
};

/** Milliseconds since the epoch, whole and within what a number holds exactly. */
const timeSchema = z.int().check(z.nonnegative());

/**
 * Exactly the fields of a snapshot; wish ids, the three answers or null (cleared), whole times.
 * A hidden tier of a newer app is left out, as the backup's reader does.
 */
const wishSnapshotSchema = z.strictObject({
  answers: z.record(
    z.string().check(z.maxLength(WISH_ITEM_ID_MAX), z.regex(WISH_ITEM_ID_PATTERN)),
    z.strictObject({
      answer: z.nullable(z.enum(['yes', 'maybe', 'no'])),
      at: timeSchema,
    }),
  ),
  settings: z.strictObject({
    hiddenTiers: z.pipe(
      z.array(z.string()),
      z.transform((tiers) => tiers.filter(isWishTier)),
    ),
    maybeCountsAsYes: z.boolean(),
    at: timeSchema,
  }),
});

/** A snapshot from elsewhere, checked; null when it is not one. */
export function parseWishSnapshot(value: unknown): WishSnapshot | null {
  const parsed = wishSnapshotSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** This browser's answers and settings of the person, for another device of theirs. */
export async function exportWishSnapshot(userId: string): Promise<WishSnapshot> {
  return snapshotOf(await THIS_BROWSER.store.load(userId), THIS_BROWSER.readPreferences(userId));
}

/**
 * Takes in a snapshot another device of the person exported: checked (a TypeError when it is not
 * one), then merged into this browser's answers and settings, last writer wins. Answers in it
 * make this device one that answered, which runs rounds.
 */
export async function importWishSnapshot(userId: string, snapshot: unknown): Promise<void> {
  const parsed = parseWishSnapshot(snapshot);
  if (!parsed) throw new TypeError('Not a wish snapshot');
  await mergeIntoDevice(THIS_BROWSER, userId, parsed, Object.keys(parsed.answers).length > 0);
}

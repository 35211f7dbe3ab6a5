import { describe, expect, it } from 'vitest';
import { emptyDeviceWishes, withAnswer } from './device-store.js';
import { DEFAULT_WISH_PREFERENCES } from './preferences.js';
import {
  CLEARED_KEPT_DAYS,
  mergeSnapshots,
  holdsNewer,
  preferencesOf,
  snapshotOf,
  withSnapshotAnswers,
  withoutOldClears,
  type WishSnapshot,
} from './snapshot.js';

const USER = 'a1a1a1a1-0000-4000-8000-000000000001';
const DAY = 24 * 60 * 60 * 1000;
const settings = { hiddenTiers: [], maybeCountsAsYes: false, at: 0 };

function snapshot(answers: WishSnapshot['answers'], at = 0): WishSnapshot {
  return { answers, settings: { ...settings, at } };
}

describe('a wish snapshot', () => {
  it('holds every answer with its time, and each cleared answer with when', () => {
    let device = withAnswer(emptyDeviceWishes(USER), 'c:a', 'yes', 10);
    device = withAnswer(device, 'c:b', 'maybe', 20);
    device = withAnswer(device, 'c:b', null, 30);
    device = withAnswer(device, 'c:c', 'no', 40);
    expect(snapshotOf(device, { ...DEFAULT_WISH_PREFERENCES, changedAt: 5 })).toEqual({
      answers: {
        'c:a': { answer: 'yes', at: 10 },
        'c:b': { answer: null, at: 30 },
        'c:c': { answer: 'no', at: 40 },
      },
      settings: { hiddenTiers: ['spicy'], maybeCountsAsYes: false, at: 5 },
    });
    // Answered again after a clear: the clear is gone.
    device = withAnswer(device, 'c:b', 'yes', 50);
    expect(device.clearedAt).toEqual({});
    expect(snapshotOf(device, DEFAULT_WISH_PREFERENCES).answers['c:b']).toEqual({
      answer: 'yes',
      at: 50,
    });
  });

  it('reads a record stored before times were kept as answered at the epoch', () => {
    // A record as an older version stored it, read as device-store.ts reads every record.
    const older = {
      userId: USER,
      answers: { 'c:a': 'yes' as const },
      answeredHere: true,
      lastSet: null,
      rounds: {},
      unfinishedRounds: 0,
    };
    const read = { ...emptyDeviceWishes(USER), ...older };
    expect(snapshotOf(read, DEFAULT_WISH_PREFERENCES).answers).toEqual({
      'c:a': { answer: 'yes', at: 0 },
    });
  });

  it('goes back into a device record: answers, times and clears', () => {
    const answers = { 'c:a': { answer: 'maybe' as const, at: 3 }, 'c:b': { answer: null, at: 4 } };
    const device = withSnapshotAnswers(
      { ...emptyDeviceWishes(USER), unfinishedRounds: 2 },
      answers,
    );
    expect(device).toMatchObject({
      answers: { 'c:a': 'maybe' },
      answeredAt: { 'c:a': 3 },
      clearedAt: { 'c:b': 4 },
      unfinishedRounds: 2,
    });
    expect(snapshotOf(device, DEFAULT_WISH_PREFERENCES).answers).toEqual(answers);
  });
});

describe('merging two snapshots', () => {
  const local = snapshot(
    {
      'c:same-time': { answer: 'yes', at: 100 },
      'c:local-newer': { answer: 'no', at: 300 },
      'c:remote-newer': { answer: 'yes', at: 100 },
      'c:only-local': { answer: 'maybe', at: 1 },
      'c:cleared-here': { answer: null, at: 500 },
    },
    10,
  );
  const remote = snapshot(
    {
      'c:same-time': { answer: 'no', at: 100 },
      'c:local-newer': { answer: 'yes', at: 200 },
      'c:remote-newer': { answer: null, at: 200 },
      'c:only-remote': { answer: 'yes', at: 0 },
      'c:cleared-here': { answer: 'yes', at: 400 },
    },
    20,
  );

  it('keeps the later of each answer, a clear included; a tie keeps the local one', () => {
    expect(mergeSnapshots(local, remote).answers).toEqual({
      'c:same-time': { answer: 'yes', at: 100 },
      'c:local-newer': { answer: 'no', at: 300 },
      'c:remote-newer': { answer: null, at: 200 },
      'c:only-local': { answer: 'maybe', at: 1 },
      'c:only-remote': { answer: 'yes', at: 0 },
      'c:cleared-here': { answer: null, at: 500 },
    });
  });

  it('arrives at one result whichever order three devices merge in', () => {
    const a = snapshot({ 'c:x': { answer: 'yes', at: 1 }, 'c:y': { answer: 'no', at: 5 } }, 3);
    const b = snapshot({ 'c:x': { answer: null, at: 2 }, 'c:z': { answer: 'maybe', at: 4 } }, 1);
    const c = snapshot({ 'c:y': { answer: 'yes', at: 6 }, 'c:z': { answer: 'no', at: 3 } }, 2);
    const orders = [
      [a, b, c],
      [c, b, a],
      [b, c, a],
    ].map(([first, second, third]) => mergeSnapshots(mergeSnapshots(first!, second!), third!));
    for (const merged of orders) {
      expect(merged).toEqual({
        answers: {
          'c:x': { answer: null, at: 2 },
          'c:y': { answer: 'yes', at: 6 },
          'c:z': { answer: 'maybe', at: 4 },
        },
        settings: { ...settings, at: 3 },
      });
    }
  });

  it('tells what one holds that the other lacks; a tie is nothing new either way', () => {
    expect(holdsNewer(local, remote)).toBe(true);
    expect(holdsNewer(remote, local)).toBe(true);
    const merged = mergeSnapshots(local, remote);
    expect(holdsNewer(merged, remote)).toBe(true);
    expect(holdsNewer(remote, merged)).toBe(false);
    expect(holdsNewer(local, merged)).toBe(false);
    // Two devices that disagree only at the epoch (answers from before times were kept).
    const here = snapshot({ 'c:x': { answer: 'yes', at: 0 } });
    const there = snapshot({ 'c:x': { answer: 'no', at: 0 } });
    expect([holdsNewer(here, there), holdsNewer(there, here)]).toEqual([false, false]);
    expect(holdsNewer(snapshot({}, 1), snapshot({}, 0))).toBe(true);
  });

  it('takes the settings as a whole, from the later change; a tie keeps the local ones', () => {
    const hidden = { hiddenTiers: ['spicy' as const], maybeCountsAsYes: true, at: 20 };
    const shown = { hiddenTiers: [], maybeCountsAsYes: false, at: 10 };
    expect(
      mergeSnapshots({ ...local, settings: shown }, { ...remote, settings: hidden }).settings,
    ).toBe(hidden);
    expect(
      mergeSnapshots({ ...local, settings: hidden }, { ...remote, settings: shown }).settings,
    ).toBe(hidden);
    const tie = { ...hidden, at: 10 };
    expect(
      mergeSnapshots({ ...local, settings: shown }, { ...remote, settings: tie }).settings,
    ).toBe(shown);
    expect(
      preferencesOf({ hiddenTiers: ['spicy', 'tender'], maybeCountsAsYes: true, at: 7 }),
    ).toEqual({ hiddenTiers: ['tender', 'spicy'], maybeCountsAsYes: true, changedAt: 7 });
  });

  it(`forgets clears older than ${CLEARED_KEPT_DAYS} days, never an answer`, () => {
    const now = 1_000 * DAY;
    const held = snapshot({
      'c:old-clear': { answer: null, at: now - CLEARED_KEPT_DAYS * DAY - 1 },
      'c:recent-clear': { answer: null, at: now - CLEARED_KEPT_DAYS * DAY },
      'c:old-answer': { answer: 'yes', at: 0 },
    });
    expect(Object.keys(withoutOldClears(held, now).answers).sort()).toEqual([
      'c:old-answer',
      'c:recent-clear',
    ]);
  });
});

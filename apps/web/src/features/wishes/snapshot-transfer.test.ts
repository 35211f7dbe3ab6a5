import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceWishStore, withAnswer } from './device-store.js';
import { readWishPreferences } from './preferences.js';
import { exportWishSnapshot, importWishSnapshot } from './snapshot-transfer.js';

/** localStorage as a browser keeps it, for the settings. */
function memoryStorage() {
  const held = new Map<string, string>();
  return {
    getItem: (key: string) => held.get(key) ?? null,
    setItem: (key: string, value: string) => void held.set(key, value),
    removeItem: (key: string) => void held.delete(key),
  };
}

let user = '';

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  user = crypto.randomUUID();
});

/** What a device link carries from one device of the person to another. */
describe('a wish snapshot handed to another device', () => {
  it('is merged into this browser’s answers and settings, and makes it a device that answered', async () => {
    await deviceWishStore.update(user, (held) => withAnswer(held, 'c:kept', 'no', 50));
    await importWishSnapshot(user, {
      answers: { 'c:a': { answer: 'yes', at: 10 }, 'c:kept': { answer: 'yes', at: 40 } },
      settings: { hiddenTiers: [], maybeCountsAsYes: true, at: 30 },
    });
    expect(await deviceWishStore.load(user)).toMatchObject({
      answers: { 'c:a': 'yes', 'c:kept': 'no' },
      answeredHere: true,
    });
    expect(readWishPreferences(user)).toEqual({
      hiddenTiers: [],
      maybeCountsAsYes: true,
      changedAt: 30,
    });
    expect(await exportWishSnapshot(user)).toEqual({
      answers: { 'c:a': { answer: 'yes', at: 10 }, 'c:kept': { answer: 'no', at: 50 } },
      settings: { hiddenTiers: [], maybeCountsAsYes: true, at: 30 },
    });
  });

  it('without answers leaves a device that never answered as it was', async () => {
    await importWishSnapshot(user, {
      answers: {},
      settings: { hiddenTiers: ['spicy'], maybeCountsAsYes: false, at: 0 },
    });
    expect((await deviceWishStore.load(user)).answeredHere).toBe(false);
  });

  it('is refused, changing nothing, when it is not one', async () => {
    await expect(importWishSnapshot(user, { answers: { 'c:a': 'yes' } })).rejects.toThrow(
      TypeError,
    );
    expect((await exportWishSnapshot(user)).answers).toEqual({});
  });
});

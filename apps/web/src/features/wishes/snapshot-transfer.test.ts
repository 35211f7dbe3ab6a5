import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deviceWishStore, withAnswer } from './device-store.js';
import { readWishPreferences } from './preferences.js';
import { exportWishSnapshot, importWishSnapshot, parseWishSnapshot } from './snapshot-transfer.js';

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

describe('a snapshot from elsewhere', () => {
  const valid = {
    answers: { 'c:a': { answer: 'yes', at: 1 }, 'u:x': { answer: null, at: 2 } },
    settings: { hiddenTiers: ['spicy', 'newer-tier'], maybeCountsAsYes: true, at: 3 },
  };

  it('is taken when it has exactly the shape, a newer tier left out', () => {
    expect(parseWishSnapshot(valid)).toEqual({
      ...valid,
      settings: { ...valid.settings, hiddenTiers: ['spicy'] },
    });
    // An id named `__proto__` is dropped, never made the prototype of what is read.
    const odd = parseWishSnapshot({
      ...valid,
      answers: JSON.parse('{"__proto__":{"answer":"no","at":1}}') as unknown,
    });
    expect(odd?.answers).toEqual({});
    expect(Object.getPrototypeOf(odd?.answers)).toBe(Object.prototype);
  });

  it('is refused when anything is off', () => {
    const broken: unknown[] = [
      null,
      [],
      'snapshot',
      { answers: valid.answers },
      { ...valid, extra: 1 },
      { ...valid, answers: [] },
      { ...valid, answers: { 'c:a': { answer: 'sure', at: 1 } } },
      { ...valid, answers: { 'c:a': { answer: 'yes', at: -1 } } },
      { ...valid, answers: { 'c:a': { answer: 'yes', at: 1.5 } } },
      { ...valid, answers: { 'c:a': { answer: 'yes' } } },
      { ...valid, answers: { 'c:a': { answer: 'yes', at: 1, more: 1 } } },
      { ...valid, answers: { 'has|bar': { answer: 'yes', at: 1 } } },
      { ...valid, answers: { ['c:' + 'x'.repeat(63)]: { answer: 'yes', at: 1 } } },
      { ...valid, settings: { ...valid.settings, at: '3' } },
      { ...valid, settings: { ...valid.settings, maybeCountsAsYes: 'yes' } },
      { ...valid, settings: { ...valid.settings, hiddenTiers: [1] } },
      { ...valid, settings: { hiddenTiers: [], maybeCountsAsYes: true } },
    ];
    for (const value of broken) expect(parseWishSnapshot(value), JSON.stringify(value)).toBeNull();
  });
});

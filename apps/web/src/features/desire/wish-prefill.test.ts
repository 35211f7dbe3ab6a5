import { describe, expect, it } from 'vitest';
import { NOTE_MAX } from '@couple/protocol/browser';
import { desireFromWish } from '../wishes/desire-from-wish.js';
import { readDesireFromWish } from './wish-prefill.js';

describe('a desire from a wish match', () => {
  it('carries the wish in the note, marked, at the tier’s intensity', () => {
    const state = desireFromWish('Slow dance in the kitchen', 3);
    expect(state).toEqual({ wishNote: '✨ Slow dance in the kitchen', intensity: 3 });
    expect(readDesireFromWish(state)).toEqual(state);
  });

  it('never makes a note longer than a note may be', () => {
    expect(desireFromWish('x'.repeat(NOTE_MAX), 5).wishNote).toHaveLength(NOTE_MAX);
  });

  it('ignores any other route state', () => {
    for (const state of [
      null,
      undefined,
      'note',
      {},
      { wishNote: 'a' },
      { wishNote: 'a', intensity: 11 },
      { wishNote: 'a', intensity: 2.5 },
    ]) {
      expect(readDesireFromWish(state)).toBeNull();
    }
  });
});

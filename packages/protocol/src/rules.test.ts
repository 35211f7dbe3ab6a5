import { describe, expect, it } from 'vitest';
import * as browser from './browser.js';
import * as protocol from './index.js';
import { intensityEmoji, isIntense } from './rules.js';

describe('isIntense', () => {
  it('holds from 8 to 10, not below', () => {
    expect([0, 5, 7].map(isIntense)).toEqual([false, false, false]);
    expect([8, 9, 10].map(isIntense)).toEqual([true, true, true]);
  });

  it('gives the fire emoji exactly to intense desires', () => {
    for (let intensity = 0; intensity <= 10; intensity += 1) {
      expect(intensityEmoji(intensity) === '🔥').toBe(isIntense(intensity));
    }
  });

  it('is exported by both entries', () => {
    expect(protocol.isIntense).toBe(isIntense);
    expect(browser.isIntense).toBe(isIntense);
  });
});

import { describe, expect, it } from 'vitest';
import { parseScore } from './scores.js';

describe('parseScore', () => {
  it('defaults to 5', () => {
    expect(parseScore(null)).toBe(5);
    expect(parseScore('')).toBe(5);
  });

  it('keeps remembered integers from 0 to 10', () => {
    expect(parseScore('0')).toBe(0);
    expect(parseScore('10')).toBe(10);
    expect(parseScore('7')).toBe(7);
  });

  it('ignores anything else', () => {
    expect(parseScore('11')).toBe(5);
    expect(parseScore('-1')).toBe(5);
    expect(parseScore('4.5')).toBe(5);
    expect(parseScore('abc')).toBe(5);
  });
});

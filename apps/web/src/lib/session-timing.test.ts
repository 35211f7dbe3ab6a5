import { describe, expect, it } from 'vitest';
import { isExpired, needsRefresh, secondsLeft } from './session-timing.js';

const now = 1_700_000_000_000;
const at = (seconds: number) => ({ expires_at: now / 1000 + seconds });

describe('session timing', () => {
  it('counts the seconds left', () => {
    expect(secondsLeft(at(3600), now)).toBe(3600);
  });

  it('refreshes when 90 s or less remain', () => {
    expect(needsRefresh(at(91), now)).toBe(false);
    expect(needsRefresh(at(90), now)).toBe(true);
    expect(needsRefresh(at(-5), now)).toBe(true);
  });

  it('knows when the expiry has passed', () => {
    expect(isExpired(at(1), now)).toBe(false);
    expect(isExpired(at(0), now)).toBe(true);
  });
});

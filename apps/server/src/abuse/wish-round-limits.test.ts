import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WISH_ROUNDS_PER_HOUR, WISH_ROUNDS_PER_MINUTE } from '@couple/protocol';
import { loadConfig } from '../config.js';
import { createActionLimits } from './action-limits.js';
import { refusal, spendMinuteAndHour } from './limits.test-support.js';

/** The two limits of wish rounds on one instance's memory, over a faked hour. */
describe('wish round limits', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(Date.parse('2026-11-29T08:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('allows WISH_ROUNDS_PER_MINUTE a minute and WISH_ROUNDS_PER_HOUR an hour per couple', async () => {
    const limits = createActionLimits(loadConfig({ NODE_ENV: 'test' }));
    const capped = await spendMinuteAndHour(
      // Either partner, in either order: one budget.
      (count) =>
        count % 2 === 0
          ? limits.takeWishRound('alice', 'bob')
          : limits.takeWishRound('bob', 'alice'),
      {
        perMinute: WISH_ROUNDS_PER_MINUTE,
        perHour: WISH_ROUNDS_PER_HOUR,
        code: 'wish_rounds_limited',
      },
      (ms) => vi.advanceTimersByTime(ms),
    );
    expect(await refusal(limits.takeWishRound('carol', 'dan'))).toBeNull();
    vi.advanceTimersByTime(capped.retryAfter! * 1000);
    expect(await refusal(limits.takeWishRound('alice', 'bob'))).toBeNull();
  });
});

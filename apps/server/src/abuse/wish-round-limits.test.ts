import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WISH_ROUNDS_PER_HOUR, WISH_ROUNDS_PER_MINUTE } from '@couple/protocol';
import { loadConfig } from '../config.js';
import { createActionLimits } from './action-limits.js';
import { refusal } from './limits.test-support.js';

/** The two limits of wish rounds on one instance's memory, over a faked hour. */
describe('wish round limits', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(Date.parse('2026-11-29T08:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('allows WISH_ROUNDS_PER_MINUTE a minute and WISH_ROUNDS_PER_HOUR an hour per couple', async () => {
    const limits = createActionLimits(loadConfig({ NODE_ENV: 'test' }));
    let started = 0;
    let minutes = 0;
    while (started < WISH_ROUNDS_PER_HOUR) {
      const burst = Math.min(WISH_ROUNDS_PER_MINUTE, WISH_ROUNDS_PER_HOUR - started);
      for (let round = 0; round < burst; round += 1) {
        // Either partner, in either order: one budget.
        const [from, to] = round % 2 === 0 ? ['alice', 'bob'] : ['bob', 'alice'];
        expect(await refusal(limits.takeWishRound(from!, to!))).toBeNull();
      }
      started += burst;
      if (burst === WISH_ROUNDS_PER_MINUTE) {
        const early = await refusal(limits.takeWishRound('bob', 'alice'));
        expect(early?.code).toBe('wish_rounds_limited');
        expect(early?.retryAfter).toBe(60);
      }
      vi.advanceTimersByTime(60 * 1000);
      minutes += 1;
    }
    const capped = await refusal(limits.takeWishRound('alice', 'bob'));
    expect(capped?.code).toBe('wish_rounds_limited');
    expect(capped?.retryAfter).toBe(60 * 60 - minutes * 60);
    expect(await refusal(limits.takeWishRound('carol', 'dan'))).toBeNull();
    vi.advanceTimersByTime(capped!.retryAfter! * 1000);
    expect(await refusal(limits.takeWishRound('alice', 'bob'))).toBeNull();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THOUGHT_INTERVAL_SECONDS, THOUGHTS_PER_DAY } from '@couple/protocol';
import { loadConfig } from '../config.js';
import { createActionLimits } from './action-limits.js';
import { refusal } from './limits.test-support.js';

/** The two limits of "thinking of you" on one instance's memory, over a faked day. */
describe('thinking-of-you limits', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(Date.parse('2026-11-26T08:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('allows one per interval and THOUGHTS_PER_DAY a day, each sender on their own', async () => {
    const limits = createActionLimits(loadConfig({ NODE_ENV: 'test' }));
    for (let sent = 0; sent < THOUGHTS_PER_DAY; sent += 1) {
      expect(await refusal(limits.takeThought('alice'))).toBeNull();
      const early = await refusal(limits.takeThought('alice'));
      expect(early?.code).toBe('thought_rate_limited');
      expect(early?.retryAfter).toBe(THOUGHT_INTERVAL_SECONDS);
      vi.advanceTimersByTime(THOUGHT_INTERVAL_SECONDS * 1000);
    }
    const capped = await refusal(limits.takeThought('alice'));
    expect(capped?.code).toBe('thought_rate_limited');
    // Until a day after the first: then the count starts again.
    const left = 24 * 60 * 60 - THOUGHTS_PER_DAY * THOUGHT_INTERVAL_SECONDS;
    expect(capped?.retryAfter).toBe(left);
    expect(await refusal(limits.takeThought('bob'))).toBeNull();
    vi.advanceTimersByTime(left * 1000);
    expect(await refusal(limits.takeThought('alice'))).toBeNull();
  });
});

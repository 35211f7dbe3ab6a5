import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WISH_BACKUP_WRITES_PER_HOUR, WISH_BACKUP_WRITES_PER_MINUTE } from '@couple/protocol';
import { loadConfig } from '../config.js';
import { createActionLimits } from './action-limits.js';
import { refusal, spendMinuteAndHour } from './limits.test-support.js';

/** The two limits of wish backup writes on one instance's memory, over a faked hour. */
describe('wish backup limits', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(Date.parse('2026-11-29T08:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('allows WISH_BACKUP_WRITES_PER_MINUTE a minute and _PER_HOUR an hour per person', async () => {
    const limits = createActionLimits(loadConfig({ NODE_ENV: 'test' }));
    const capped = await spendMinuteAndHour(
      () => limits.takeWishBackup('alice'),
      {
        perMinute: WISH_BACKUP_WRITES_PER_MINUTE,
        perHour: WISH_BACKUP_WRITES_PER_HOUR,
        code: 'wish_backups_limited',
      },
      (ms) => vi.advanceTimersByTime(ms),
    );
    // Another person's budget is their own.
    expect(await refusal(limits.takeWishBackup('bob'))).toBeNull();
    vi.advanceTimersByTime(capped.retryAfter! * 1000);
    expect(await refusal(limits.takeWishBackup('alice'))).toBeNull();
  });
});

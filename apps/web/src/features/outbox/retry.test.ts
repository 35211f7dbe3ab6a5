import type { ApiBody } from '@couple/protocol';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-errors.js';
import { afterFailure, backoffMs, isRetryable, newOutboxItem, pendingInOrder } from './retry.js';

const desire = (id: string): ApiBody<'sendDesire'> => ({
  id,
  receiverId: 'partner',
  intensity: 5,
  urgency: '6',
  content: 'c2VhbGVk',
  encrypted: true,
  encryptionData: null,
});

describe('isRetryable', () => {
  it('keeps a desire that got no answer at all', () => {
    expect(isRetryable(new TypeError('Failed to fetch'))).toBe(true);
  });

  it.each([500, 502, 503, 408, 429, 401])('keeps it on %i', (status) => {
    expect(isRetryable(new ApiError(status, 'x'))).toBe(true);
  });

  it.each([400, 403, 404, 409])('treats %i as final', (status) => {
    expect(isRetryable(new ApiError(status, 'x'))).toBe(false);
  });
});

describe('backoffMs', () => {
  it('doubles from 2 s and stops at 5 minutes', () => {
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(backoffMs(30)).toBe(300_000);
  });
});

describe('afterFailure', () => {
  const item = newOutboxItem('me', desire('a'), 'token', 1_000);

  it('keeps the client id and the sealed desire, and schedules the next try', () => {
    const next = afterFailure(item, new TypeError('offline'), 5_000);
    expect(next.id).toBe('a');
    expect(next.desire).toBe(item.desire);
    expect(next.attempts).toBe(1);
    expect(next.nextAttemptAt).toBe(7_000);
    expect(next.failure).toBeNull();
  });

  it('marks a key change refused by the server as failed with its text and code', () => {
    const error = new ApiError(409, 'Your partner has a new key', 'partner_key_changed');
    const next = afterFailure(item, error, 5_000);
    expect(next.failure).toEqual({
      text: 'Your partner has a new key',
      code: 'partner_key_changed',
    });
    expect(next.desire.id).toBe('a');
  });
});

describe('pendingInOrder', () => {
  it('lists the waiting desires oldest first and leaves the refused ones out', () => {
    const first = newOutboxItem('me', desire('first'), null, 1);
    const second = newOutboxItem('me', desire('second'), null, 2);
    const refused = {
      ...newOutboxItem('me', desire('x'), null, 0),
      failure: { text: 'no', code: null },
    };
    expect(pendingInOrder([second, refused, first]).map((i) => i.id)).toEqual(['first', 'second']);
  });
});

import { describe, expect, it } from 'vitest';
import type { Thought } from '@couple/protocol';
import { THOUGHT_INTERVAL_SECONDS, THOUGHTS_PER_DAY } from '@couple/protocol/browser';
import { minutesToWait, thoughtCooldown } from './cooldown.js';

const ME = '11111111-1111-4111-8111-111111111111';
const PARTNER = '22222222-2222-4222-8222-222222222222';
const NOW = Date.parse('2026-11-26T12:00:00Z');
const MINUTE = 60_000;

function thought(minutesAgo: number, from = ME): Thought {
  return {
    id: crypto.randomUUID(),
    sender_id: from,
    receiver_id: from === ME ? PARTNER : ME,
    created_at: new Date(NOW - minutesAgo * MINUTE).toISOString(),
    read_at: null,
  };
}

describe('thoughtCooldown', () => {
  it('lets a first one go, and one after the interval', () => {
    expect(thoughtCooldown([], ME, NOW)).toBeNull();
    expect(thoughtCooldown([thought(THOUGHT_INTERVAL_SECONDS / 60)], ME, NOW)).toBeNull();
  });

  it('waits for the interval after the last one the person sent, not the partner’s', () => {
    expect(thoughtCooldown([thought(1)], ME, NOW)).toEqual({
      reason: 'interval',
      until: NOW - MINUTE + THOUGHT_INTERVAL_SECONDS * 1000,
    });
    expect(thoughtCooldown([thought(1, PARTNER)], ME, NOW)).toBeNull();
  });

  it('holds the day’s cap until a day after the oldest of them', () => {
    const day = Array.from({ length: THOUGHTS_PER_DAY }, (_, i) => thought(10 + i * 30));
    const oldest = 10 + (THOUGHTS_PER_DAY - 1) * 30;
    expect(thoughtCooldown(day, ME, NOW)).toEqual({
      reason: 'day',
      until: NOW - oldest * MINUTE + 24 * 60 * MINUTE,
    });
    expect(thoughtCooldown([...day.slice(1), thought(25 * 60)], ME, NOW)).toBeNull();
  });
});

describe('minutesToWait', () => {
  const interval = THOUGHT_INTERVAL_SECONDS * 1000;
  const until = NOW + interval;

  it('says the whole interval right after a tap, even from a clock a few seconds behind', () => {
    const minutes = THOUGHT_INTERVAL_SECONDS / 60;
    expect(minutesToWait(until, NOW)).toBe(minutes);
    expect(minutesToWait(until, NOW + 200)).toBe(minutes);
    // The device's clock 4 s behind the server's, which stamped the thought.
    expect(minutesToWait(until, NOW - 4_000)).toBe(minutes);
  });

  it('counts down in whole minutes, rounding up, and never below one', () => {
    expect(minutesToWait(until, NOW + MINUTE + 1)).toBe(THOUGHT_INTERVAL_SECONDS / 60 - 1);
    expect(minutesToWait(until, until - MINUTE)).toBe(1);
    expect(minutesToWait(until, until - 1)).toBe(1);
  });
});

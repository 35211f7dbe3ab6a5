import { describe, expect, it } from 'vitest';
import type { WishRound } from '@couple/protocol';
import { hasNewMatch, nextRoundStep, waitsForPartner, type RoundRecord } from './round-step.js';

const me = '11111111-1111-4111-8111-111111111111';
const partner = '22222222-2222-4222-8222-222222222222';
const blob = { content: 'AA==', encryption_data: { version: 2 } } as unknown as WishRound['offer'];

function round(initiator: string, reply: boolean, finish: boolean): WishRound {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    initiator_id: initiator,
    responder_id: initiator === me ? partner : me,
    offer: blob,
    reply: reply ? blob : null,
    finish: finish ? blob : null,
    created_at: '2026-11-26T07:00:00Z',
    updated_at: '2026-11-26T07:00:00Z',
  };
}

function record(role: RoundRecord['role'], step: RoundRecord['step']): RoundRecord {
  return { roundId: round(me, false, false).id, role, items: ['c:a'], step };
}

describe('the next step of a round', () => {
  it('replies to the partner offer, unless this device holds no answers', () => {
    expect(nextRoundStep(round(partner, false, false), me, undefined, true)).toBe('reply');
    expect(nextRoundStep(round(partner, false, false), me, undefined, false)).toBeNull();
  });

  it('never replies to a round id it holds any record of, even with its reply gone', () => {
    // The round was deleted and made again under the same id: the offer waits for a reply.
    const again = round(partner, false, false);
    for (const step of ['replied', 'completed'] as const) {
      expect(nextRoundStep(again, me, record('responder', step), true)).toBeNull();
    }
    expect(nextRoundStep(again, me, record('initiator', 'started'), true)).toBeNull();
  });

  it('waits while the partner has not replied to an own round', () => {
    expect(nextRoundStep(round(me, false, false), me, record('initiator', 'started'), true)).toBe(
      null,
    );
    expect(waitsForPartner([round(me, false, false)], me)).toBe(true);
    expect(waitsForPartner([round(me, true, false), round(partner, false, false)], me)).toBe(false);
  });

  it('finishes an own round once replied, once per device', () => {
    const replied = round(me, true, false);
    expect(nextRoundStep(replied, me, record('initiator', 'started'), true)).toBe('finish');
    expect(nextRoundStep(replied, me, record('initiator', 'finished'), true)).toBeNull();
    // Another device of the person started it: this one finishes with its own answers.
    expect(nextRoundStep(replied, me, undefined, true)).toBe('finish');
    expect(nextRoundStep(replied, me, undefined, false)).toBeNull();
    expect(nextRoundStep(round(me, true, true), me, record('initiator', 'finished'), true)).toBe(
      null,
    );
  });

  it('waits for the finish after replying, then completes once', () => {
    const waiting = round(partner, true, false);
    expect(nextRoundStep(waiting, me, record('responder', 'replied'), true)).toBeNull();
    const finished = round(partner, true, true);
    expect(nextRoundStep(finished, me, record('responder', 'replied'), true)).toBe('complete');
    expect(nextRoundStep(finished, me, record('responder', 'completed'), true)).toBeNull();
    expect(nextRoundStep(finished, me, undefined, false)).toBeNull();
  });

  it('ignores a round of two other people', () => {
    const other = { ...round(partner, true, true), responder_id: partner };
    expect(nextRoundStep(other, me, undefined, true)).toBeNull();
  });
});

describe('a new match', () => {
  it('is a match the previous list did not hold', () => {
    expect(hasNewMatch(['c:a', 'c:b'], ['c:a'])).toBe(true);
    expect(hasNewMatch(['c:a'], ['c:a', 'c:b'])).toBe(false);
    expect(hasNewMatch([], [])).toBe(false);
    expect(hasNewMatch(['c:a'], [])).toBe(true);
  });
});

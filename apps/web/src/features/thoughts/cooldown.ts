import type { Thought } from '@couple/protocol';
import { THOUGHT_INTERVAL_SECONDS, THOUGHTS_PER_DAY } from '@couple/protocol/browser';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Why "Thinking of you" waits, and until when (ms since the epoch). */
export interface ThoughtCooldown {
  reason: 'interval' | 'day';
  until: number;
}

/**
 * When the sender may send again, from the thoughts they sent (the server's limit, read from
 * the same numbers): within the interval of the last one, or after THOUGHTS_PER_DAY in a day.
 * Null when a tap would go now. The server decides in the end; this is what the button says.
 */
export function thoughtCooldown(
  thoughts: readonly Thought[],
  userId: string,
  now: number,
): ThoughtCooldown | null {
  const sent = thoughts
    .filter((t) => t.sender_id === userId)
    .map((t) => Date.parse(t.created_at))
    .filter((time) => now - time < DAY_MS)
    .sort((a, b) => b - a);
  if (sent.length >= THOUGHTS_PER_DAY) {
    return { reason: 'day', until: sent[THOUGHTS_PER_DAY - 1]! + DAY_MS };
  }
  const last = sent[0];
  const next = last === undefined ? 0 : last + THOUGHT_INTERVAL_SECONDS * 1000;
  return next > now ? { reason: 'interval', until: next } : null;
}

/**
 * The whole minutes left of an interval's wait, at least 1: what the button says. Never more
 * than the interval: `until` is the server's time of the last thought plus the interval, so a
 * device clock a few seconds behind the server's would say "6 minutes" for a 5-minute limit.
 */
export function minutesToWait(until: number, now: number): number {
  const left = Math.min(until - now, THOUGHT_INTERVAL_SECONDS * 1000);
  return Math.max(1, Math.ceil(left / 60_000));
}

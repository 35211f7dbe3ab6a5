// The lines a run prints: PASS per check (a failed one throws, and the run prints it as FAIL),
// and INFO on how much traffic there was and what each failed request came to.
import { duringSwap, type Attempt, type Swap } from './attempts.js';
import type { Client } from './client.js';

export const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

export function check(condition: boolean, what: string, detail = ''): void {
  if (!condition) throw new Error(`${what}${detail ? `: ${detail}` : ''}`);
  console.log(`PASS ${what}`);
}

export function summary(
  clients: readonly Client[],
  attempts: readonly Attempt[],
  swaps: readonly Swap[],
): string {
  const sent = clients.flatMap((client) => client.sent);
  const by = (surface: string) => sent.filter((entry) => entry.surface === surface).length;
  const retried = sent.filter((entry) => entry.failedAttempts > 0);
  /** Failed attempts by when they came (during which swap) and what they came to. */
  const failures = new Map<string, Map<string, number>>();
  for (const attempt of attempts) {
    if (attempt.outcome === 'ok') continue;
    const when = swaps.find((swap) => duringSwap(attempt, swap))?.name ?? 'outside the swaps';
    const counts = failures.get(when) ?? new Map<string, number>();
    const key = `${attempt.what} ${attempt.surface} ${attempt.outcome}`;
    failures.set(when, counts.set(key, (counts.get(key) ?? 0) + 1));
  }
  const lines = [...failures].map(
    ([when, counts]) =>
      `INFO failed attempts, ${when}: ${[...counts].map(([key, n]) => `${key} ${n}`).join(', ')}`,
  );
  const live = clients.reduce(
    (sum, client) => sum + client.sessions.reduce((n, session) => n + session.received.length, 0),
    0,
  );
  const reads = attempts.filter((attempt) => attempt.what === 'read').length;
  return [
    `INFO desires: ${sent.length} acknowledged (${by('http')} over HTTP, ${by('socket')} over ` +
      `sockets), ${retried.length} of them after failed attempts, sent again with the same id`,
    `INFO inbox reads: ${reads}; live deliveries: ${live}`,
    ...lines,
  ].join('\n');
}

import { expect } from 'vitest';
import { HttpError } from '../errors.js';

/** The refusal of a limit taken, or null when it was let through (unit tests of the limits). */
export const refusal = (promise: Promise<void>): Promise<HttpError | null> =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof HttpError ? error : Promise.reject(error)),
  );

/**
 * Spends a budget of `perMinute` a minute and `perHour` an hour to its end, on a faked clock that
 * `advance` moves: each full minute's next take is refused until the minute ends, and once the
 * hour's are spent one is refused until the hour ends. Answers that last refusal; every take runs
 * `take(n)` with its count, so a test may vary who takes.
 */
export async function spendMinuteAndHour(
  take: (count: number) => Promise<void>,
  budget: { perMinute: number; perHour: number; code: string },
  advance: (ms: number) => void,
): Promise<HttpError> {
  let taken = 0;
  let minutes = 0;
  while (taken < budget.perHour) {
    const burst = Math.min(budget.perMinute, budget.perHour - taken);
    for (let index = 0; index < burst; index += 1) {
      expect(await refusal(take(taken + index))).toBeNull();
    }
    taken += burst;
    if (burst === budget.perMinute) {
      const early = await refusal(take(taken));
      expect(early?.code).toBe(budget.code);
      expect(early?.retryAfter).toBe(60);
    }
    advance(60 * 1000);
    minutes += 1;
  }
  const capped = await refusal(take(taken));
  expect(capped?.code).toBe(budget.code);
  expect(capped?.retryAfter).toBe(60 * 60 - minutes * 60);
  return capped!;
}

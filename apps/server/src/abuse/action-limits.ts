import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import {
  PASSWORD_RESET_EMAILS_PER_HOUR,
  SIGN_IN_FAILURE_WINDOW_MINUTES,
  THOUGHT_INTERVAL_SECONDS,
  THOUGHTS_PER_DAY,
  WISH_BACKUP_WRITES_PER_HOUR,
  WISH_BACKUP_WRITES_PER_MINUTE,
  WISH_ROUNDS_PER_HOUR,
  WISH_ROUNDS_PER_MINUTE,
} from '@couple/protocol';
import type { Config } from '../config.js';
import { HttpError } from '../errors.js';
import {
  consumeOr,
  limiter,
  minuteAndHourBudget,
  refusingBudget,
  takeIfWithin,
} from './budgets.js';

/**
 * Limits that belong to an action whatever surface carries it (HTTP, the live channel,
 * /rest/v1), so they are checked in the services rather than on routes: desires per sender, and
 * the slowdown of an account after repeated failed sign-ins. With Redis the counters are shared
 * by every instance; if Redis fails, each instance falls back to its own memory.
 */
export interface ActionLimits {
  /** Counts one desire of the sender; a 429 desire_rate_limited when over the budget. */
  takeDesire(userId: string): Promise<void>;
  /**
   * Checks a password of the account (sign-in, or re-authentication) within its sign-in budget:
   * the attempt is counted before `verify` runs, so concurrent guesses cannot all pass before
   * any failure is recorded, and given back when `verify` accepts. A 429 sign_in_slowed while
   * the account is slowed down, without running `verify`.
   */
  guardPasswordCheck(email: string, verify: () => Promise<boolean>): Promise<boolean>;
  /** After a successful sign-in: the account's failures are forgotten. */
  clearFailedSignIns(email: string): Promise<void>;
  /** Counts one reset e-mail to the address, whether or not it has an account. */
  takeResetEmail(email: string): Promise<void>;
  /**
   * Counts one "thinking of you" of the sender: one per THOUGHT_INTERVAL_SECONDS and
   * THOUGHTS_PER_DAY a day; a 429 thought_rate_limited (with retry-after) when over either.
   */
  takeThought(userId: string): Promise<void>;
  /**
   * Counts one wish round started by either partner of the couple: WISH_ROUNDS_PER_MINUTE and
   * WISH_ROUNDS_PER_HOUR, both partners together; a 429 wish_rounds_limited (with retry-after)
   * when over either.
   */
  takeWishRound(userId: string, partnerId: string): Promise<void>;
  /**
   * Counts one write of the person's wish backup, all their devices together:
   * WISH_BACKUP_WRITES_PER_MINUTE and WISH_BACKUP_WRITES_PER_HOUR; a 429 wish_backups_limited
   * (with retry-after) when over either.
   */
  takeWishBackup(userId: string): Promise<void>;
  /**
   * Whether a new-match push and mini-app notification may go to this person now: one per
   * WISH_MATCH_NOTICE_INTERVAL_SECONDS (configuration), whoever's rounds find the matches. Never refuses a request.
   */
  takeMatchNotice(userId: string): Promise<boolean>;
}

/** Accounts are keyed by a hash of the e-mail, so the limiter's store holds no address. */
function accountKey(email: string): string {
  return createHash('sha256').update(email).digest('base64url');
}

/**
 * The slowdown of an account after repeated failed sign-ins: SIGN_IN_FAILURES_BEFORE_SLOWDOWN
 * failures in the window, then one attempt per SIGN_IN_SLOWDOWN_SECONDS.
 */
function signInLimits(
  config: Config,
  redis: Redis | undefined,
): Pick<ActionLimits, 'guardPasswordCheck' | 'clearFailedSignIns'> {
  const failures = limiter(redis, {
    keyPrefix: 'couple-failed-sign-ins',
    points: config.SIGN_IN_FAILURES_BEFORE_SLOWDOWN,
    duration: SIGN_IN_FAILURE_WINDOW_MINUTES * 60,
  });
  // Once slowed, one attempt per interval gets through: a guesser is held to a crawl, and the
  // owner still gets in within an interval, never locked out.
  const slowed = limiter(redis, {
    keyPrefix: 'couple-slowed-sign-ins',
    points: 1,
    duration: config.SIGN_IN_SLOWDOWN_SECONDS,
  });
  const slowedRefusal = (retryAfter: number) => new HttpError('sign_in_slowed', { retryAfter });
  return {
    async guardPasswordCheck(email, verify) {
      const key = accountKey(email);
      if (!(await takeIfWithin(failures, key))) await consumeOr(slowed, key, slowedRefusal);
      const accepted = await verify();
      if (accepted) await failures.reward(key, 1);
      return accepted;
    },
    async clearFailedSignIns(email) {
      const key = accountKey(email);
      await Promise.all([failures.delete(key), slowed.delete(key)]);
    },
  };
}
/**
 * "Thinking of you": one per THOUGHT_INTERVAL_SECONDS and THOUGHTS_PER_DAY a day. The interval
 * is taken first: a refused tap within it does not spend one of the day's.
 */
function thoughtLimit(redis: Redis | undefined): ActionLimits['takeThought'] {
  const interval = limiter(redis, {
    keyPrefix: 'couple-thought-interval',
    points: 1,
    duration: THOUGHT_INTERVAL_SECONDS,
  });
  const perDay = limiter(redis, {
    keyPrefix: 'couple-thoughts-per-day',
    points: THOUGHTS_PER_DAY,
    duration: 24 * 60 * 60,
  });
  const refusal = (retryAfter: number) => new HttpError('thought_rate_limited', { retryAfter });
  return async (userId) => {
    await consumeOr(interval, userId, refusal);
    await consumeOr(perDay, userId, refusal);
  };
}

/** One new-match notice per WISH_MATCH_NOTICE_INTERVAL_SECONDS; every one when it is 0. */
function matchNoticeLimit(
  config: Config,
  redis: Redis | undefined,
): ActionLimits['takeMatchNotice'] {
  const interval = config.WISH_MATCH_NOTICE_INTERVAL_SECONDS;
  if (interval <= 0) return () => Promise.resolve(true);
  const notices = limiter(redis, {
    keyPrefix: 'couple-wish-match-notice',
    points: 1,
    duration: interval,
  });
  return (userId) => takeIfWithin(notices, userId);
}

export function createActionLimits(config: Config, redis?: Redis): ActionLimits {
  const takeDesire = refusingBudget(
    redis,
    {
      keyPrefix: 'couple-desires-per-minute',
      points: config.RATE_LIMIT_DESIRES_PER_MINUTE,
      duration: 60,
    },
    'desire_rate_limited',
  );
  const takeResetEmail = refusingBudget(
    redis,
    { keyPrefix: 'couple-reset-emails', points: PASSWORD_RESET_EMAILS_PER_HOUR, duration: 60 * 60 },
    'reset_emails_limited',
  );
  const takeRound = minuteAndHourBudget(redis, {
    keyPrefix: 'couple-wish-rounds',
    perMinute: WISH_ROUNDS_PER_MINUTE,
    perHour: WISH_ROUNDS_PER_HOUR,
    code: 'wish_rounds_limited',
  });
  const takeBackup = minuteAndHourBudget(redis, {
    keyPrefix: 'couple-wish-backups',
    perMinute: WISH_BACKUP_WRITES_PER_MINUTE,
    perHour: WISH_BACKUP_WRITES_PER_HOUR,
    code: 'wish_backups_limited',
  });

  return {
    takeDesire,
    ...signInLimits(config, redis),
    takeResetEmail: (email) => takeResetEmail(accountKey(email)),
    takeThought: thoughtLimit(redis),
    // One key for the pair, whichever of the two starts: neither sidesteps it.
    takeWishRound: (userId, partnerId) => takeRound([userId, partnerId].sort().join(':')),
    takeWishBackup: (userId) => takeBackup(userId),
    takeMatchNotice: matchNoticeLimit(config, redis),
  };
}

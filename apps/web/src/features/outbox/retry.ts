import type { ApiBody, ErrorCode } from '@couple/protocol';
import { ApiError } from '../../lib/api-errors.js';

interface Queued {
  id: string;
  userId: string;
  queuedAt: number;
  attempts: number;
  nextAttemptAt: number;
  /** The bearer token at the last attempt, for the service worker's Background Sync. */
  accessToken: string | null;
  /** Set once the server refused it: shown with a way to discard it, never retried. */
  failure: { text: string; code: ErrorCode | null } | null;
}

/**
 * A desire sealed and waiting in IndexedDB; `id` is its idempotent client id. `kind` is absent
 * on desires queued before answers could wait too.
 */
export interface QueuedDesire extends Queued {
  kind?: 'desire';
  desire: ApiBody<'sendDesire'>;
}

/** An answer waiting to be sent; one per desire (`answer:<id>`): a newer choice replaces it. */
export interface QueuedAnswer extends Queued {
  kind: 'answer';
  messageId: string;
  /** The desire's sender, to whom the note is sealed (absent on answers queued before it was kept). */
  askerId?: string;
  answer: ApiBody<'answerDesire'>;
}

export type OutboxItem = QueuedDesire | QueuedAnswer;

export const isQueuedAnswer = (item: OutboxItem): item is QueuedAnswer => item.kind === 'answer';
export const answerItemId = (messageId: string) => `answer:${messageId}`;

const BACKOFF_BASE_MS = 2_000;
const BACKOFF_MAX_MS = 5 * 60_000;

/**
 * No answer, a server error, a timeout or rate limit, or an expired session may pass: keep it.
 * Any other refusal would be refused again with the same body: final.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  const { status } = error;
  return status >= 500 || status === 408 || status === 429 || status === 401;
}

/** 2 s, 4 s, 8 s … up to 5 minutes. */
export function backoffMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/** The items still to send, oldest first (the order they were written in). */
export function pendingInOrder(items: readonly OutboxItem[]): OutboxItem[] {
  return items.filter((item) => item.failure === null).sort((a, b) => a.queuedAt - b.queuedAt);
}

function fresh(id: string, userId: string, accessToken: string | null, now: number): Queued {
  return { id, userId, queuedAt: now, attempts: 0, nextAttemptAt: now, accessToken, failure: null };
}

export function newOutboxItem(
  userId: string,
  desire: ApiBody<'sendDesire'>,
  accessToken: string | null,
  now: number,
): QueuedDesire {
  return { ...fresh(desire.id ?? '', userId, accessToken, now), kind: 'desire', desire };
}

export function newAnswerItem(
  userId: string,
  desire: { id: string; senderId: string },
  answer: ApiBody<'answerDesire'>,
  accessToken: string | null,
  now: number,
): QueuedAnswer {
  const id = answerItemId(desire.id);
  return {
    ...fresh(id, userId, accessToken, now),
    kind: 'answer',
    messageId: desire.id,
    askerId: desire.senderId,
    answer,
  };
}

/** The item after a failed attempt: queued again later, or marked refused. */
export function afterFailure<T extends OutboxItem>(item: T, error: unknown, now: number): T {
  if (!isRetryable(error)) {
    const text = error instanceof Error ? error.message : String(error);
    const code = error instanceof ApiError ? error.code : null;
    return { ...item, failure: { text, code } };
  }
  const attempts = item.attempts + 1;
  return { ...item, attempts, nextAttemptAt: now + backoffMs(attempts) };
}

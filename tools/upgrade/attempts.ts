// What each request of the test's clients came to, as the client sees it, and which of those a
// rolling upgrade may cause. Nothing is left out of the record: the report counts every class.
import type { Ack } from '@couple/protocol';

export type Outcome =
  /** 2xx, or an ack with ok: true. */
  | 'ok'
  /** 503 `server_busy`: load shed, nothing done; sent again after Retry-After. */
  | 'server_busy'
  /** 503 `service_unavailable` from an instance that is closing (its text says shutting down). */
  | 'shutting_down'
  /** Nothing listens on the port: between the old instance's exit and the new one's start. */
  | 'refused'
  /** The connection closed under the request: its outcome is unknown, so it is sent again. */
  | 'reset'
  /** The socket went away before the ack: the outcome is unknown, so it is sent again. */
  | 'no_ack'
  /** Anything else (another status or code, a timeout): always a failure. */
  | 'other';

export interface Attempt {
  surface: 'http' | 'socket';
  what: 'send' | 'read';
  /** The instance's port the client used. */
  port: number;
  startedAt: number;
  endedAt: number;
  outcome: Outcome;
  detail: string;
}

/** One instance being replaced: from its SIGTERM until its successor answers healthy. */
export interface Swap {
  /** "old 1 → new 1". */
  name: string;
  port: number;
  /** The release of the instance stopped. */
  from: 'previous' | 'this';
  stoppingAt: number;
  readyAt?: number;
}

/** Whether the attempt was under way while the instance on its port was being replaced. */
export function duringSwap(attempt: Pick<Attempt, 'port' | 'startedAt' | 'endedAt'>, swap: Swap) {
  return (
    swap.port === attempt.port &&
    attempt.endedAt >= swap.stoppingAt &&
    attempt.startedAt <= (swap.readyAt ?? Infinity)
  );
}

/**
 * Whether a rolling upgrade explains this outcome. `server_busy` may come at any time; the rest
 * only from the port being swapped, while it is. That includes a request sent just before the
 * SIGTERM on a kept-alive connection which the closing server, not having read it yet, closed as
 * idle: HTTP/1.1 leaves that race to the client. Whether the closing instance stored what it did
 * not answer is checked apart (verify.ts).
 */
export function explained(attempt: Attempt, swaps: readonly Swap[]): boolean {
  if (attempt.outcome === 'ok' || attempt.outcome === 'server_busy') return true;
  if (attempt.outcome === 'other') return false;
  return swaps.some((swap) => duringSwap(attempt, swap));
}

/** The outcome of a refusal, by its error code (clients decide by the code, never the text). */
function refusal(code: string | undefined): Outcome {
  if (code === 'server_busy') return 'server_busy';
  if (code === 'service_unavailable') return 'shutting_down';
  return 'other';
}

export async function classifyResponse(
  response: Response,
): Promise<{ outcome: Outcome; detail: string; body: unknown; retryAfterS?: number }> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text for the report.
  }
  const code = (body as { code?: string } | null)?.code;
  const retryAfter = Number(response.headers.get('retry-after'));
  return {
    outcome: response.ok ? 'ok' : refusal(code),
    detail: `${response.status} ${code ?? text.slice(0, 80)}`,
    body,
    retryAfterS: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  };
}

/** A fetch that threw: the cause's code says whether the connection was refused or lost. */
export function classifyFetchError(error: unknown): { outcome: Outcome; detail: string } {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? (error as Error).name;
  if (code === 'ECONNREFUSED') return { outcome: 'refused', detail: code };
  if (['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'].includes(code))
    return { outcome: 'reset', detail: code };
  return { outcome: 'other', detail: `${code}: ${cause?.message ?? (error as Error).message}` };
}

export function classifyAck(ack: Ack<unknown>): { outcome: Outcome; detail: string } {
  if (ack.ok) return { outcome: 'ok', detail: 'ack ok' };
  return { outcome: refusal(ack.code), detail: `ack ${ack.code}` };
}

/** emitWithAck's rejections: the socket closed under it, or no answer in time. */
export function classifyAckError(error: unknown): { outcome: Outcome; detail: string } {
  const message = (error as Error).message;
  return message === 'socket has been disconnected'
    ? { outcome: 'no_ack', detail: message }
    : { outcome: 'other', detail: message };
}

import type { ApiBody, Message } from '@couple/protocol';
import { call } from '../../lib/api.js';
import { SEND_ACK_TIMEOUT_MS } from '../../lib/constants.js';
import { logClientError } from '../../lib/client-errors.js';
import { LiveAckError, emitLive } from '../../lib/live.js';
import { uuid } from '../../lib/uuid.js';
import { sealNoteWith, type NoteSeal } from '../keys/seal.js';
import { enqueueDesire, hasWaiting, queueOrThrow } from '../outbox/outbox.js';
import { isRetryable } from '../outbox/retry.js';

export interface DesireDraft {
  userId: string;
  partnerId: string;
  intensity: number;
  urgency: number;
  note: string;
  seal: NoteSeal;
}

/**
 * The SPEC §3 live shape. A v1 note that fails to encrypt goes plain (SPEC §8); a v2 one is
 * never sent plain.
 */
export async function buildDesire(draft: DesireDraft): Promise<ApiBody<'sendDesire'>> {
  const note = draft.note.trim();
  const id = uuid();
  const desire: ApiBody<'sendDesire'> = {
    id,
    receiverId: draft.partnerId,
    intensity: draft.intensity,
    urgency: String(draft.urgency),
    content: note === '' ? null : note,
    encrypted: false,
    encryptionData: null,
  };
  if (note === '') return desire;
  const context = { messageId: id, senderId: draft.userId, receiverId: draft.partnerId };
  try {
    const sealed = await sealNoteWith(draft.seal, note, context);
    return { ...desire, ...sealed, encrypted: true };
  } catch (error) {
    // No plain-text fallback for v2: the server refuses anything else between keyed partners.
    if (draft.seal.kind === 'legacy') return desire;
    throw error;
  }
}

const browserKnowsItIsOffline = () => globalThis.navigator?.onLine === false;

export type SendResult = { kind: 'sent'; message: Message } | { kind: 'queued' };

/**
 * Sends over the live channel and resolves once the server acknowledged the stored row. A dead
 * socket, a missing acknowledgement or a busy server falls back to POST /api/messages with the
 * same id, so the desire is stored once at most (a browser that knows it is offline goes straight
 * to HTTP); a refusal by the server is final. No answer at all (offline, server unreachable, 5xx,
 * 429) keeps the sealed desire in the outbox, as does an outbox that still holds older ones (they
 * go first).
 */
export async function sendDesire(draft: DesireDraft): Promise<SendResult> {
  const desire = await buildDesire(draft);
  if (await hasWaiting(draft.userId)) {
    await enqueueDesire(draft.userId, desire);
    return { kind: 'queued' };
  }
  // Offline, the socket may not know it is dead yet and would wait out the acknowledgement; the
  // HTTP attempt fails at once (or goes through, should the browser be wrong about it).
  if (!browserKnowsItIsOffline()) {
    try {
      return {
        kind: 'sent',
        message: (await emitLive('sendDesire', desire, SEND_ACK_TIMEOUT_MS)).message,
      };
    } catch (error) {
      // A refusal is final, except the server's "busy" (load shed): that one is tried again.
      if (error instanceof LiveAckError && error.code !== 'server_busy') throw error;
      logClientError('send_message', error);
    }
  }
  try {
    return { kind: 'sent', message: (await call('sendDesire', { body: desire })).message };
  } catch (error) {
    if (!isRetryable(error)) throw error;
    logClientError('send_message_http', error);
    await queueOrThrow(() => enqueueDesire(draft.userId, desire), error);
    return { kind: 'queued' };
  }
}

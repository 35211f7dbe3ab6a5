import type { ApiBody } from '@couple/protocol';
import { newOutboxItem, type QueuedDesire } from './retry.js';

/** A plain desire to the partner, queued by `userId` at `queuedAt`, for the outbox's tests. */
export const queuedDesire = (id: string, queuedAt: number, userId = 'me'): QueuedDesire =>
  newOutboxItem(
    userId,
    {
      id,
      receiverId: 'p',
      intensity: 1,
      urgency: '2',
      content: null,
      encrypted: false,
      encryptionData: null,
    } satisfies ApiBody<'sendDesire'>,
    null,
    queuedAt,
  );

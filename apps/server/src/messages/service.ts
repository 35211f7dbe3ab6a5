import { isDeepStrictEqual } from 'node:util';
import { type ListMessagesQuery, type Message, type NewDesire } from '@couple/protocol';
import type { AppContext } from '../context.js';
import { decideDelivery } from '../delivery/decide.js';
import { HttpError } from '../errors.js';
import * as repo from './repository.js';

export interface SendResult {
  message: Message;
  /** True when this id was already stored by the same sender: a retry, delivered once. */
  duplicate: boolean;
}

function sameDesire(stored: Message, input: NewDesire): boolean {
  return (
    stored.intensity === input.intensity &&
    stored.urgency === input.urgency &&
    stored.encrypted === input.encrypted &&
    stored.note === input.note &&
    stored.note_encrypted === input.noteEncrypted &&
    // jsonb keeps its own key order, so compare values, not spellings.
    isDeepStrictEqual(stored.encryption_data, input.encryptionData)
  );
}

/** Sends a desire to the caller's current partner; idempotent on the client's id. */
export async function sendDesire(
  ctx: AppContext,
  userId: string,
  input: NewDesire,
): Promise<SendResult> {
  await ctx.limits.takeDesire(userId);
  // Queued for the group commit is waiting for the database: the load gauge counts it.
  const sent = await ctx.load.track(() => ctx.sendBatcher.send(userId, input));
  switch (sent.outcome) {
    case 'no_partner':
      throw new HttpError('no_connected_partner');
    case 'not_partner':
      throw new HttpError('not_partner');
    case 'upgrade_required':
      throw new HttpError('encryption_upgrade_required');
    case 'key_changed':
      throw new HttpError('partner_key_changed');
    case 'existing': {
      const stored = sent.message;
      if (!stored || stored.sender_id !== userId || !sameDesire(stored, input)) {
        throw new HttpError('message_id_taken');
      }
      return { message: stored, duplicate: true };
    }
    case 'sent': {
      const { message, senderUsername } = sent;
      ctx.metrics.desireAccepted();
      const receiver = decideDelivery('desire', sent.receiver, ctx.clock.now());
      ctx.events.emit('desireSent', { message, senderUsername, receiver });
      return { message, duplicate: false };
    }
  }
}

export function listReceivedMessages(ctx: AppContext, userId: string, query: ListMessagesQuery) {
  return ctx.db.asUser(userId, (tx) => repo.listReceived(tx, userId, query));
}

export function listSentMessages(
  ctx: AppContext,
  userId: string,
  page: { limit: number; before?: string },
) {
  return ctx.db.asUser(userId, (tx) => repo.listSent(tx, userId, page));
}

export function getUnreadCount(ctx: AppContext, userId: string): Promise<number> {
  return ctx.db.asUser(userId, (tx) => repo.countUnread(tx, userId));
}

/**
 * Marks received messages read: the given ids, or all when none are given. The reader's unread
 * count that their devices are told is counted in the same transaction.
 */
export async function markMessagesRead(
  ctx: AppContext,
  userId: string,
  ids?: string[],
): Promise<{ ids: string[]; count: number }> {
  const { marked, unread } = await ctx.db.asUser(userId, async (tx) => {
    if (ids?.length === 1 && !(await repo.isReceivedBy(tx, ids[0]!, userId))) {
      throw new HttpError('message_not_found');
    }
    const rows = await repo.markRead(tx, userId, ids);
    return { marked: rows, unread: rows.length > 0 ? await repo.countUnread(tx, userId) : 0 };
  });
  const bySender = new Map<string, string[]>();
  for (const row of marked)
    bySender.set(row.sender_id, [...(bySender.get(row.sender_id) ?? []), row.id]);
  for (const [senderId, senderIds] of bySender) {
    ctx.events.emit('messagesRead', {
      readerId: userId,
      senderId,
      ids: senderIds,
      all: ids === undefined,
      readerUnread: unread,
    });
  }
  const markedIds = marked.map((row) => row.id);
  return { ids: markedIds, count: markedIds.length };
}

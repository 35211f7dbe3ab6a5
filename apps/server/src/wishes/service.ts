import {
  WISH_CUSTOM_MAX,
  type ApiParsedBody,
  type WishItem,
  type WishesState,
} from '@couple/protocol';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/index.js';
import { HttpError } from '../errors.js';
import * as repo from './repository.js';
import { checkSealedToCouple, createOnce, sameBlob } from './sealed.js';

/** The caller's couple, locked for this transaction; without a partner there is none. */
export interface Couple extends repo.CoupleKeys {
  partnerId: string;
}

/**
 * Reads the caller's partner and keys, refuses without a partner, and takes the couple's lock,
 * so that two writes of one couple (two offers, two items at the limit) go one after another.
 */
export async function lockedCouple(tx: Queryable, userId: string): Promise<Couple> {
  const keys = await repo.selectCoupleKeys(tx, userId);
  const { partnerId } = keys;
  if (partnerId === null) throw new HttpError('no_connected_partner');
  await repo.lockCouple(tx, userId, partnerId);
  return { ...keys, partnerId };
}

/** After the commit, both partners' devices refetch (live channel; never what changed). */
export function tellCouple(
  ctx: AppContext,
  userId: string,
  partnerId: string,
  reason: 'item' | 'round' | 'matches',
): void {
  ctx.events.emit('wishesChanged', { userIds: [userId, partnerId], reason });
}

/** Everything of the couple's wishes a device needs; without a partner, nothing. */
export function getWishes(ctx: AppContext, userId: string): Promise<WishesState> {
  return ctx.db.asUser(userId, async (tx) => ({
    items: await repo.selectItems(tx),
    rounds: await repo.selectRounds(tx),
    matches: await repo.selectOwnMatchSet(tx, userId),
  }));
}

/**
 * A partner adds a wish of their own, its text sealed to both partners. The same id with the
 * same text again answers the stored item (a retry); with another text, or anyone else's id,
 * it is taken. The couple holds at most WISH_CUSTOM_MAX items, both partners' together.
 */
export async function proposeWish(
  ctx: AppContext,
  userId: string,
  body: ApiParsedBody<'proposeWish'>,
): Promise<WishItem> {
  const { row, created, partnerId } = await ctx.db.asUser(userId, async (tx) => {
    const couple = await lockedCouple(tx, userId);
    const once = await createOnce(
      await repo.selectItem(tx, body.id),
      (stored) => stored.proposer_id === userId && sameBlob(stored.text, body.text),
      async () => {
        checkSealedToCouple(couple, [body.text]);
        if ((await repo.countItems(tx)) >= WISH_CUSTOM_MAX) throw new HttpError('wish_list_full');
        return repo.insertItem(tx, {
          id: body.id,
          proposerId: userId,
          partnerId: couple.partnerId,
          text: body.text,
        });
      },
    );
    return { ...once, partnerId: couple.partnerId };
  });
  if (created) tellCouple(ctx, userId, partnerId, 'item');
  return row;
}

/** The proposer withdraws their own wish; anyone else's, or one gone, is not found. */
export async function withdrawWish(ctx: AppContext, userId: string, id: string): Promise<void> {
  const partnerId = await ctx.db.asUser(userId, async (tx) => {
    const { partnerId: partner } = await repo.selectCoupleKeys(tx, userId);
    if (partner === null || !(await repo.deleteOwnItem(tx, id))) {
      throw new HttpError('wish_not_found');
    }
    return partner;
  });
  tellCouple(ctx, userId, partnerId, 'item');
}

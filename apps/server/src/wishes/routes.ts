import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { contractRoutes } from '../http/contract-route.js';
import { getWishes, proposeWish, withdrawWish } from './service.js';
import { getWishBackup, putWishBackup } from './backup-service.js';
import {
  completeWishRound,
  finishWishRound,
  replyWishRound,
  startWishRound,
} from './round-service.js';

/**
 * Wishes: the couple's custom wishes, the sealed rounds of private matching, and each person's
 * sealed backup of their own answers.
 */
export const wishRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const route = contractRoutes(app, ctx.config);
  route('getWishes', async ({ user }) => getWishes(ctx, user.userId));
  route('proposeWish', async ({ user, body }) => proposeWish(ctx, user.userId, body));
  route('withdrawWish', async ({ user, params }) => {
    await withdrawWish(ctx, user.userId, params.id);
    return undefined;
  });
  route('startWishRound', async ({ user, body }) => startWishRound(ctx, user.userId, body));
  route('replyWishRound', async ({ user, params, body }) =>
    replyWishRound(ctx, user.userId, params.id, body),
  );
  route('finishWishRound', async ({ user, params, body }) =>
    finishWishRound(ctx, user.userId, params.id, body),
  );
  route('completeWishRound', async ({ user, params, body }) => {
    await completeWishRound(ctx, user.userId, params.id, body);
    return undefined;
  });
  route('getWishBackup', async ({ user }) => getWishBackup(ctx, user.userId));
  route('putWishBackup', async ({ user, body }) => putWishBackup(ctx, user.userId, body));
};

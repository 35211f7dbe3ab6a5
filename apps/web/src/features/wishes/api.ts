import { call } from '../../lib/api.js';
import type { WishBackupApi } from './backup-sync.js';
import type { WishesApi } from './engine-context.js';

/**
 * The wishes routes (packages/protocol contract/wishes-api.ts). No answer is ever sent, but in
 * the backup sealed to the person's own key.
 */
export const wishesApi: WishesApi = {
  getWishes: () => call('getWishes'),
  proposeWish: (body) => call('proposeWish', { body }),
  withdrawWish: (id) => call('withdrawWish', { params: { id } }),
  startWishRound: (body) => call('startWishRound', { body }),
  replyWishRound: (id, body) => call('replyWishRound', { params: { id }, body }),
  finishWishRound: (id, body) => call('finishWishRound', { params: { id }, body }),
  completeWishRound: (id, body) => call('completeWishRound', { params: { id }, body }),
};

/** The person's sealed backup of their answers (backup-sync.ts). */
export const wishBackupApi: WishBackupApi = {
  getWishBackup: () => call('getWishBackup'),
  putWishBackup: (body) => call('putWishBackup', { body }),
};

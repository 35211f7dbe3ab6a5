import type { LinkCarried } from '../features/keys/link-carried.js';

/** The wishes' part of a device link, loaded with the link's code (zod stays out of startup). */
const transfer = () => import('../features/wishes/snapshot-transfer.js');

export const APP_LINK_CARRIED: LinkCarried = {
  gatherWishes: async (userId) => (await transfer()).exportWishSnapshot(userId),
  adoptWishes: async (userId, wishes) => (await transfer()).importWishSnapshot(userId, wishes),
};

import type { QueryClient } from '@tanstack/react-query';
import type { PartnerStatusResponse } from '@couple/protocol';
import { TEXTS, TIMEOUTS_MS } from '@couple/protocol/browser';
import { call } from '../../lib/api.js';
import { STORAGE_KEYS } from '../../lib/constants.js';
import { readStorage, writeStorage } from '../../lib/storage.js';
import { TimeoutError, withTimeout } from '../../lib/timeout.js';
import { partnerKeys } from '../pairing/queries.js';

/**
 * SPEC §4 send: the partner id from the query cache or the per-user local cache, else fetched
 * within 3 s; a slower answer asks the user to try again (the fetch goes on and fills the cache).
 */
export async function resolvePartnerId(queryClient: QueryClient, userId: string): Promise<string> {
  const key = STORAGE_KEYS.partnerId(userId);
  const cached = queryClient.getQueryData<PartnerStatusResponse>(partnerKeys.status());
  if (cached?.has_partner && cached.partner) {
    writeStorage(key, cached.partner.id);
    return cached.partner.id;
  }
  const stored = readStorage(key);
  if (stored) return stored;

  const fetching = call('getPartnerStatus').then((status) => {
    queryClient.setQueryData(partnerKeys.status(), status);
    if (status.has_partner && status.partner) writeStorage(key, status.partner.id);
    return status;
  });
  try {
    const status = await withTimeout(fetching, TIMEOUTS_MS.partnerLoad);
    if (status.has_partner && status.partner) return status.partner.id;
  } catch (error) {
    if (error instanceof TimeoutError) throw new Error(TEXTS.partnerLoading);
    throw error;
  }
  throw new Error(TEXTS.noConnectedPartner);
}

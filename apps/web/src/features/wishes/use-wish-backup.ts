import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { WishesState } from '@couple/protocol';
import { isCatalogWishId } from '@couple/protocol/browser';
import { logClientError } from '../../lib/client-errors.js';
import { useDeviceKeys } from '../keys/queries.js';
import { useKeys } from '../keys/use-keys.js';
import { isNetworkFailure } from '../offline/network.js';
import { wishBackupApi } from './api.js';
import { wishBackupSync, type WishBackupReason } from './backup-sync.js';
import { WISH_BACKUP_DEBOUNCE_MS } from './constants.js';
import { deviceWishStore, subscribeDeviceWishes } from './device-store.js';
import { customIdsOf, debouncer } from './engine.js';
import { lazyWishCrypto } from './lazy-crypto.js';
import {
  readWishPreferences,
  subscribeWishPreferences,
  writeWishPreferences,
} from './preferences.js';
import { wishesKeys } from './queries.js';

/** The couple's custom wish ids per fetched state: asked once per answer of a backup. */
const customIds = new WeakMap<WishesState, ReadonlySet<string>>();

function isCustomOnList(state: WishesState | undefined, id: string): boolean {
  if (!state) return false;
  let ids = customIds.get(state);
  if (!ids) {
    ids = customIdsOf(state);
    customIds.set(state, ids);
  }
  return ids.has(id);
}

/** The running sync's "read it now", for the Wishes screen. */
const pulls = new Set<() => void>();

/** The Wishes screen opened: take in what the person's other devices wrote. */
export function usePullWishBackup(): void {
  useEffect(() => pulls.forEach((pull) => pull()), []);
}

/**
 * Keeps the person's answers and wish settings the same on all their devices (issue 39;
 * backup-sync.ts), mounted once with the rounds (use-wish-rounds.ts): reads the backup when the
 * app starts, comes back to the foreground or the Wishes screen opens, and writes it a couple of
 * seconds after a change here. Only on a device that holds the account's current key.
 */
export function useWishBackup(): void {
  const queryClient = useQueryClient();
  const keys = useKeys();
  const userId = keys.userId;
  const current = keys.state?.status === 'ready' ? keys.state.current : null;
  const identities = useDeviceKeys(userId).data?.identities;

  const sync = useMemo(() => {
    if (!userId || !current) return null;
    return wishBackupSync({
      userId,
      identity: current,
      identities: identities ?? [current],
      store: deviceWishStore,
      readPreferences: readWishPreferences,
      writePreferences: writeWishPreferences,
      api: wishBackupApi,
      crypto: lazyWishCrypto,
      // The couple's custom wishes as last fetched; without them, custom answers may yield room.
      onList: (id) =>
        isCatalogWishId(id) ||
        isCustomOnList(queryClient.getQueryData<WishesState>(wishesKeys.state()), id),
      now: () => Date.now(),
      onError: (context, error) => logClientError(context, error),
    });
  }, [userId, current, identities, queryClient]);

  useEffect(() => {
    if (!sync) return;
    const run = (reason: WishBackupReason) =>
      void sync.run(reason).catch((error: unknown) => {
        if (!isNetworkFailure(error)) logClientError('wish_backup', error);
      });
    const change = debouncer(WISH_BACKUP_DEBOUNCE_MS, () => run('change'));
    const pull = () => run('load');
    const onVisible = () => {
      if (document.visibilityState === 'visible') pull();
    };
    pulls.add(pull);
    globalThis.document?.addEventListener('visibilitychange', onVisible);
    const stops = [
      subscribeDeviceWishes(change.schedule),
      subscribeWishPreferences(change.schedule),
    ];
    pull();
    return () => {
      change.cancel();
      pulls.delete(pull);
      globalThis.document?.removeEventListener('visibilitychange', onVisible);
      stops.forEach((stop) => stop());
    };
  }, [sync]);
}

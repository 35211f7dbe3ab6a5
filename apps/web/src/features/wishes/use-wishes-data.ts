import { useEffect } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { emptyDeviceWishes, subscribeDeviceWishes } from './device-store.js';
import { openCustomWishes, openOwnMatches } from './engine-open.js';
import { lazyWishCrypto } from './lazy-crypto.js';
import { wishesKeys } from './queries.js';
import { wishStore, type WishEngine } from './use-engine-context.js';

/** This device's answers, read again whenever any tab of this browser changes them. */
export function useDeviceWishes(userId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeDeviceWishes(() => {
        void queryClient.invalidateQueries({ queryKey: [...wishesKeys.all, 'device'] });
      }),
    [queryClient],
  );
  return useQuery({
    queryKey: wishesKeys.device(userId ?? ''),
    queryFn: () => wishStore.load(userId ?? ''),
    enabled: userId !== undefined,
    staleTime: Infinity,
    placeholderData: userId ? emptyDeviceWishes(userId) : undefined,
  });
}

/** The custom wishes' texts and the person's own matches, opened on this device. */
export function useOpenedWishes(engine: WishEngine) {
  const { state, stateAt, openKeys, userId } = engine;
  const keysSignature = openKeys
    ? [
        ...openKeys.identities.map((identity) => identity.keyId),
        ...openKeys.trustedPartnerKeys.keys(),
      ].join()
    : '';
  return useQuery({
    queryKey: wishesKeys.opened(userId ?? '', stateAt, keysSignature),
    queryFn: async () => {
      if (!state || !openKeys) return { custom: [], matches: [] };
      const onError = (error: unknown) => engine.ctx?.onError('wish_open', error);
      const [custom, matches] = await Promise.all([
        openCustomWishes(lazyWishCrypto, openKeys, state.items, onError),
        openOwnMatches(lazyWishCrypto, openKeys, state.matches).catch((error: unknown) => {
          onError(error);
          return [];
        }),
      ]);
      return { custom, matches };
    },
    enabled: state !== undefined && openKeys !== null,
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}

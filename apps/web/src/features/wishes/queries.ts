import { useQuery } from '@tanstack/react-query';
import { wishesApi } from './api.js';

export const wishesKeys = {
  all: ['wishes'] as const,
  /** GET /api/wishes: custom wishes (sealed), open rounds, the own sealed match list. */
  state: () => [...wishesKeys.all, 'state'] as const,
  /** This device's answers and round records (IndexedDB: device-store.ts). */
  device: (userId: string) => [...wishesKeys.all, 'device', userId] as const,
  /** What this device opened of that state, per account and set of keys. */
  opened: (userId: string, stateAt: number, keys: string) =>
    [...wishesKeys.all, 'opened', userId, stateAt, keys] as const,
};

/** Refetched on wishes_changed (use-wish-rounds.ts), on reconnect and when the app shows again. */
export function useWishesState(enabled: boolean) {
  return useQuery({
    queryKey: wishesKeys.state(),
    queryFn: wishesApi.getWishes,
    enabled,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
  });
}

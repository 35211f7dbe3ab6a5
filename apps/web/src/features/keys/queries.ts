import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.js';
import { deriveKeyState, type KeyState } from './key-state.js';
import { loadDeviceState, loadIdentities } from './keyring.js';

export const keysKeys = {
  all: ['keys'] as const,
  server: () => [...keysKeys.all, 'server'] as const,
  history: () => [...keysKeys.all, 'history'] as const,
  device: (userId: string) => [...keysKeys.all, 'device', userId] as const,
  linkRequests: () => [...keysKeys.all, 'link-requests'] as const,
};

export function useServerKeys(enabled: boolean) {
  return useQuery({ queryKey: keysKeys.server(), queryFn: api.getKeys, enabled });
}

export function useKeyHistory(enabled: boolean) {
  return useQuery({ queryKey: keysKeys.history(), queryFn: api.getKeyHistory, enabled });
}

async function loadDeviceKeys(userId: string) {
  const [identities, device] = await Promise.all([loadIdentities(userId), loadDeviceState(userId)]);
  return { identities, device };
}

/** The device's keyring; IndexedDB may be missing (some private modes): the query then fails. */
export function useDeviceKeys(userId: string | undefined) {
  return useQuery({
    queryKey: keysKeys.device(userId ?? ''),
    queryFn: () => loadDeviceKeys(userId ?? ''),
    enabled: userId !== undefined,
    staleTime: Infinity,
  });
}

export function refreshKeys(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: keysKeys.all });
}

/**
 * The key state outside React: read afresh from the server and the device, or with `cached`
 * from what the app already holds (no request then, so it also works offline).
 */
export async function fetchKeyState(
  queryClient: QueryClient,
  userId: string,
  partnerId: string | null,
  { cached = false } = {},
): Promise<KeyState> {
  const staleTime = cached ? Infinity : 0;
  const [server, history, device] = await Promise.all([
    queryClient.fetchQuery({ queryKey: keysKeys.server(), queryFn: api.getKeys, staleTime }),
    queryClient.fetchQuery({ queryKey: keysKeys.history(), queryFn: api.getKeyHistory, staleTime }),
    queryClient.fetchQuery({
      queryKey: keysKeys.device(userId),
      queryFn: () => loadDeviceKeys(userId),
      staleTime,
    }),
  ]);
  return deriveKeyState(server, history, device.identities, device.device, partnerId);
}

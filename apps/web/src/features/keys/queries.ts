import { skipToken, useQuery, type QueryClient } from '@tanstack/react-query';
import type { IdentityKeysAnswer, KeyHistoryAnswer } from '@couple/protocol';
import type { Identity } from '@couple/protocol/browser';
import { call } from '../../lib/api.js';
import { deriveKeyState, ownKeyIdsOf, type KeyState } from './key-state.js';
import {
  appendPins,
  loadDeviceState,
  loadIdentities,
  loadPins,
  type DeviceKeyState,
  type PartnerKeyPin,
} from './keyring.js';
import { pinsToSettle } from './pins.js';

export const keysKeys = {
  all: ['keys'] as const,
  server: () => [...keysKeys.all, 'server'] as const,
  history: () => [...keysKeys.all, 'history'] as const,
  device: (userId: string) => [...keysKeys.all, 'device', userId] as const,
  linkRequests: () => [...keysKeys.all, 'link-requests'] as const,
  /** The pins settle again whenever the partner, the keys the server names or own keys change. */
  pins: (
    userId: string,
    partnerId: string | null,
    server: IdentityKeysAnswer | undefined,
    history: KeyHistoryAnswer | undefined,
    ownKeyIds: ReadonlySet<string>,
  ) =>
    [
      ...keysKeys.all,
      'pins',
      userId,
      partnerId,
      server?.partner?.key_id ?? null,
      history?.partner
        .map(
          (entry) =>
            `${entry.key_id}:${entry.rotation_signature ?? ''}:${entry.predecessor_signature ?? ''}`,
        )
        .join(),
      [...ownKeyIds].sort().join(),
    ] as const,
};

export function useServerKeys(enabled: boolean) {
  return useQuery({ queryKey: keysKeys.server(), queryFn: () => call('getIdentityKeys'), enabled });
}

export function useKeyHistory(enabled: boolean) {
  return useQuery({ queryKey: keysKeys.history(), queryFn: () => call('getKeyHistory'), enabled });
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

interface PinInputs {
  userId: string;
  partnerId: string | null;
  server: IdentityKeysAnswer;
  history: KeyHistoryAnswer;
  device: DeviceKeyState;
  identities: readonly Identity[];
}

/**
 * Appends what the server's keys call for (first use, signed rotations) and answers every pin.
 * Nothing while the device holds no key of the account: without one it has no trust anchor, so a
 * device waiting to be linked never pins the server's key on first use (the link brings the
 * approving device's pins; link-record.ts).
 */
async function settlePins(inputs: PinInputs): Promise<PartnerKeyPin[]> {
  const pins = await loadPins(inputs.userId);
  if (!inputs.partnerId || inputs.identities.length === 0) return pins;
  const context = {
    partnerId: inputs.partnerId,
    partner: inputs.server.partner,
    history: inputs.history.partner,
    pins,
    ownKeyIds: ownKeyIdsOf(inputs.server, inputs.history, inputs.identities),
  };
  const added = await pinsToSettle(context, inputs.device);
  await appendPins(inputs.userId, added);
  return [...pins, ...added];
}

function pinsQuery(inputs: PinInputs) {
  return {
    queryKey: keysKeys.pins(
      inputs.userId,
      inputs.partnerId,
      inputs.server,
      inputs.history,
      ownKeyIdsOf(inputs.server, inputs.history, inputs.identities),
    ),
    queryFn: () => settlePins(inputs),
  };
}

/** The device's pins of the partner's keys, settled against what the server names now. */
export function usePins(inputs: PinInputs | null) {
  return useQuery({
    queryKey: inputs ? pinsQuery(inputs).queryKey : [...keysKeys.all, 'pins'],
    queryFn: inputs ? pinsQuery(inputs).queryFn : skipToken,
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
    queryClient.fetchQuery({
      queryKey: keysKeys.server(),
      queryFn: () => call('getIdentityKeys'),
      staleTime,
    }),
    queryClient.fetchQuery({
      queryKey: keysKeys.history(),
      queryFn: () => call('getKeyHistory'),
      staleTime,
    }),
    queryClient.fetchQuery({
      queryKey: keysKeys.device(userId),
      queryFn: () => loadDeviceKeys(userId),
      staleTime,
    }),
  ]);
  const pins = await queryClient.fetchQuery({
    ...pinsQuery({
      userId,
      partnerId,
      server,
      history,
      device: device.device,
      identities: device.identities,
    }),
    staleTime,
  });
  return deriveKeyState(server, history, device.identities, device.device, partnerId, pins);
}

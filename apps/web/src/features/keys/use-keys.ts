import { useEffect, useMemo } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createIdentity, SERVER_EVENTS, type Identity } from '@couple/protocol/browser';
import { api } from '../../lib/api.js';
import { logClientError } from '../../lib/client-errors.js';
import { onLive } from '../../lib/live.js';
import { useSession } from '../../lib/use-session.js';
import { useProfile } from '../profile/queries.js';
import { setActiveKeys } from './active-keys.js';
import { deriveKeyState, type KeyState } from './key-state.js';
import { saveIdentity, updateDeviceState } from './keyring.js';
import { keysKeys, refreshKeys, useDeviceKeys, useKeyHistory, useServerKeys } from './queries.js';

export interface KeysView {
  userId: string | undefined;
  /** null while loading, or when this browser cannot keep keys (then `unavailable`). */
  state: KeyState | null;
  unavailable: boolean;
}

/** Stores the identity on the device first, then publishes it: a key is never only on the server. */
export async function adoptIdentity(
  queryClient: QueryClient,
  userId: string,
  identity: Identity,
): Promise<void> {
  await saveIdentity(userId, identity);
  await api.publishKey(identity.publicKey, identity.keyId);
  await refreshKeys(queryClient);
}

/** Remembers the partner's current key on this device: later keys of theirs are changes. */
export async function acceptPartnerKey(
  queryClient: QueryClient,
  userId: string,
  state: KeyState,
): Promise<void> {
  await updateDeviceState(userId, { acceptedPartnerKey: state.acceptedPartnerKey });
  await queryClient.invalidateQueries({ queryKey: keysKeys.device(userId) });
}

/** One first-key creation per page life, whichever components ask at once. */
let creating: Promise<void> | null = null;

function createFirstKey(queryClient: QueryClient, userId: string): void {
  creating ??= createIdentity()
    .then((identity) => adoptIdentity(queryClient, userId, identity))
    .catch((error: unknown) => logClientError('create_identity_key', error))
    .finally(() => {
      creating = null;
    });
}

/**
 * One publication at a time, and none while the first key is made (that one publishes itself):
 * the key state is derived again while the request is out, and would otherwise send it again.
 */
let publishing: Promise<void> | null = null;

function publishNewestKey(queryClient: QueryClient, identity: Identity): void {
  if (creating) return;
  publishing ??= api
    .publishKey(identity.publicKey, identity.keyId)
    .then(() => refreshKeys(queryClient))
    .catch((error: unknown) => logClientError('publish_identity_key', error))
    .finally(() => {
      publishing = null;
    });
}

/**
 * The account's end-to-end keys as this device sees them. Makes the first key on the first
 * sign-in and publishes a key the server lacks; everything else (linking, restoring, replacing)
 * is the person's choice on the key setup screen.
 */
export function useKeys(): KeysView {
  const userId = useSession()?.user.id;
  const queryClient = useQueryClient();
  const server = useServerKeys(userId !== undefined);
  const history = useKeyHistory(userId !== undefined);
  const device = useDeviceKeys(userId);
  const partnerId = useProfile().data?.partner_id ?? null;

  const state = useMemo(
    () =>
      server.data && history.data && device.data
        ? deriveKeyState(
            server.data,
            history.data,
            device.data.identities,
            device.data.device,
            partnerId,
          )
        : null,
    [server.data, history.data, device.data, partnerId],
  );

  useEffect(() => {
    if (device.isError) setActiveKeys({ identities: [], publicKeys: new Map() });
    if (!state || !device.data) return;
    setActiveKeys({ identities: device.data.identities, publicKeys: state.publicKeys });
  }, [state, device.data, device.isError]);

  useEffect(() => {
    if (!userId || !state) return;
    if (state.status === 'create') createFirstKey(queryClient, userId);
    if (state.partnerKeyUnseen) void acceptPartnerKey(queryClient, userId, state);
    const newest = device.data?.identities[0];
    if (state.status === 'publish' && newest) publishNewestKey(queryClient, newest);
  }, [userId, state, device.data, queryClient]);

  return { userId, state, unavailable: device.isError };
}

/** A partner's key change (or a new partner) reloads the keys everywhere. */
export function useKeysLiveSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const reload = () => void queryClient.invalidateQueries({ queryKey: keysKeys.all });
    const stops = [
      onLive(SERVER_EVENTS.partnerKeyChanged, reload),
      onLive(SERVER_EVENTS.partnerStatusUpdate, reload),
    ];
    return () => stops.forEach((stop) => stop());
  }, [queryClient]);
}

import { useEffect, useMemo } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  createIdentity,
  SERVER_EVENTS,
  signKeyPredecessor,
  signKeyRotation,
  type Identity,
} from '@couple/protocol/browser';
import { call } from '../../lib/api.js';
import { logClientError } from '../../lib/client-errors.js';
import { onLive } from '../../lib/live.js';
import { useSession } from '../../lib/use-session.js';
import { useProfile } from '../profile/queries.js';
import { setActiveKeys } from './active-keys.js';
import { deriveKeyState, type KeyState } from './key-state.js';
import { appendPins, loadIdentities, saveIdentity } from './keyring.js';
import { acceptancePins } from './pins.js';
import {
  keysKeys,
  refreshKeys,
  useDeviceKeys,
  useKeyHistory,
  usePins,
  useServerKeys,
} from './queries.js';

export interface KeysView {
  userId: string | undefined;
  /** null while loading, or when this browser cannot keep keys (then `unavailable`). */
  state: KeyState | null;
  unavailable: boolean;
}

type RotationSignatures = { rotation_signature: string; predecessor_signature: string };

/**
 * When this device holds the account's current key, it and its successor sign each other: the
 * current key signs the next one, so the partner's device can tell a rotation from a key made
 * without the old one, and the next key signs the current key's id, so a partner's device that
 * trusts only the next key can confirm the older one (docs/security.md, "Pinned partner keys").
 * A device vouches only for a key it held.
 */
async function rotationSignaturesFor(
  queryClient: QueryClient,
  userId: string,
  next: Identity,
): Promise<RotationSignatures | null> {
  const server = await queryClient.fetchQuery({
    queryKey: keysKeys.server(),
    queryFn: () => call('getIdentityKeys'),
    staleTime: 0,
  });
  const currentKeyId = server.own?.key_id;
  if (!currentKeyId || currentKeyId === next.keyId) return null;
  const previous = (await loadIdentities(userId)).find((held) => held.keyId === currentKeyId);
  if (!previous) return null;
  const [rotation_signature, predecessor_signature] = await Promise.all([
    signKeyRotation({ userId, previous, nextPublicKey: next.publicKey }),
    signKeyPredecessor({ userId, signer: next, predecessorKeyId: previous.keyId }),
  ]);
  return { rotation_signature, predecessor_signature };
}

/** Stores the identity on the device first, then publishes it: a key is never only on the server. */
export async function adoptIdentity(
  queryClient: QueryClient,
  userId: string,
  identity: Identity,
): Promise<void> {
  const signatures = await rotationSignaturesFor(queryClient, userId, identity);
  await saveIdentity(userId, identity);
  await call('publishIdentityKey', {
    body: { public_key: identity.publicKey, key_id: identity.keyId, ...signatures },
  });
  await refreshKeys(queryClient);
}

/**
 * Pins the partner's current key on this device (after the key-change warning, the rotation
 * notice, or with `verified` from the safety number): notes it seals show as end-to-end.
 */
export async function acceptPartnerKey(
  queryClient: QueryClient,
  userId: string,
  state: KeyState,
  reason: 'accepted' | 'verified' = 'accepted',
): Promise<void> {
  if (!state.pinContext) return;
  await appendPins(userId, await acceptancePins(state.pinContext, reason));
  await refreshKeys(queryClient);
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
  publishing ??= call('publishIdentityKey', {
    body: { public_key: identity.publicKey, key_id: identity.keyId },
  })
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
  const profile = useProfile().data;
  const partnerId = profile?.partner_id ?? null;
  // Without the profile the partner is unknown, and every note of theirs would look unconfirmed.
  const pins = usePins(
    userId && profile && server.data && history.data && device.data
      ? {
          userId,
          partnerId,
          server: server.data,
          history: history.data,
          device: device.data.device,
          identities: device.data.identities,
        }
      : null,
  );

  const state = useMemo(
    () =>
      server.data && history.data && device.data && pins.data
        ? deriveKeyState(
            server.data,
            history.data,
            device.data.identities,
            device.data.device,
            partnerId,
            pins.data,
          )
        : null,
    [server.data, history.data, device.data, partnerId, pins.data],
  );

  useEffect(() => {
    if (device.isError) {
      setActiveKeys({ identities: [], publicKeys: new Map(), trustedSenders: new Map() });
    }
    if (!state || !device.data) return;
    setActiveKeys({
      identities: device.data.identities,
      publicKeys: state.publicKeys,
      trustedSenders: state.trustedSenders,
    });
  }, [state, device.data, device.isError]);

  useEffect(() => {
    if (!userId || !state) return;
    if (state.status === 'create') createFirstKey(queryClient, userId);
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
